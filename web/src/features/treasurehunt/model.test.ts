import { describe, expect, it } from "vitest";
import { boardFromFrame, boardFromRest, huntAfterFind, initials, isOpenAt, markFound, meAfterFind, pickHunt, pinnedRank, safePicture } from "./model";
import { BOB, hunt, item, MAIN, ME, mine, row, SIDE } from "./testing";

describe("the hunt's rules on the client", () => {
  it("shows the hunt chosen, else the main hunt, else the first", () => {
    const hunts = [hunt(SIDE), hunt(MAIN, { IsMain: true })];
    expect(pickHunt(hunts, null)?.ID).toBe(MAIN);
    expect(pickHunt(hunts, SIDE)?.ID).toBe(SIDE);
    expect(pickHunt(hunts, "gone")?.ID).toBe(MAIN);
    expect(pickHunt([hunt(SIDE)], null)?.ID).toBe(SIDE);
    expect(pickHunt([], null)).toBeNull();
  });

  it("is open between its times when they are set, else as the server said", () => {
    const at = Date.parse("2026-05-09T12:00:00Z");
    expect(isOpenAt(hunt(MAIN, { IsOpen: false }), at)).toBe(false);
    expect(isOpenAt(hunt(MAIN, { IsOpen: false, DateBegin: "2026-05-09T11:00:00Z" }), at)).toBe(true);
    expect(isOpenAt(hunt(MAIN, { DateBegin: "2026-05-09T13:00:00Z" }), at)).toBe(false);
    expect(isOpenAt(hunt(MAIN, { DateEnd: "2026-05-09T12:00:00Z" }), at)).toBe(false);
    expect(isOpenAt(hunt(MAIN, { DateBegin: "2026-05-09T11:00:00Z", DateEnd: "2026-05-09T12:00:01Z" }), at)).toBe(true);
  });

  it("applies only frames newer than the newest applied, and REST reads keep that Version", () => {
    const first = boardFromFrame(undefined, { Top: [row(1, ME)], Version: 200 });
    expect(first).toEqual({ rows: [row(1, ME)], version: 200 });
    expect(boardFromFrame(first, { Top: [row(1, BOB)], Version: 150 })).toBeUndefined();
    expect(boardFromFrame(first, { Top: [row(1, BOB)], Version: 200 })).toBeUndefined();
    const read = boardFromRest(first, [row(1, BOB)]);
    expect(read).toEqual({ rows: [row(1, BOB)], version: 200 });
    // A frame delayed on another process still loses against the newest seen.
    expect(boardFromFrame(read, { Top: [], Version: 199 })).toBeUndefined();
    expect(boardFromFrame(read, { Top: [], Version: 201 })).toEqual({ rows: [], version: 201 });
    expect(boardFromRest(undefined, [])).toEqual({ rows: [], version: 0 });
  });

  it("pins the caller's rank only when ranked and not among the rows shown", () => {
    const rows = [row(1, BOB)];
    expect(pinnedRank(rows, mine({ Rank: 14, Score: 20 }), ME)).toEqual({ rank: 14, score: 20 });
    expect(pinnedRank([...rows, row(2, ME)], mine({ Rank: 2, Score: 80 }), ME)).toBeNull();
    expect(pinnedRank(rows, mine({ Rank: null }), ME)).toBeNull();
    expect(pinnedRank(rows, undefined, ME)).toBeNull();
  });

  it("marks a found item and the caller's standing after a find", () => {
    const items = [item("i1"), item("i2")];
    expect(markFound(items, "i2").map((i) => i.Found)).toEqual([false, true]);
    const result = { ItemID: "i2", Points: 20, Score: 30, Found: 2, Rank: 3 };
    expect(meAfterFind(mine({ FoundItemIDs: ["i1"] }), result)).toMatchObject({ Score: 30, Found: 2, Rank: 3, FoundItemIDs: ["i1", "i2"] });
    expect(meAfterFind(mine({ FoundItemIDs: ["i2"] }), result).FoundItemIDs).toEqual(["i2"]);
    expect(huntAfterFind(hunt(MAIN), MAIN, result)).toMatchObject({ MyScore: 30, MyFound: 2 });
    expect(huntAfterFind(hunt(SIDE), MAIN, result)).toMatchObject({ MyScore: 0, MyFound: 0 });
  });

  it("shows only http(s) pictures or paths on this site, and initials otherwise", () => {
    expect(safePicture("https://cdn.example.org/a.png")).toBe("https://cdn.example.org/a.png");
    expect(safePicture("/api/v1/files/abc")).toBe("/api/v1/files/abc");
    expect(safePicture("javascript:alert(1)")).toBeNull();
    expect(safePicture("//evil.example/x.png")).toBeNull();
    expect(safePicture("")).toBeNull();
    expect(initials("ada  lovelace byron")).toBe("AL");
    expect(initials("")).toBe("");
  });
});
