/**
 * A venue that knows the schedule: what a screen, a room or a menu item leading to a room should
 * say about the sessions shown there — "live now", or "starts in N min" when the next one is
 * near. Pure functions of the session list and the time; the components re-run them as the clock
 * moves (`useNow`) and as the list changes (ACTIVITY_SYNC_NOTIFY updates the sessions store).
 */
import { isActive, type Session } from "@/features/sessions";
import type { Tour, TourNode } from "./tour";

/**
 * How far ahead "starts in N min" looks. An hour is the horizon a person walking the venue plans
 * in; beyond it the agenda says more than a badge could.
 */
export const SOON_MINUTES = 60;

/** How often the badges are recomputed: a minute count must not lag by more than this. */
export const SCHEDULE_CLOCK_MS = 15_000;

export type ScheduleStatus = { kind: "live"; session: Session } | { kind: "soon"; session: Session; minutes: number };

const begin = (s: Session) => Date.parse(s.DateBegin);

/**
 * The status of a group of screens: a session playing on one of them wins (the earliest begun,
 * as the player picks); else the next virtual session beginning within `SOON_MINUTES`, with the
 * minutes rounded up (a session 30 s away "starts in 1 min", never "in 0 min"). On-site sessions
 * of a hybrid event are left out: there is nothing to watch on the screen.
 */
export function screensStatus(sessions: readonly Session[], screenIDs: ReadonlySet<string>, now: number): ScheduleStatus | null {
  let live: Session | null = null;
  let next: Session | null = null;
  for (const session of sessions) {
    if (!screenIDs.has(session.ScreenID) || !session.IsVirtual) continue;
    if (isActive(session, now)) {
      if (!live || begin(session) < begin(live)) live = session;
    } else if (begin(session) > now && begin(session) - now <= SOON_MINUTES * 60_000) {
      if (!next || begin(session) < begin(next)) next = session;
    }
  }
  if (live) return { kind: "live", session: live };
  if (next) return { kind: "soon", session: next, minutes: Math.max(1, Math.ceil((begin(next) - now) / 60_000)) };
  return null;
}

export function screenStatus(sessions: readonly Session[], screenID: string, now: number): ScheduleStatus | null {
  return screensStatus(sessions, new Set([screenID]), now);
}

export function nodeStatus(sessions: readonly Session[], node: TourNode, now: number): ScheduleStatus | null {
  if (node.screens.length === 0) return null;
  return screensStatus(sessions, new Set(node.screens.map((s) => s.screenID)), now);
}

/**
 * Every room of the tour that has something to say, keyed by its id and its custom id in lower
 * case: a Panorama menu item names a room either way, compared without regard to case.
 */
export function nodeStatuses(tour: Tour | null, sessions: readonly Session[], now: number): Map<string, ScheduleStatus> {
  const statuses = new Map<string, ScheduleStatus>();
  for (const node of tour?.nodes ?? []) {
    const status = nodeStatus(sessions, node, now);
    if (!status) continue;
    statuses.set(node.id.toLowerCase(), status);
    if (node.customID) statuses.set(node.customID.toLowerCase(), status);
  }
  return statuses;
}
