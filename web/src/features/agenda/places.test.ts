import { describe, expect, it } from "vitest";
import { parseTour } from "@/features/venue/tour";
import { groupByPlace, placeOf, venueOf } from "./places";
import { tourJSON } from "./testing";

const venue = venueOf(parseTour(tourJSON));
const at = (ID: string, ScreenID: string, PanoNodeID: string) => ({ ID, ScreenID, PanoNodeID });

describe("where a session takes place", () => {
  it("is the room of its screen, with the path that plays it there", () => {
    expect(placeOf(at("s1", "auditorium-screen", ""), venue)).toMatchObject({ onScreen: true, path: "/auditorium?id=s1" });
  });

  it("else the node it names (by custom id), plainly", () => {
    expect(placeOf(at("s2", "", "lobby"), venue)).toMatchObject({ onScreen: false, path: "/welcome-hall" });
    expect(placeOf(at("s3", "unknown-screen", "nowhere"), venue)).toBeNull();
    expect(placeOf(at("s4", "auditorium-screen", ""), venueOf(null))).toBeNull();
  });

  it("groups by room in the tour's order, rooms unknown to the tour last", () => {
    const groups = groupByPlace([at("x", "", ""), at("a1", "auditorium-screen", ""), at("l1", "", "lobby"), at("a2", "", "auditorium")], venue);
    expect(groups.map((g) => [g.key, g.sessions.map((s) => s.ID)])).toEqual([
      ["lobby", ["l1"]],
      ["auditorium", ["a1", "a2"]],
      ["", ["x"]],
    ]);
  });
});
