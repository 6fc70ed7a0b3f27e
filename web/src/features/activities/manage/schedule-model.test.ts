import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import type { SessionActivity } from "./api";
import { collisions, dayLabel, findOverlaps, groupByDay, timeRange } from "./schedule-model";
import { mapSessionError } from "./session-errors";
import { tourScreens } from "./tour-screens";

function session(id: string, begin: string, end: string, change: Partial<SessionActivity> = {}): SessionActivity {
  return { ID: id, EventID: "e", InternalName: id, Title: id, PanoNodeID: "", ScreenID: "stage", IsVirtual: true, DateBegin: begin, DateEnd: end, ...change };
}

describe("the schedule by event day", () => {
  it("groups by the day a session begins on in the event's zone", () => {
    const late = session("late", "2030-05-01T22:30:00Z", "2030-05-01T23:30:00Z");
    const early = session("early", "2030-05-01T06:00:00Z", "2030-05-01T07:00:00Z");
    // 22:30 UTC is 00:30 the next day in Berlin (summer time, UTC+2).
    expect(groupByDay([late, early], "Europe/Berlin").map((d) => [d.date, d.sessions.map((s) => s.ID)])).toEqual([
      ["2030-05-01", ["early"]],
      ["2030-05-02", ["late"]],
    ]);
    expect(groupByDay([late, early], "UTC").map((d) => d.sessions.map((s) => s.ID))).toEqual([["early", "late"]]);
    expect(timeRange(late, "Europe/Berlin")).toEqual({ begin: "00:30", end: "01:30", endDate: null });
    expect(timeRange(session("x", "2030-05-01T21:00:00Z", "2030-05-01T23:00:00Z"), "Europe/Berlin")).toEqual({ begin: "23:00", end: "01:00", endDate: "02.05.2030" });
    expect(dayLabel("2030-05-01", "en")).toBe("Wednesday, 01.05.2030");
  });
});

describe("overlaps on a screen (the pre-publish rule)", () => {
  it("reports each session colliding with an earlier one, naming the one reaching furthest", () => {
    const a = session("a", "2030-05-01T09:00:00Z", "2030-05-01T12:00:00Z");
    const b = session("b", "2030-05-01T10:00:00Z", "2030-05-01T10:30:00Z");
    const c = session("c", "2030-05-01T11:00:00Z", "2030-05-01T13:00:00Z");
    const touching = session("d", "2030-05-01T13:00:00Z", "2030-05-01T14:00:00Z");
    const otherScreen = session("e", "2030-05-01T09:00:00Z", "2030-05-01T12:00:00Z", { ScreenID: "side" });
    const notVirtual = session("f", "2030-05-01T09:00:00Z", "2030-05-01T12:00:00Z", { IsVirtual: false });
    const noScreen = session("g", "2030-05-01T09:00:00Z", "2030-05-01T12:00:00Z", { ScreenID: "" });
    const found = findOverlaps([touching, c, b, a, otherScreen, notVirtual, noScreen]);
    expect(found.map((o) => [o.session.ID, o.other.ID, o.screenID])).toEqual([
      ["b", "a", "stage"],
      ["c", "a", "stage"],
    ]);
  });

  it("says which sessions a planned one would share its screen with", () => {
    const a = session("a", "2030-05-01T09:00:00Z", "2030-05-01T10:00:00Z");
    const plan = { id: null, screenID: "stage", isVirtual: true, begin: Date.parse("2030-05-01T09:30:00Z"), end: Date.parse("2030-05-01T11:00:00Z") };
    expect(collisions(plan, [a]).map((s) => s.ID)).toEqual(["a"]);
    expect(collisions({ ...plan, id: "a" }, [a])).toEqual([]);
    expect(collisions({ ...plan, begin: Date.parse("2030-05-01T10:00:00Z") }, [a])).toEqual([]);
    expect(collisions({ ...plan, isVirtual: false }, [a])).toEqual([]);
  });
});

describe("the tour's screens", () => {
  it("lists each screen once with every room showing it", () => {
    const tour = {
      Nodes: [
        { ID: "lobby", Name: { en: "Lobby", de: "Foyer" }, Screens: [{ ScreenID: "welcome" }, { ScreenID: "stage" }] },
        { ID: "hall", Name: {}, Screens: [{ ScreenID: "stage" }, { nonsense: true }] },
        { Name: { en: "No id" }, Screens: [{ ScreenID: "x" }] },
      ],
    };
    expect(tourScreens(tour, "de")).toEqual([
      { screenID: "welcome", nodeID: "lobby", rooms: ["Foyer"] },
      { screenID: "stage", nodeID: "lobby", rooms: ["Foyer", "hall"] },
    ]);
    expect(tourScreens("garbage", "en")).toEqual([]);
  });
});

describe("a refused session save", () => {
  it("puts the server's problems beside the form's fields", () => {
    const invalid = new ApiError(422, "VALIDATION_ERROR", "bad", {
      Problems: [{ Name: "ConferenceJoinURL", Message: "must be http(s)" }, { Name: "Title", Message: "too long" }],
    });
    expect(mapSessionError(invalid, "Iframe")).toEqual({ message: "errors.invalidInput", fields: ["Title", "JoinURL"] });
    expect(mapSessionError(invalid, "Vimeo").fields).toEqual(["Title", "ExternalVideo"]);
  });

  it("reads the rules over several fields from their message", () => {
    const dates = new ApiError(422, "VALIDATION_ERROR", "bad", { Problems: [{ Name: "body", Message: "Value error, DateEnd must be after DateBegin" }] });
    expect(mapSessionError(dates, "None")).toEqual({ message: "endBeforeBegin", fields: ["End"] });
    const video = new ApiError(422, "VALIDATION_ERROR", "bad", { Problems: [{ Name: "body", Message: "ConferenceType Video needs the video's ID as ConferenceID" }] });
    expect(mapSessionError(video, "Video").fields).toEqual(["VideoID"]);
    expect(mapSessionError(new ApiError(404, "VIDEO_NOT_FOUND", "gone", { VideoID: "x" }), "Video")).toEqual({ message: "videoUnknown", fields: ["VideoID"] });
    expect(mapSessionError(new ApiError(403, "FORBIDDEN", "no"), "None")).toEqual({ message: "errors.forbidden", fields: [] });
  });
});
