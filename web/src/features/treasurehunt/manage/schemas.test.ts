import { describe, expect, it } from "vitest";
import { item } from "../testing";
import { huntSchema, itemSchema, itemValues, toHuntBody, toItemBody } from "./schemas";

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("the section's form rules", () => {
  it("checks an item's room, name, clue, points and place as the server does", () => {
    const valid = { NodeID: "lobby", Name: " Key ", Clue: "", Points: "10", Yaw: "-180", Pitch: "90" };
    expect(itemSchema.safeParse(valid).success).toBe(true);
    expect(issues(itemSchema.safeParse({ NodeID: "", Name: "  ", Clue: "x".repeat(501), Points: "2.5", Yaw: "180.1", Pitch: "abc" }))).toEqual({
      NodeID: "nodeRequired",
      Name: "nameRequired",
      Clue: "clueTooLong",
      Points: "pointsRange",
      Yaw: "yawRange",
      Pitch: "pitchRange",
    });
    expect(issues(itemSchema.safeParse({ ...valid, Name: "é".repeat(121), Points: "0" }))).toEqual({ Name: "nameTooLong", Points: "pointsRange" });
    // A decimal comma is a decimal point; the body is trimmed and numeric.
    expect(toItemBody({ ...valid, Yaw: "12,5", Clue: " hint " })).toEqual({ NodeID: "lobby", Name: "Key", Clue: "hint", Points: 10, Yaw: 12.5, Pitch: 90 });
  });

  it("fills a new item's form in the first room, straight ahead, for 10 points, and a stored one's as stored", () => {
    expect(itemValues(null, "lobby")).toEqual({ NodeID: "lobby", Name: "", Clue: "", Points: "10", Yaw: "0", Pitch: "0" });
    expect(itemValues(item("i1", { Yaw: 12.345, Pitch: -3.21, Points: 25 }), "lobby")).toMatchObject({ Yaw: "12.3", Pitch: "-3.2", Points: "25" });
  });

  it("checks a hunt's title and times in the event's zone, and sends times only when set", () => {
    const schema = huntSchema("Europe/Berlin");
    expect(issues(schema.safeParse({ Title: " ", DateBegin: "2030-13-01T10:00", DateEnd: "" }))).toEqual({ Title: "titleRequired", DateBegin: "dateInvalid" });
    expect(issues(schema.safeParse({ Title: "x".repeat(301), DateBegin: "2030-05-01T10:00", DateEnd: "2030-05-01T10:00" }))).toEqual({ Title: "titleTooLong", DateEnd: "endBeforeBegin" });
    expect(toHuntBody({ Title: " Stars ", DateBegin: "", DateEnd: "" }, "Europe/Berlin")).toEqual({ Title: "Stars" });
    expect(toHuntBody({ Title: "Stars", DateBegin: "", DateEnd: "2030-01-01T00:00" }, "Europe/Berlin")).toEqual({ Title: "Stars", DateEnd: "2029-12-31T23:00:00.000Z" });
  });
});
