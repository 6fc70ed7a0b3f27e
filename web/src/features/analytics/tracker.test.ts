import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setTokenProvider } from "@/lib/api-client";
import type * as Realtime from "@/lib/realtime";
import { checkPayload } from "@/lib/realtime/protocol";
import { fakeRealtime } from "@/lib/realtime/testing";
import { routeServer } from "@/test/route-server";
import { whereOf } from "./screens";
import {
  BATCH_MAX,
  FLUSH_DELAY_MS,
  PING_MS,
  queuedAnalytics,
  realtimeLoaded,
  resetAnalytics,
  setAnalyticsConsent,
  setAnalyticsEvent,
  setAnalyticsFocus,
  setWatchedSession,
  trackPageView,
  trackUsage,
} from "./tracker";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const PATH = "/api/v1/events/ev1/analytics";
type Sent = { Events: { Kind: string; Screen: string; ActivityID: string | null; Place: string | null }[] };

function serve() {
  const server = routeServer({ [`POST ${PATH}`]: { status: 202, body: { Accepted: 1, Dropped: 0 } } });
  const sent = () => server.calls.filter((c) => c.path === PATH).map((c) => (c.body as Sent).Events);
  const kinds = () => sent().flat().map((e) => e.Kind);
  return { server, sent, kinds };
}

/** Logged in to ev1 with consent and focus: what the attendee app looks like most of the time. */
function start({ consent = true, focused = true } = {}) {
  setAnalyticsEvent("ev1");
  setAnalyticsConsent(consent);
  setAnalyticsFocus(focused);
}

/** As `start`, once the tracker has the realtime client it loads on login (a chunk of its own). */
async function startWithSocket() {
  start();
  await realtimeLoaded();
}

beforeEach(() => {
  vi.useFakeTimers();
  resetAnalytics();
  setTokenProvider(() => "attendee-token");
  // The HTTP path unless a test opens the socket.
  fakeRealtime.reset();
  fakeRealtime.setState("closed");
});
afterEach(() => {
  resetAnalytics();
  fakeRealtime.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setTokenProvider(() => null);
});

describe("the statistics tracker", () => {
  it("sends a page view with the attendee's token, batched after a short wait", async () => {
    const { server, sent } = serve();
    start();
    trackPageView("room", "lobby");
    trackUsage("chat");
    expect(server.fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent()).toEqual([
      [
        { Kind: "page_view", Screen: "room", ActivityID: null, Place: "lobby" },
        { Kind: "usage", Screen: "chat", ActivityID: null, Place: "lobby" },
      ],
    ]);
    const headers = server.fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer attendee-token");
  });

  it("never sends more than 20 items a request", async () => {
    const { sent } = serve();
    start();
    for (let i = 0; i < 45; i += 1) trackUsage("agenda");
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent().map((batch) => batch.length)).toEqual([BATCH_MAX, BATCH_MAX, 5]);
  });

  it("pings every 15 s with the screen, place and watched session, only while focused", async () => {
    const { sent, kinds } = serve();
    start();
    trackPageView("room", "auditorium");
    setWatchedSession("s1");
    await vi.advanceTimersByTimeAsync(PING_MS - 1);
    expect(kinds()).toEqual(["page_view"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent().at(-1)).toEqual([{ Kind: "ping", Screen: "room", ActivityID: "s1", Place: "auditorium" }]);
    await vi.advanceTimersByTimeAsync(PING_MS);
    expect(kinds().filter((k) => k === "ping")).toHaveLength(2);

    setAnalyticsFocus(false);
    await vi.advanceTimersByTimeAsync(PING_MS * 4);
    expect(kinds().filter((k) => k === "ping")).toHaveLength(2);

    setAnalyticsFocus(true);
    await vi.advanceTimersByTimeAsync(PING_MS);
    expect(kinds().filter((k) => k === "ping")).toHaveLength(3);
  });

  it("sends no ping before the first page view says where the attendee is", async () => {
    const { server } = serve();
    start();
    await vi.advanceTimersByTimeAsync(PING_MS * 2);
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it("sends nothing without statistics consent", async () => {
    const { server } = serve();
    start({ consent: false });
    trackPageView("start", null);
    trackUsage("cinema");
    await vi.advanceTimersByTimeAsync(PING_MS * 2);
    expect(server.fetch).not.toHaveBeenCalled();
    expect(queuedAnalytics()).toEqual([]);
  });

  it("sends nothing when nobody is logged in", async () => {
    const { server } = serve();
    setAnalyticsConsent(true);
    setAnalyticsFocus(true);
    trackPageView("start", null);
    await vi.advanceTimersByTimeAsync(PING_MS * 2);
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it("stops at once when consent is withdrawn, dropping the queue, and starts again when given", async () => {
    const { server, kinds } = serve();
    start();
    trackPageView("room", "lobby");
    trackUsage("speakers");
    expect(queuedAnalytics()).toHaveLength(2);

    setAnalyticsConsent(false);
    expect(queuedAnalytics()).toEqual([]);
    await vi.advanceTimersByTimeAsync(PING_MS * 3);
    expect(server.fetch).not.toHaveBeenCalled();

    setAnalyticsConsent(true);
    trackPageView("faq", null);
    await vi.advanceTimersByTimeAsync(PING_MS);
    expect(kinds()).toEqual(["page_view", "ping"]);
  });

  it("aborts a request on its way when consent is withdrawn", async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
        signal = init?.signal ?? undefined;
        return new Promise<Response>(() => undefined);
      }),
    );
    start();
    trackPageView("start", null);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(signal?.aborted).toBe(false);
    setAnalyticsConsent(false);
    expect(signal?.aborted).toBe(true);
  });

  it("stops and forgets the queue when the attendee logs out", async () => {
    const { server } = serve();
    start();
    trackPageView("room", "lobby");
    setAnalyticsEvent(null);
    expect(queuedAnalytics()).toEqual([]);
    await vi.advanceTimersByTimeAsync(PING_MS * 2);
    expect(server.fetch).not.toHaveBeenCalled();
  });
});

describe("the statistics tracker with the realtime socket open", () => {
  const frames = () => fakeRealtime.sentOf("ANALYTICS_TRACK");

  it("sends its batches as ANALYTICS_TRACK frames that fit the protocol, and no HTTP request", async () => {
    const { server } = serve();
    fakeRealtime.setState("open");
    await startWithSocket();
    trackPageView("room", "lobby");
    trackUsage("chat");
    expect(frames()).toEqual([]);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(frames()).toEqual([
      {
        Events: [
          { Kind: "page_view", Screen: "room", ActivityID: null, Place: "lobby" },
          { Kind: "usage", Screen: "chat", ActivityID: null, Place: "lobby" },
        ],
      },
    ]);
    for (const frame of frames()) expect(checkPayload("ANALYTICS_TRACK", frame)).toEqual({ ok: true, value: frame });
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it("never puts more than 20 items in a frame, and pings over the socket too", async () => {
    const { server } = serve();
    fakeRealtime.setState("open");
    await startWithSocket();
    for (let i = 0; i < 45; i += 1) trackUsage("agenda");
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(frames().map((frame) => frame.Events.length)).toEqual([BATCH_MAX, BATCH_MAX, 5]);

    trackPageView("room", "auditorium");
    setWatchedSession("s1");
    await vi.advanceTimersByTimeAsync(PING_MS);
    expect(frames().at(-1)).toEqual({ Events: [{ Kind: "ping", Screen: "room", ActivityID: "s1", Place: "auditorium" }] });
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it("uses HTTP while the socket is closed and the socket again once it opens", async () => {
    const { sent } = serve();
    fakeRealtime.setState("open");
    await startWithSocket();
    trackPageView("room", "lobby");
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(frames()).toHaveLength(1);

    fakeRealtime.setState("closed");
    trackUsage("chat");
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent()).toEqual([[{ Kind: "usage", Screen: "chat", ActivityID: null, Place: "lobby" }]]);

    fakeRealtime.setState("open");
    trackUsage("agenda");
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(frames().at(-1)).toEqual({ Events: [{ Kind: "usage", Screen: "agenda", ActivityID: null, Place: "lobby" }] });
    expect(sent()).toHaveLength(1);
  });

  it("sends what waited behind an HTTP request over the socket when it opened meanwhile", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    await startWithSocket();
    for (let i = 0; i < BATCH_MAX + 1; i += 1) trackUsage("agenda");
    expect(fetch).toHaveBeenCalledTimes(1);

    fakeRealtime.setState("open");
    answer(new Response(JSON.stringify({ Accepted: BATCH_MAX, Dropped: 0 }), { status: 202 }));
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(frames().map((frame) => frame.Events.length)).toEqual([1]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("sends nothing on either path without consent, after withdrawing it, or after logging out", async () => {
    const { server } = serve();
    fakeRealtime.setState("open");
    start({ consent: false });
    trackPageView("room", "lobby");
    await vi.advanceTimersByTimeAsync(PING_MS * 2);

    setAnalyticsConsent(true);
    trackPageView("room", "lobby");
    trackUsage("speakers");
    setAnalyticsConsent(false);
    await vi.advanceTimersByTimeAsync(PING_MS * 2);

    setAnalyticsConsent(true);
    trackPageView("room", "lobby");
    setAnalyticsEvent(null);
    await vi.advanceTimersByTimeAsync(PING_MS * 2);

    expect(fakeRealtime.sent).toEqual([]);
    expect(server.fetch).not.toHaveBeenCalled();
  });
});

describe("screens of the event's paths", () => {
  it("names rooms, pages, chats and modules, and leaves the login group out", () => {
    expect(whereOf("/lobby")).toEqual({ screen: "room", place: "lobby" });
    expect(whereOf("/central-plenary-01")).toEqual({ screen: "central_plenary_01", place: "central-plenary-01" });
    expect(whereOf("/page/sponsors")).toEqual({ screen: "page", place: "sponsors" });
    expect(whereOf("/FAQ")).toEqual({ screen: "faq", place: null });
    expect(whereOf("/auditorium")).toEqual({ screen: "auditorium", place: "auditorium" });
    expect(whereOf("/chat/group/g1")).toEqual({ screen: "group_chat", place: null });
    expect(whereOf("/expo/directlink")).toEqual({ screen: "direct_link", place: null });
    expect(whereOf("/S%C3%A4le%201")).toEqual({ screen: "room", place: "Säle 1" });
    expect(whereOf("/%3Cb%3E")).toEqual({ screen: "room", place: null });
    expect(whereOf("/login")).toBeNull();
    expect(whereOf("/sign-out")).toBeNull();
    expect(whereOf("/")).toBeNull();
  });
});
