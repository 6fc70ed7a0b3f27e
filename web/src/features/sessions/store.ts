/**
 * Sessions and what plays where (attendee-app.md §4): the list loaded at start-up, kept current by
 * ACTIVITY_SYNC_NOTIFY, the per-screen tick every second, and a session read again when it begins
 * (the server sends its stream fields only then; refetch.ts).
 */
import { create } from "zustand";
import { type ActivitySync, realtime } from "@/lib/realtime";
import { getSession, listSessions } from "./api";
import { createStreamRefetcher } from "./refetch";
import { applySync, mergeFetched, startable, tick, type Session } from "./selection";

/** A pushed activity: its id and internal name decide what happens, its other fields are the session's. */
export type ActivityPush = Pick<ActivitySync, "ID" | "InternalName"> & { readonly [field: string]: unknown };

/** §9: the active list is recomputed every 1000 ms. */
export const SESSION_TICK_MS = 1000;

/** Whether the list has been read: screens that list sessions tell "none yet" from "not known yet". */
export type SessionListState = "loading" | "ready" | "failed";

interface SessionsState {
  sessions: Session[];
  listState: SessionListState;
  /** Screen id → the session playing there, or null (the header's live indicator is off). */
  running: Record<string, string | null>;
  screens: string[];
  setSessions: (sessions: Session[]) => void;
  setScreens: (screens: string[]) => void;
  /** An ACTIVITY_SYNC_NOTIFY: replaces, adds or (InternalName "DELETED") removes a session. */
  applyPush: (activity: ActivityPush) => void;
  /** A session fetched again for its stream fields (`mergeFetched` says when it is taken). */
  mergeFetched: (session: Session) => void;
  runTick: (now: number) => void;
  /** Starting by id: only an active session; it takes over its screen. */
  startByID: (id: string, now: number) => boolean;
  /** Ending a session clears the player of its screen. */
  stopScreen: (screenID: string) => void;
}

export const useSessions = create<SessionsState>((set, get) => ({
  sessions: [],
  listState: "loading",
  running: {},
  screens: [],
  setSessions: (sessions) => set({ sessions, listState: "ready" }),
  setScreens: (screens) => set({ screens: [...new Set(screens)] }),
  applyPush: (activity) => {
    const next = applySync(get().sessions, activity);
    if (next) set({ sessions: next });
  },
  mergeFetched: (session) => {
    const next = mergeFetched(get().sessions, session);
    if (next) set({ sessions: next });
  },
  runTick: (now) => {
    const { sessions, screens, running } = get();
    const result = tick(sessions, screens, running, now);
    const changed = screens.some((s) => result.running[s] !== running[s]) || Object.keys(running).length !== screens.length;
    if (changed) set({ running: result.running });
  },
  startByID: (id, now) => {
    const session = startable(get().sessions, id, now);
    if (!session) return false;
    set((s) => ({ running: { ...s.running, [session.ScreenID]: session.ID } }));
    return true;
  },
  stopScreen: (screenID) => set((s) => ({ running: { ...s.running, [screenID]: null } })),
}));

/**
 * Loads the sessions, subscribes to pushes and starts the tick, which also asks again for sessions
 * that began without their stream fields. Returns the stop function. `now` and `random` (the
 * refetch's spread) are injectable so tests drive them with fake time.
 */
export function startSessions(eventID: string, now: () => number = Date.now, random: () => number = Math.random): () => void {
  let stopped = false;
  // A restart (another event, a new session) reads the list again.
  if (useSessions.getState().listState === "failed") useSessions.setState({ listState: "loading" });
  const refetcher = createStreamRefetcher(
    (id) => getSession(eventID, id),
    (fetched) => {
      useSessions.getState().mergeFetched(fetched);
      useSessions.getState().runTick(now());
    },
    random,
  );
  const step = () => {
    useSessions.getState().runTick(now());
    refetcher.check(useSessions.getState().sessions, now());
  };
  listSessions(eventID)
    .then((sessions) => {
      if (stopped) return;
      useSessions.getState().setSessions(sessions);
      step();
    })
    .catch((error: unknown) => {
      console.warn("sessions not loaded", error);
      if (!stopped) useSessions.setState({ listState: "failed" });
    });
  const unsubscribe = realtime.subscribe("ACTIVITY_SYNC_NOTIFY", (activity) => {
    useSessions.getState().applyPush(activity);
    step();
  });
  const timer = setInterval(step, SESSION_TICK_MS);
  return () => {
    stopped = true;
    unsubscribe();
    clearInterval(timer);
    refetcher.stop();
  };
}
