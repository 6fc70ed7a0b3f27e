/**
 * The screen names the server accepts (server/src/venuely/analytics/screens.py, a closed list:
 * anything else is dropped there; its generated copy types the lists below, so a name the server
 * would drop fails the type check) and how a path of the event router maps onto them. The room a
 * path names is the Place: a panorama scene, a fullscreen page's slug, a module's name.
 */

import type { TrackedScreen } from "@/lib/generated/analytics-screens";

/** The §2 route screens. */
export const ROUTE_SCREENS = [
  "start",
  "landing",
  "profile",
  "page",
  "iframe",
  "faq",
  "room",
  "central_plenary_01",
  "group_chat",
  "direct_chat",
  "direct_link",
  "auditorium",
  "breakoutroom",
  "cinema",
  "engagement",
  "helpdesk",
  "walloffame",
] as const satisfies readonly TrackedScreen[];

/** The screens attendee-app.md §2 names only through usage tracking. */
export const USAGE_SCREENS = ["chat", "agenda", "agenda_session", "speakers", "speaker", "cinema", "replays", "walloffame", "logout"] as const satisfies readonly TrackedScreen[];

export type RouteScreen = (typeof ROUTE_SCREENS)[number];
export type UsageScreen = (typeof USAGE_SCREENS)[number];

export interface Where {
  screen: RouteScreen;
  place: string | null;
}

/** Module paths: a page of their own unless the tour has a room of that name (then still this screen). */
const MODULES = new Set<string>(["auditorium", "breakoutroom", "cinema", "engagement", "helpdesk", "walloffame"]);
const FIXED = new Set<string>(["start", "landing", "profile", "iframe", "faq"]);
/** Paths outside the venue (login group, consent, policies): no page view, nobody is logged in there. */
const NOT_TRACKED = new Set<string>([
  "login",
  "sso-complete",
  "sign-out",
  "password-reset",
  "password-confirmation",
  "sign-up",
  "forgot-password",
  "reset-link-sent",
  "verify-email",
  "access-denied",
  "cookie-consent",
  "privacy-policy",
  "imprint",
  "terms",
]);

/** The server's Place pattern (screens.py PLACE_PATTERN): another value would lose the whole item. */
const PLACE = /^[\p{L}\p{N}_][\p{L}\p{N}_ .:/@#()+,-]{0,99}$/u;
const place = (value: string | undefined): string | null => (value !== undefined && PLACE.test(value) ? value : null);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The screen and place of a path inside the event (without the basename), or null for none. */
export function whereOf(pathname: string): Where | null {
  const parts = pathname.split("/").filter(Boolean).map(decode);
  const [first, second, third] = parts.map((p) => p.toLowerCase());
  if (first === undefined || NOT_TRACKED.has(first)) return null;
  if (parts.length === 1) {
    if (FIXED.has(first)) return { screen: first as RouteScreen, place: null };
    if (first === "central-plenary-01") return { screen: "central_plenary_01", place: first };
    if (MODULES.has(first)) return { screen: first as RouteScreen, place: first };
    return { screen: "room", place: place(parts[0]) };
  }
  if (first === "page" && parts.length === 2) return { screen: "page", place: place(parts[1]) };
  if (first === "chat" && (second === "group" || second === "direct") && third !== undefined && parts.length === 3) {
    return { screen: second === "group" ? "group_chat" : "direct_chat", place: null };
  }
  if (second === "directlink" && parts.length === 2) return { screen: "direct_link", place: null };
  return null;
}
