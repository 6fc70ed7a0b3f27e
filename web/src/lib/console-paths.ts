/**
 * The organizer console's place in the app (docs/subsystems/console.md): a first path segment
 * `manage` mounts the console router instead of looking up an event of that name, and these are
 * the paths inside it (relative to `/manage`). Kept tiny: bootstrap imports it before it knows
 * which router to mount.
 */

export const CONSOLE_SEGMENT = "manage";

/** True when the first path segment is `manage` (any case, as the event router treats paths). */
export function isConsolePath(pathname: string): boolean {
  const first = pathname.split("/").filter((s) => s !== "")[0] ?? "";
  return first.toLowerCase() === CONSOLE_SEGMENT;
}

export const consolePaths = {
  login: "/login",
  events: "/",
  newEvent: "/events/new",
  event: (eventID: string) => `/events/${encodeURIComponent(eventID)}`,
  eventSection: (eventID: string, section: string) =>
    section ? `/events/${encodeURIComponent(eventID)}/${section}` : `/events/${encodeURIComponent(eventID)}`,
  customers: "/customers",
  newCustomer: "/customers/new",
  customer: (customerID: string) => `/customers/${encodeURIComponent(customerID)}`,
  customerSection: (customerID: string, section: string) =>
    section ? `/customers/${encodeURIComponent(customerID)}/${section}` : `/customers/${encodeURIComponent(customerID)}`,
  eventRequests: "/event-requests",
  /** Public: an invited admin chooses a password here (`?loginEMail=&token=`, the mail's link). */
  setPassword: "/set-password",
} as const;

/** Where an event opens for attendees (outside the console router). */
export function attendeeUrl(internalName: string): string {
  return `/${encodeURIComponent(internalName)}`;
}
