import { afterEach, expect, it, vi } from "vitest";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import type { Session } from "./selection";
import { startSessions, useSessions } from "./store";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

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

vi.mock("./api", () => ({ listSessions: () => Promise.resolve([keynote]) }));

afterEach(() => {
  useSessions.setState({ sessions: [], running: {}, screens: [] });
});

it("follows ACTIVITY_SYNC_NOTIFY: a pushed session plays, a DELETED one stops", async () => {
  useSessions.getState().setScreens(["main", "side"]);
  const stop = startSessions("e1", () => NOW);
  await vi.waitFor(() => expect(useSessions.getState().running.main).toBe("keynote"));
  fakeRealtime.deliver("ACTIVITY_SYNC_NOTIFY", { ...keynote, ID: "panel", InternalName: "panel", ScreenID: "side", EventID: "e1", Type: "Session" });
  expect(useSessions.getState().running.side).toBe("panel");
  fakeRealtime.deliver("ACTIVITY_SYNC_NOTIFY", { ID: "keynote", EventID: "e1", Type: "Session", InternalName: "DELETED" });
  expect(useSessions.getState().running.main).toBeNull();
  stop();
});
