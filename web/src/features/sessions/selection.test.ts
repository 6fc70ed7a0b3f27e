import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applySync, firstAutoPlay, isActive, mergeFetched, needsStreamFields, startable, STREAM_WAIT_MS, tick, tickScreen, toSession, type Session } from "./selection";
import { useSessions } from "./store";

const T0 = Date.parse("2026-05-09T10:00:00Z");
const min = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

function session(id: string, over: Partial<Session> = {}): Session {
  return {
    ID: id,
    InternalName: id,
    ScreenID: "main",
    IsVirtual: true,
    DateBegin: iso(T0),
    DateEnd: iso(T0 + 60 * min),
    NoAvtoPlay: false,
    StreamID: "",
    ConferenceType: "Youtube",
    ConferenceID: "abcdefghijk",
    ...over,
  };
}

describe("activity", () => {
  it("is active when virtual and now lies in [DateBegin, DateEnd)", () => {
    const s = session("a");
    expect(isActive(s, T0 - 1)).toBe(false);
    expect(isActive(s, T0)).toBe(true);
    expect(isActive(s, T0 + 60 * min - 1)).toBe(true);
    expect(isActive(s, T0 + 60 * min)).toBe(false);
    expect(isActive({ ...s, IsVirtual: false }, T0 + min)).toBe(false);
  });
  it("starting by id requires the session to be active; by screen picks the first auto-play", () => {
    const list = [session("late", { DateBegin: iso(T0 + 5 * min) }), session("manual", { NoAvtoPlay: true, DateBegin: iso(T0 - min) }), session("auto")];
    expect(startable(list, "late", T0)).toBeNull();
    expect(startable(list, "manual", T0)?.ID).toBe("manual");
    expect(firstAutoPlay(list, "main", T0)?.ID).toBe("auto");
  });
});

describe("the per-screen tick", () => {
  it("keeps a running session that is still active", () => {
    const list = [session("a"), session("b", { DateBegin: iso(T0 - min) })];
    expect(tickScreen(list, "main", "a", T0 + min)).toEqual({ kind: "keep", sessionID: "a" });
  });
  it("switches silently to an active session on the same stream", () => {
    const list = [
      session("a", { StreamID: "s1", DateEnd: iso(T0 + 30 * min) }),
      session("b", { StreamID: "s1", DateBegin: iso(T0 + 30 * min), NoAvtoPlay: true }),
      session("c", { StreamID: "s2", DateBegin: iso(T0 + 20 * min) }),
    ];
    expect(tickScreen(list, "main", "a", T0 + 30 * min)).toEqual({ kind: "switch", sessionID: "b" });
  });
  it("otherwise starts the first active auto-play session, or turns the screen off", () => {
    const list = [
      session("a", { DateEnd: iso(T0 + 30 * min) }),
      session("manual", { DateBegin: iso(T0 + 30 * min), NoAvtoPlay: true }),
      session("auto", { DateBegin: iso(T0 + 31 * min) }),
    ];
    expect(tickScreen(list, "main", "a", T0 + 30 * min)).toEqual({ kind: "off" });
    expect(tickScreen(list, "main", "a", T0 + 31 * min)).toEqual({ kind: "start", sessionID: "auto" });
    expect(tickScreen(list, "other", null, T0 + 31 * min)).toEqual({ kind: "off" });
  });
  it("computes every screen", () => {
    const list = [session("a"), session("b", { ScreenID: "side" })];
    expect(tick(list, ["main", "side", "empty"], {}, T0).running).toEqual({ main: "a", side: "b", empty: null });
  });
});

describe("sessions read before they began (no stream fields)", () => {
  const bare = (id: string, over: Partial<Session> = {}): Session => {
    const read = session(id, over);
    delete read.StreamID;
    delete read.ConferenceID;
    return read;
  };

  it("keeps absent stream fields absent, and empty ones empty", () => {
    const raw = { ID: "a", InternalName: "a", DateBegin: iso(T0), DateEnd: iso(T0 + min), ConferenceType: "Youtube" };
    const read = toSession(raw);
    expect(read).not.toBeNull();
    expect(read && "StreamID" in read).toBe(false);
    expect(read && "ConferenceID" in read).toBe(false);
    expect(toSession({ ...raw, StreamID: "", ConferenceID: "x", ConferenceJoinURL: "" })).toMatchObject({ StreamID: "", ConferenceID: "x", ConferenceJoinURL: "" });
  });

  it("need fetching again only once active, and only for the fields the app reads", () => {
    expect(needsStreamFields(bare("a"), T0 - 1)).toBe(false);
    expect(needsStreamFields(bare("a"), T0)).toBe(true);
    expect(needsStreamFields(session("a"), T0)).toBe(false);
    // Iframe, Zoom and Vimeo play through the stream calls; only the StreamID matters for them.
    expect(needsStreamFields({ ...session("a", { ConferenceType: "Vimeo" }), ConferenceID: undefined }, T0)).toBe(false);
    expect(needsStreamFields({ ...session("a"), ConferenceID: undefined }, T0)).toBe(true);
  });

  it("reads the live interaction switches when sent, and leaves them out when not (on by default)", () => {
    const raw = { ID: "q", InternalName: "q", DateBegin: iso(T0), DateEnd: iso(T0 + min) };
    const old = toSession(raw);
    expect(old && ("QnaEnabled" in old || "ReactionsEnabled" in old)).toBe(false);
    expect(toSession({ ...raw, QnaEnabled: false, ReactionsEnabled: true })).toMatchObject({ QnaEnabled: false, ReactionsEnabled: true });
    expect(applySync([], { ...raw, EntityType: "Session", QnaEnabled: true, ReactionsEnabled: false })?.[0]).toMatchObject({ QnaEnabled: true, ReactionsEnabled: false });
  });

  it("Video is a conference type of its own, and waits for its ConferenceID like Youtube", () => {
    const raw = { ID: "v", InternalName: "v", DateBegin: iso(T0), DateEnd: iso(T0 + min), ConferenceType: "Video" };
    expect(toSession(raw)?.ConferenceType).toBe("Video");
    expect(toSession({ ...raw, ConferenceType: "Hologram" })?.ConferenceType).toBe("None");
    expect(needsStreamFields({ ...session("v", { ConferenceType: "Video" }), ConferenceID: undefined }, T0)).toBe(true);
    expect(needsStreamFields(session("v", { ConferenceType: "Video", ConferenceID: "video-1" }), T0)).toBe(false);
  });

  it("a fetched session replaces a bare one, not a newer push nor a removed one", () => {
    const fetched = session("a", { StreamID: "s1", Title: "fetched" });
    expect(mergeFetched([bare("a"), session("b")], fetched)?.[0]).toBe(fetched);
    expect(mergeFetched([session("a", { Title: "pushed" })], fetched)).toBeNull();
    expect(mergeFetched([session("b")], fetched)).toBeNull();
  });

  it("a running stream waits a few seconds for a StreamID that is on its way", () => {
    const list = [session("a", { StreamID: "s1", DateEnd: iso(T0 + 30 * min) }), bare("b", { DateBegin: iso(T0 + 30 * min), NoAvtoPlay: true })];
    const begin = T0 + 30 * min;
    expect(tickScreen(list, "main", "a", begin + 1000)).toEqual({ kind: "keep", sessionID: "a" });
    const known = [list[0] as Session, session("b", { StreamID: "s1", DateBegin: iso(begin), NoAvtoPlay: true })];
    expect(tickScreen(known, "main", "a", begin + 1000)).toEqual({ kind: "switch", sessionID: "b" });
    // Bounded: without the StreamID the rule goes on as before.
    expect(tickScreen(list, "main", "a", begin + STREAM_WAIT_MS)).toEqual({ kind: "off" });
    // Nothing to wait for when the running session has no stream to share.
    expect(tickScreen([{ ...(list[0] as Session), StreamID: "" }, list[1] as Session], "main", "a", begin + 1000)).toEqual({ kind: "off" });
  });
});

describe("ACTIVITY_SYNC_NOTIFY", () => {
  it("adds, replaces and deletes; ignores other activities", () => {
    const list = [session("a")];
    const added = applySync(list, { ...session("b"), EntityType: "Session" });
    expect(added?.map((s) => s.ID)).toEqual(["a", "b"]);
    const replaced = applySync(added ?? [], { ...session("a"), Title: "New title", EntityType: "Session" });
    expect(replaced?.find((s) => s.ID === "a")?.Title).toBe("New title");
    expect(applySync(replaced ?? [], { ID: "a", InternalName: "DELETED", Type: "Session" })?.map((s) => s.ID)).toEqual(["b"]);
    expect(applySync(list, { ...session("sp"), EntityType: "Speaker" })).toBeNull();
    expect(applySync(list, "garbage")).toBeNull();
  });
});

describe("the store with fake time", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0 - 2000);
    useSessions.setState({ sessions: [], running: {}, screens: [] });
  });
  afterEach(() => vi.useRealTimers());

  it("a session becomes live at its start time; a deletion stops it", () => {
    const store = useSessions.getState();
    store.setScreens(["main"]);
    store.setSessions([session("keynote")]);
    store.runTick(Date.now());
    expect(useSessions.getState().running.main).toBeNull();
    vi.advanceTimersByTime(2000);
    useSessions.getState().runTick(Date.now());
    expect(useSessions.getState().running.main).toBe("keynote");
    useSessions.getState().applyPush({ ID: "keynote", InternalName: "DELETED" });
    useSessions.getState().runTick(Date.now());
    expect(useSessions.getState().running.main).toBeNull();
  });

  it("starting by id takes over the screen only when active", () => {
    useSessions.getState().setScreens(["main"]);
    useSessions.getState().setSessions([session("a", { NoAvtoPlay: true })]);
    expect(useSessions.getState().startByID("a", T0 - 1)).toBe(false);
    expect(useSessions.getState().startByID("a", T0)).toBe(true);
    expect(useSessions.getState().running.main).toBe("a");
  });
});
