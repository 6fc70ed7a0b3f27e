import { describe, expect, it } from "vitest";
import type { Session } from "@/features/sessions";
import { nodeStatus, nodeStatuses, screenStatus, SOON_MINUTES } from "./schedule-status";
import { parseTour } from "./tour";
import { fixtureTour } from "./test/fixture-tour";

const NOW = Date.parse("2026-05-12T10:00:00Z");
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

function session(id: string, from: number, to: number, over: Partial<Session> = {}): Session {
  return { ID: id, InternalName: id, Title: id, ScreenID: "auditorium-screen", IsVirtual: true, DateBegin: at(from), DateEnd: at(to), NoAvtoPlay: false, ConferenceType: "None", ...over };
}

describe("screenStatus", () => {
  it("says live for a session playing now, the earliest begun when two overlap", () => {
    const status = screenStatus([session("late", -5, 30), session("early", -20, 40)], "auditorium-screen", NOW);
    expect(status).toMatchObject({ kind: "live", session: { ID: "early" } });
  });

  it("counts the minutes to the next session up, and never says 0", () => {
    expect(screenStatus([session("next", 12, 60)], "auditorium-screen", NOW)).toMatchObject({ kind: "soon", minutes: 12 });
    expect(screenStatus([session("next", 0.5, 60)], "auditorium-screen", NOW)).toMatchObject({ kind: "soon", minutes: 1 });
    expect(screenStatus([session("next", 11.2, 60)], "auditorium-screen", NOW)).toMatchObject({ kind: "soon", minutes: 12 });
  });

  it("picks the soonest upcoming session and looks no further than the horizon", () => {
    const list = [session("later", 40, 90), session("sooner", 25, 35)];
    expect(screenStatus(list, "auditorium-screen", NOW)).toMatchObject({ session: { ID: "sooner" }, minutes: 25 });
    expect(screenStatus([session("far", SOON_MINUTES + 1, 200)], "auditorium-screen", NOW)).toBeNull();
    expect(screenStatus([session("edge", SOON_MINUTES, 200)], "auditorium-screen", NOW)).toMatchObject({ minutes: SOON_MINUTES });
  });

  it("ignores ended sessions, other screens and on-site sessions", () => {
    const list = [session("ended", -60, -1), session("elsewhere", -5, 30, { ScreenID: "other" }), session("onsite", -5, 30, { IsVirtual: false })];
    expect(screenStatus(list, "auditorium-screen", NOW)).toBeNull();
  });

  it("moves from soon to live as the clock passes the begin time", () => {
    const list = [session("talk", 3, 60)];
    expect(screenStatus(list, "auditorium-screen", NOW)?.kind).toBe("soon");
    expect(screenStatus(list, "auditorium-screen", NOW + 3 * 60_000)?.kind).toBe("live");
  });
});

describe("rooms", () => {
  const tour = parseTour(fixtureTour);

  it("a room has the status of its screens; a room without screens has none", () => {
    const auditorium = tour.nodes.find((n) => n.id === "auditorium");
    const lobby = tour.nodes.find((n) => n.id === "lobby");
    expect(auditorium && nodeStatus([session("talk", -1, 30)], auditorium, NOW)).toMatchObject({ kind: "live" });
    expect(lobby && nodeStatus([session("talk", -1, 30)], lobby, NOW)).toBeNull();
  });

  it("keys every room with something to say by its id in lower case", () => {
    const statuses = nodeStatuses(tour, [session("talk", 10, 30)], NOW);
    expect([...statuses.keys()]).toEqual(["auditorium"]);
    expect(statuses.get("auditorium")).toMatchObject({ kind: "soon", minutes: 10 });
    expect(nodeStatuses(null, [session("talk", 10, 30)], NOW).size).toBe(0);
  });
});
