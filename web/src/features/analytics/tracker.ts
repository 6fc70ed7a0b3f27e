/**
 * Venuely's own usage statistics (attendee-app.md §2, §7, §9; docs/subsystems/analytics.md): page
 * views after each navigation, usage of the named screens, and a ping every 15 s while the window
 * has focus, saying where the attendee is (Screen, Place) and which session they watch.
 *
 * It sends only while two things hold: an attendee is logged in to the event (`setAnalyticsEvent`)
 * and statistics consent is given (`setAnalyticsConsent`); both are bound at start-up by
 * `app/tracking-consent.ts`, next to the external tracker (`lib/tracking.ts`), which stays.
 * Losing either stops it at once: the timers stop, the queue is dropped and a request on its way
 * is aborted. Items are batched (at most 20 a request, the server's limit) and a failed request is
 * not retried: these are statistics, a gap is better than a burst after a network outage.
 *
 * A batch goes over the realtime socket (ANALYTICS_TRACK) whenever it is open, and over HTTP only
 * when it is not: with every attendee pinging every 15 s, an HTTP request each (routing, auth,
 * database loads) is more than the server can serve, while the socket's batches are checked a
 * whole tick at a time.
 */
import { request } from "@/lib/api-client";
import type { AnalyticsTrack, RealtimeConnection } from "@/lib/realtime";
import type { UsageScreen } from "./screens";

export const PING_MS = 15_000;
/** The server takes at most this many items a request or frame. */
export const BATCH_MAX = 20;
/** Page views and usage wait this long for company before they are sent. */
export const FLUSH_DELAY_MS = 2_000;
/** Never more kept than this while a request is on its way (the oldest go first). */
const QUEUE_MAX = 100;

/**
 * The realtime client, once its chunk has loaded. The socket code loads with the venue, after
 * login; the tracker is bound at start-up and imported by the layouts, so importing it statically
 * would put it into the login page's JavaScript. It is asked for when an attendee logs in; until
 * it is here no socket can be open (it is the only one), so batches go over HTTP meanwhile.
 */
let socket: RealtimeConnection | null = null;
let loading: Promise<void> | null = null;

function loadSocket(): void {
  if (socket !== null || loading !== null) return;
  loading = import("@/lib/realtime").then(
    (module) => {
      socket = module.realtime;
    },
    () => {
      loading = null; // offline: the next login asks again, HTTP serves meanwhile
    },
  );
}

/**
 * Test helper: settles once the realtime client asked for at login has loaded (or failed to).
 * Fake timers cannot wait for a chunk, and how long it takes depends on the machine.
 */
export function realtimeLoaded(): Promise<void> {
  return loading ?? Promise.resolve();
}

/** The wire item of both paths, so the socket and the HTTP route cannot be sent different shapes. */
export type TrackItem = AnalyticsTrack["Events"][number];
export type TrackKind = TrackItem["Kind"];

interface TrackerState {
  eventId: string | null;
  consent: boolean;
  focused: boolean;
  screen: string | null;
  place: string | null;
  activityId: string | null;
  queue: TrackItem[];
  pingTimer: ReturnType<typeof setInterval> | null;
  flushTimer: ReturnType<typeof setTimeout> | null;
  inFlight: AbortController | null;
}

const initial = (): TrackerState => ({
  eventId: null,
  consent: false,
  focused: false,
  screen: null,
  place: null,
  activityId: null,
  queue: [],
  pingTimer: null,
  flushTimer: null,
  inFlight: null,
});

let state = initial();

const active = (): boolean => state.eventId !== null && state.consent;

function stopTimers(): void {
  if (state.pingTimer !== null) clearInterval(state.pingTimer);
  if (state.flushTimer !== null) clearTimeout(state.flushTimer);
  state.pingTimer = null;
  state.flushTimer = null;
}

/** Consent withdrawn or logged out: nothing more leaves, not even what was waiting. */
function halt(): void {
  stopTimers();
  state.queue = [];
  state.inFlight?.abort();
  state.inFlight = null;
}

/** Pings run only while active and focused; a change of either starts or stops them. */
function syncPing(): void {
  const wanted = active() && state.focused;
  if (wanted && state.pingTimer === null) state.pingTimer = setInterval(ping, PING_MS);
  if (!wanted && state.pingTimer !== null) {
    clearInterval(state.pingTimer);
    state.pingTimer = null;
  }
}

function ping(): void {
  // Before the first page view there is no screen to report.
  if (state.screen === null) return;
  enqueue("ping", state.screen);
  void flushAnalytics();
}

function enqueue(kind: TrackKind, screen: string): void {
  if (!active()) return;
  state.queue.push({ Kind: kind, Screen: screen, ActivityID: state.activityId, Place: state.place });
  if (state.queue.length > QUEUE_MAX) state.queue.splice(0, state.queue.length - QUEUE_MAX);
  if (state.queue.length >= BATCH_MAX) void flushAnalytics();
  else state.flushTimer ??= setTimeout(() => void flushAnalytics(), FLUSH_DELAY_MS);
}

/**
 * Sends what is queued, in batches of at most 20, over the socket when it is open, else over HTTP;
 * resolves when done (errors are swallowed).
 */
export async function flushAnalytics(): Promise<void> {
  if (state.flushTimer !== null) clearTimeout(state.flushTimer);
  state.flushTimer = null;
  while (active() && state.queue.length > 0 && state.eventId !== null) {
    const batch = state.queue.splice(0, BATCH_MAX);
    // Read per batch: the socket may open or close while an HTTP batch is on its way.
    if (socket?.state === "open") {
      socket.send("ANALYTICS_TRACK", { Events: batch });
      continue;
    }
    const controller = new AbortController();
    state.inFlight = controller;
    try {
      await request(`/events/${encodeURIComponent(state.eventId)}/analytics`, {
        method: "POST",
        body: { Events: batch },
        signal: controller.signal,
      });
    } catch {
      // Statistics: a lost batch is not worth a retry (see the file's comment).
    } finally {
      if (state.inFlight === controller) state.inFlight = null;
    }
  }
}

/** The event the attendee is logged in to, or null when nobody is (then nothing is sent). */
export function setAnalyticsEvent(eventId: string | null): void {
  if (eventId === state.eventId) return;
  halt();
  state.eventId = eventId;
  state.screen = null;
  state.place = null;
  state.activityId = null;
  if (eventId !== null) loadSocket();
  syncPing();
}

/** Follows statistics consent: withdrawing it stops everything at once and drops the queue. */
export function setAnalyticsConsent(given: boolean): void {
  if (given === state.consent) return;
  state.consent = given;
  if (!given) halt();
  syncPing();
}

/** Whether the window has focus (and is visible); pings are sent only then. */
export function setAnalyticsFocus(focused: boolean): void {
  state.focused = focused;
  syncPing();
}

/** After a navigation: the new screen and place, and a page view. */
export function trackPageView(screen: string, place: string | null): void {
  state.screen = screen;
  state.place = place;
  enqueue("page_view", screen);
}

/** One of the screens attendee-app.md §2 names only through usage tracking was opened. */
export function trackUsage(screen: UsageScreen): void {
  enqueue("usage", screen);
}


/** The session being watched, or null; the pings carry it. */
export function setWatchedSession(activityId: string | null): void {
  state.activityId = activityId;
}

/** Test helper: the queue as it stands. */
export function queuedAnalytics(): readonly TrackItem[] {
  return state.queue;
}

/** Test helper: stop and forget everything. */
export function resetAnalytics(): void {
  halt();
  state = initial();
}
