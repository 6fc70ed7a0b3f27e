export { useSession, initSession, storeToken, clearToken, currentToken } from "./session";
export { parseToken } from "./token";
export { getPerson } from "./api/get-person";
export type { Person } from "./api/get-person";
export { usePersonStore } from "./person-store";
export { browserShift, browserZone, displayZone, hasChosenZone, shiftName, TIMEZONE_SHIFTS, timezoneFields, useDisplayZone, zoneOfShift } from "./timezone";
// Setting a password from a mailed link (the console's set-password page for invited admins).
export { resetPassword } from "./api/reset-password";
export { Reason, reasonMessageKey } from "./reasons";
export type { MessageKey } from "./reasons";
export { validateNewPassword } from "./validation";
export type { ValidationKey } from "./validation";
