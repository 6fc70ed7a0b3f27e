/**
 * The only module that touches `sessionStorage` / `localStorage` (lint forbids them elsewhere).
 * Keys are the spec's (attendee-app.md §9). Every access is guarded: storage can throw
 * (private mode, quota, disabled cookies) and a broken storage must not break the app.
 */

export const storageKeys = {
  jwt: (eventID: string) => `jwt_${eventID}`,
  routerRoute: "meta_router_route",
  routerParam: "meta_router_param",
  angle: "pano_angle",
  consent: "cookie_consent",
  language: "language",
  /** The organizer console's token, apart from attendees' per-event ones. */
  consoleJwt: "console_jwt",
} as const;

type Area = "session" | "local";

function area(which: Area): Storage | null {
  try {
    return which === "session" ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage full or disabled: the value simply is not remembered.
  }
}

export function removeItem(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // as above
  }
}
