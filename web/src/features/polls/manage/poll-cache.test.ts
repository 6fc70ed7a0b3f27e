import { describe, expect, it } from "vitest";
import type { PollNotice } from "@/lib/realtime";
import type { PollResults, PollView } from "./api";
import { isNewerTally, withNotice, withPoll, withResults } from "./poll-cache";
import { noticeOf } from "./polls-test-utils";
import { resultRows } from "./results-model";

const tally = (ballots: number, asOf: string | null, counts: [string, number][] = []): PollResults => ({
  PollID: "p1",
  EventID: "e1",
  Ballots: ballots,
  Counts: counts.map(([OptionID, Count]) => ({ OptionID, Count })),
  Other: 0,
  AsOf: asOf,
});

const poll = (change: Partial<PollView> = {}): PollView => ({
  ID: "p1",
  EventID: "e1",
  Question: "Q",
  Options: [{ ID: "a", Text: "A" }, { ID: "b", Text: "B" }],
  Multiple: false,
  AllowOther: false,
  AllowChange: true,
  Results: "live",
  State: "open",
  OpensAt: null,
  ClosesAt: null,
  PanoNodeID: "",
  SessionID: null,
  ResultsVisible: true,
  Tally: tally(1, "2030-01-01T10:00:00.100000Z"),
  MyBallot: null,
  IsActive: true,
  ...change,
});

describe("tallies", () => {
  it("keeps the frame with the newest AsOf, whatever order frames arrive in", () => {
    const older = tally(1, "2030-01-01T10:00:00.100000Z");
    const newer = tally(2, "2030-01-01T10:00:00.200000Z");
    expect(isNewerTally(older, newer)).toBe(true);
    expect(isNewerTally(newer, older)).toBe(false);
    expect(isNewerTally(null, older)).toBe(true);
    expect(isNewerTally(older, tally(0, null))).toBe(false);
    const list = [poll()];
    expect(withResults(list, tally(0, "2030-01-01T09:59:59Z"))).toBe(list);
    expect(withResults(withResults(list, newer), older)[0]?.Tally?.Ballots).toBe(2);
  });

  it("keeps a newer tally when a write's answer brings an older one", () => {
    const list = [poll({ Tally: tally(5, "2030-01-01T10:00:05Z") })];
    const answered = poll({ Question: "Changed", Tally: tally(3, "2030-01-01T10:00:01Z") });
    expect(withPoll(list, answered)[0]).toMatchObject({ Question: "Changed", Tally: { Ballots: 5 } });
  });

  it("gives every option its count and its share of ballots, in the poll's order", () => {
    expect(resultRows(poll(), tally(4, "x", [["b", 3], ["a", 2]]))).toEqual([
      { id: "a", text: "A", count: 2, share: 0.5 },
      { id: "b", text: "B", count: 3, share: 0.75 },
    ]);
    expect(resultRows(poll(), null).map((r) => r.share)).toEqual([0, 0]);
  });
});

describe("POLL_NOTIFY", () => {
  const notice = (change: Partial<PollNotice> = {}): PollNotice => noticeOf(poll(), change);

  it("updates a known poll's fields and keeps its tally", () => {
    const { list, known } = withNotice([poll()], notice({ State: "closed" }));
    expect(known).toBe(true);
    expect(list[0]).toMatchObject({ State: "closed", IsActive: false, Tally: { Ballots: 1 } });
  });

  it("removes a deleted poll and reports an unknown one", () => {
    expect(withNotice([poll()], notice({ Deleted: true })).list).toEqual([]);
    expect(withNotice([poll()], notice({ ID: "p2" }))).toMatchObject({ known: false, list: [{ ID: "p1" }] });
  });
});
