export { Notifications } from "./Notifications";
export { notify, useNotifications, MAX_VISIBLE, DEFAULT_DURATION_MS } from "./store";
export type { NotificationType } from "./store";
