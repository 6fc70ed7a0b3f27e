/**
 * Reading a session again once it begins. The server hands out a session's stream fields only
 * while it plays (docs/subsystems/activities.md, "Who sees the stream fields"), and announces no
 * start, so a session loaded earlier lacks them when it becomes active by this client's clock.
 * Each such session is fetched once more after a random delay: a whole audience reaches the same
 * start second together, and spreading the requests over a few seconds keeps 10,000 attendees from
 * asking in the same one.
 */
import { needsStreamFields, type Session } from "./selection";

/** The first request for a start falls somewhere in this window (each retry in a wider one). */
export const REFETCH_SPREAD_MS = 5000;

/**
 * Requests per session start. A client whose clock runs ahead of the server's gets the session
 * still without its fields, and asks again; after this many it gives up (a stale read is not worth
 * an endless stream of requests, and the next push or reload brings the fields).
 */
export const MAX_REFETCHES = 3;

export interface StreamRefetcher {
  /** Schedules a request for every active session that lacks its stream fields; run it each tick. */
  check: (sessions: readonly Session[], now: number) => void;
  /** Cancels what is scheduled; answers arriving later are dropped. */
  stop: () => void;
}

export function createStreamRefetcher(
  fetchSession: (id: string) => Promise<Session | null>,
  merge: (fetched: Session) => void,
  random: () => number = Math.random,
): StreamRefetcher {
  // Session id → its timer while waiting, null while the request runs: one at a time per session.
  const busy = new Map<string, ReturnType<typeof setTimeout> | null>();
  // Requests made per start (id and DateBegin: a session moved to a new time starts afresh).
  const tries = new Map<string, number>();
  let stopped = false;

  const request = (id: string) => {
    busy.set(id, null);
    fetchSession(id)
      .then((fetched) => {
        if (!stopped && fetched) merge(fetched);
      })
      .catch((error: unknown) => console.warn("session not fetched again", error))
      .finally(() => busy.delete(id));
  };

  const schedule = (session: Session) => {
    const start = `${session.ID}@${session.DateBegin}`;
    const attempt = (tries.get(start) ?? 0) + 1;
    if (attempt > MAX_REFETCHES) return;
    tries.set(start, attempt);
    const delay = Math.floor(random() * REFETCH_SPREAD_MS * attempt);
    busy.set(session.ID, setTimeout(() => request(session.ID), delay));
  };

  return {
    check: (sessions, now) => {
      if (stopped) return;
      for (const session of sessions) {
        if (!busy.has(session.ID) && needsStreamFields(session, now)) schedule(session);
      }
    },
    stop: () => {
      stopped = true;
      for (const timer of busy.values()) if (timer !== null) clearTimeout(timer);
      busy.clear();
    },
  };
}
