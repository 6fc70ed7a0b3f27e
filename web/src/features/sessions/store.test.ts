import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { REFETCH_SPREAD_MS } from "./refetch";
import type { Session } from "./selection";
import { startSessions, useSessions } from "./store";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const api = vi.hoisted(() => ({
  listSessions: vi.fn<(eventID: string) => Promise<Session[]>>(),
  getSession: vi.fn<(eventID: string, id: string) => Promise<Session | null>>(),
}));
vi.mock("./api", () => api);

const NOW = Date.parse("2026-05-09T12:00:00Z");
const keynote: Session = {
  ID: "keynote",
  InternalName: "keynote",
  Title: "Keynote",
  ScreenID: "main",
  IsVirtual: true,
  DateBegin: "2026-05-09T11:00:00Z",
  DateEnd: "2026-05-09T13:00:00Z",
  NoAvtoPlay: false,
  StreamID: "",
  ConferenceType: "None",
  ConferenceJoinURL: "",
  ConferenceID: "",
};

beforeEach(() => {
  api.listSessions.mockResolvedValue([keynote]);
  api.getSession.mockReset();
});

afterEach(() => {
  useSessions.setState({ sessions: [], running: {}, screens: [], listState: "loading" });
});

it("says whether the list is read: loading, then ready, or failed (and loading again on a restart)", async () => {
  expect(useSessions.getState().listState).toBe("loading");
  const stop = startSessions("e1", () => NOW);
  await vi.waitFor(() => expect(useSessions.getState().listState).toBe("ready"));
  stop();

  useSessions.setState({ sessions: [], listState: "loading" });
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  api.listSessions.mockRejectedValueOnce(new Error("offline"));
  const failing = startSessions("e1", () => NOW);
  await vi.waitFor(() => expect(useSessions.getState().listState).toBe("failed"));
  failing();
  const again = startSessions("e1", () => NOW);
  expect(useSessions.getState().listState).toBe("loading");
  await vi.waitFor(() => expect(useSessions.getState().listState).toBe("ready"));
  again();
});

it("follows ACTIVITY_SYNC_NOTIFY: a pushed session plays, a DELETED one stops", async () => {
  useSessions.getState().setScreens(["main", "side"]);
  const stop = startSessions("e1", () => NOW);
  await vi.waitFor(() => expect(useSessions.getState().running.main).toBe("keynote"));
  fakeRealtime.deliver("ACTIVITY_SYNC_NOTIFY", { ...keynote, ID: "panel", InternalName: "panel", ScreenID: "side", EventID: "e1", Type: "Session" });
  expect(useSessions.getState().running.side).toBe("panel");
  fakeRealtime.deliver("ACTIVITY_SYNC_NOTIFY", { ID: "keynote", EventID: "e1", Type: "Session", InternalName: "DELETED" });
  expect(useSessions.getState().running.main).toBeNull();
  expect(api.getSession).not.toHaveBeenCalled(); // every session had its stream fields
  stop();
});

describe("a session read before it began is fetched again when it begins", () => {
  const BEGIN = NOW + 60_000;
  // As the server lists it before its start: no StreamID, ConferenceID or join URL.
  const early = (id: string, over: Partial<Session> = {}): Session => ({
    ID: id,
    InternalName: id,
    ScreenID: "main",
    IsVirtual: true,
    DateBegin: new Date(BEGIN).toISOString(),
    DateEnd: new Date(BEGIN + 3_600_000).toISOString(),
    NoAvtoPlay: false,
    ConferenceType: "Youtube",
    ...over,
  });
  const playing = (session: Session): Session => ({ ...session, StreamID: "stage", ConferenceID: "abcdefghijk", ConferenceJoinURL: "" });
  const held = (id: string) => useSessions.getState().sessions.find((s) => s.ID === id);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    useSessions.getState().setScreens(["main"]);
  });
  afterEach(() => vi.useRealTimers());

  it("after a random delay within the spread, once, and merges it", async () => {
    api.listSessions.mockResolvedValue([early("talk")]);
    api.getSession.mockImplementation((_event, id) => Promise.resolve(playing(early(id))));
    const stop = startSessions("e1", Date.now, () => 0.5);
    await vi.advanceTimersByTimeAsync(BEGIN - NOW - 1);
    expect(api.getSession).not.toHaveBeenCalled(); // not active yet: nothing to ask for

    await vi.advanceTimersByTimeAsync(1000); // the tick after the start schedules it
    expect(useSessions.getState().running.main).toBe("talk");
    expect(api.getSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0.5 * REFETCH_SPREAD_MS);
    expect(api.getSession).toHaveBeenCalledTimes(1);
    expect(api.getSession).toHaveBeenCalledWith("e1", "talk");
    expect(held("talk")?.ConferenceID).toBe("abcdefghijk");
    expect(held("talk")?.StreamID).toBe("stage");

    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.getSession).toHaveBeenCalledTimes(1);
    stop();
  });

  it("spreads the requests of many attendees over the window", async () => {
    const asked: number[] = [];
    api.getSession.mockImplementation((_event, id) => {
      asked.push(Date.now() - BEGIN);
      return Promise.resolve(playing(early(id)));
    });
    for (const draw of [0, 0.25, 0.999]) {
      api.listSessions.mockResolvedValue([early("talk")]);
      useSessions.setState({ sessions: [], running: {} });
      vi.setSystemTime(BEGIN - 500);
      const stop = startSessions("e1", Date.now, () => draw);
      await vi.advanceTimersByTimeAsync(REFETCH_SPREAD_MS + 2000);
      stop();
    }
    // The tick after the start (≤ 1 s) plus each attendee's own share of the spread.
    expect(asked).toHaveLength(3);
    expect(asked[0]).toBeLessThan(1000);
    expect(asked[1]).toBeGreaterThanOrEqual(0.25 * REFETCH_SPREAD_MS);
    expect(asked[2]).toBeGreaterThanOrEqual(0.99 * REFETCH_SPREAD_MS);
    expect(Math.max(...asked)).toBeLessThan(REFETCH_SPREAD_MS + 1000);
  });

  it("keeps a running stream so the same-stream switch survives the delay", async () => {
    // "a" ends as "b" begins on the same stream; "b" is not auto-play, so only a switch shows it.
    const first: Session = { ...early("a"), DateBegin: new Date(NOW - 3_600_000).toISOString(), DateEnd: new Date(BEGIN).toISOString(), StreamID: "stage", ConferenceID: "abcdefghijk" };
    api.listSessions.mockResolvedValue([first, early("b", { NoAvtoPlay: true })]);
    api.getSession.mockImplementation((_event, id) => Promise.resolve(playing(early(id, { NoAvtoPlay: true }))));
    const stop = startSessions("e1", Date.now, () => 0.8);
    await vi.advanceTimersByTimeAsync(0);
    expect(useSessions.getState().running.main).toBe("a");

    await vi.advanceTimersByTimeAsync(BEGIN - NOW + 1000); // "a" has ended, "b" has no StreamID yet
    expect(useSessions.getState().running.main).toBe("a");
    await vi.advanceTimersByTimeAsync(0.8 * REFETCH_SPREAD_MS);
    expect(api.getSession).toHaveBeenCalledTimes(1);
    expect(useSessions.getState().running.main).toBe("b");
    stop();
  });

  it("asks again while the answer still lacks the fields, a bounded number of times", async () => {
    // The client's clock runs ahead of the server's: the server still sends the session bare.
    api.listSessions.mockResolvedValue([early("talk")]);
    api.getSession.mockImplementation((_event, id) => Promise.resolve(early(id)));
    const stop = startSessions("e1", Date.now, () => 0.1);
    await vi.advanceTimersByTimeAsync(BEGIN - NOW + 60_000);
    expect(api.getSession).toHaveBeenCalledTimes(3);
    stop();
  });

  it("a failed request is tried again; stopping cancels what is scheduled", async () => {
    api.listSessions.mockResolvedValue([early("talk")]);
    api.getSession.mockRejectedValueOnce(new Error("offline")).mockImplementation((_event, id) => Promise.resolve(playing(early(id))));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const stop = startSessions("e1", Date.now, () => 0.5);
    await vi.advanceTimersByTimeAsync(BEGIN - NOW + 1000 + 0.5 * REFETCH_SPREAD_MS);
    expect(api.getSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000 + REFETCH_SPREAD_MS);
    expect(api.getSession).toHaveBeenCalledTimes(2);
    expect(held("talk")?.ConferenceID).toBe("abcdefghijk");
    warn.mockRestore();
    stop();

    api.getSession.mockClear();
    useSessions.setState({ sessions: [], running: {} });
    vi.setSystemTime(BEGIN);
    const stopAgain = startSessions("e1", Date.now, () => 0.9);
    await vi.advanceTimersByTimeAsync(1000); // scheduled, not yet sent
    stopAgain();
    await vi.advanceTimersByTimeAsync(2 * REFETCH_SPREAD_MS);
    expect(api.getSession).not.toHaveBeenCalled();
  });

  it("a push that brings the fields first wins over an older answer", async () => {
    api.listSessions.mockResolvedValue([early("talk")]);
    let answer: (session: Session) => void = () => undefined;
    api.getSession.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const stop = startSessions("e1", Date.now, () => 0);
    await vi.advanceTimersByTimeAsync(BEGIN - NOW + 1000);
    expect(api.getSession).toHaveBeenCalledTimes(1);
    fakeRealtime.deliver("ACTIVITY_SYNC_NOTIFY", { ...playing(early("talk")), Title: "Renamed", EventID: "e1", Type: "Session" });
    answer(playing(early("talk")));
    await vi.advanceTimersByTimeAsync(0);
    expect(held("talk")?.Title).toBe("Renamed");
    stop();
  });
});
