/**
 * What the start screen (HomeStart, attendee-app.md §2) shows, as pure functions of the session
 * list, the tour, the menu and the time: what is live, what starts next, where a session plays and
 * the way into the venue. The screen itself is `HomeStartPage.tsx`.
 */
import type { Session } from "@/features/sessions";
import type { MenuItem } from "@/features/events";
import { paths, rootRedirect } from "@/lib/routes";
import { nodeByID, roomSegment, type Tour, type TourNode } from "./tour";

/** How many sessions "starting next" lists: enough to plan the next hour or two, not an agenda. */
export const NEXT_COUNT = 4;

const begin = (s: Session) => Date.parse(s.DateBegin);
const end = (s: Session) => Date.parse(s.DateEnd);
const byBegin = (a: Session, b: Session) => begin(a) - begin(b) || a.ID.localeCompare(b.ID);

/**
 * Sessions in progress (begin ≤ now < end), earliest first. On-site sessions of a hybrid event
 * count too: they are live, there is just nothing to watch.
 */
export function liveNow(sessions: readonly Session[], now: number): Session[] {
  return sessions.filter((s) => begin(s) <= now && now < end(s)).sort(byBegin);
}

/** Sessions that have not begun yet, soonest first, at most `count`. */
export function startingNext(sessions: readonly Session[], now: number, count = NEXT_COUNT): Session[] {
  return sessions
    .filter((s) => Number.isFinite(end(s)) && begin(s) > now)
    .sort(byBegin)
    .slice(0, count);
}

/** The room each screen of the tour is in (a screen id names one screen of one node). */
export function screenRooms(tour: Tour | null): Map<string, TourNode> {
  const rooms = new Map<string, TourNode>();
  for (const node of tour?.nodes ?? []) for (const screen of node.screens) if (!rooms.has(screen.screenID)) rooms.set(screen.screenID, node);
  return rooms;
}

/**
 * Watching a session: its room, with the session as the query `id` — the same way a shared link
 * selects a session (§2: "a query id sets the selected session"); the room then starts it on its
 * screen if it is active (§4: starting by id).
 */
export function watchPath(room: TourNode, sessionID: string): string {
  return `/${encodeURIComponent(roomSegment(room))}?${new URLSearchParams({ id: sessionID }).toString()}`;
}

export type VenueEntry =
  | { kind: "default"; to: string; item: MenuItem }
  | { kind: "tour"; to: string; node: TourNode };

/**
 * The way into the venue: the event's default page (the menu item "/" leads to, when it is set
 * and opens a page), else the tour's start node; null when the event has neither.
 */
export function venueEntry(defaultPage: string | null | undefined, navigation: readonly MenuItem[], tour: Tour | null): VenueEntry | null {
  const target = rootRedirect(defaultPage, navigation);
  const item = navigation.find((n) => n.ID === defaultPage);
  if (item && target.to !== paths.start) return { kind: "default", to: target.to, item };
  const start = tour ? nodeByID(tour, tour.startNodeID) : null;
  return start ? { kind: "tour", to: `/${encodeURIComponent(roomSegment(start))}`, node: start } : null;
}
