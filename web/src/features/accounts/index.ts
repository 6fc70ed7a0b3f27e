export { useSession, initSession, storeToken, clearToken, currentToken } from "./session";
export { parseToken } from "./token";
export { getPerson } from "./api/get-person";
export type { Person } from "./api/get-person";
export { usePersonStore } from "./person-store";
export { browserShift, browserZone, displayZone, hasChosenZone, shiftName, TIMEZONE_SHIFTS, timezoneFields, useDisplayZone, zoneOfShift } from "./timezone";
