import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "@/lib/api-client";
import type { Where } from "./api";
import { applyBallot, applyNotice, applyTally, checkChoice, pollHere, refusal, replacePoll, resultsVisible, sortPolls, tallyRows } from "./model";
import { notice, poll, tally } from "./testing";

const hall: Where = { nodeID: "hall", sessionIDs: ["keynote"] };

describe("where a poll belongs", () => {
  it("is the room, the session playing there, or the whole event", () => {
    expect(pollHere({ PanoNodeID: "hall", SessionID: null }, hall)).toBe(true);
    expect(pollHere({ PanoNodeID: "stage", SessionID: "keynote" }, hall)).toBe(true);
    expect(pollHere({ PanoNodeID: "", SessionID: null }, hall)).toBe(true);
    expect(pollHere({ PanoNodeID: "lobby", SessionID: null }, hall)).toBe(false);
    expect(pollHere({ PanoNodeID: "lobby", SessionID: "workshop" }, hall)).toBe(false);
    // Not in a room yet: every poll of the event.
    expect(pollHere({ PanoNodeID: "lobby", SessionID: null }, { nodeID: null, sessionIDs: [] })).toBe(true);
  });

  it("shows results by the poll's mode and state", () => {
    expect(resultsVisible({ Results: "live", State: "open" })).toBe(true);
    expect(resultsVisible({ Results: "closed", State: "open" })).toBe(false);
    expect(resultsVisible({ Results: "closed", State: "closed" })).toBe(true);
    expect(resultsVisible({ Results: "hidden", State: "closed" })).toBe(false);
  });

  it("lists open polls before closed ones, otherwise in the server's order", () => {
    const list = [poll("1", { State: "closed" }), poll("2"), poll("3", { State: "closed" }), poll("4")];
    expect(sortPolls(list).map((p) => p.ID)).toEqual(["2", "4", "1", "3"]);
  });
});

describe("POLL_NOTIFY", () => {
  it("adds a poll that opens here, without a ballot, and asks for nothing more when results are not visible", () => {
    const result = applyNotice([], notice("p1", { Results: "closed" }), hall);
    expect(result.polls).toEqual([expect.objectContaining({ ID: "p1", State: "open", MyBallot: null, Tally: null, ResultsVisible: false, IsActive: true })]);
    expect(result.polls[0]).not.toHaveProperty("Deleted");
    expect(result.needsTally).toBe(false);
  });

  it("keeps the attendee's ballot and the tally across an edit", () => {
    const held = poll("p1", { ResultsVisible: true, Tally: tally("p1", { a: 1 }, "2026-05-09T12:00:00Z"), MyBallot: { PollID: "p1", OptionIDs: ["a"], Other: null, UpdatedAt: "2026-05-09T12:00:00Z" } });
    const { polls } = applyNotice([held], notice("p1", { Question: "Edited?" }), hall);
    expect(polls[0]).toEqual(expect.objectContaining({ Question: "Edited?", MyBallot: held.MyBallot, Tally: held.Tally }));
  });

  it("asks for the tally when a poll whose results show after closing closes", () => {
    const held = poll("p1", { Results: "closed" });
    const result = applyNotice([held], notice("p1", { Results: "closed", State: "closed" }), hall);
    expect(result.polls[0]).toEqual(expect.objectContaining({ State: "closed", ResultsVisible: true, IsActive: false, Tally: null }));
    expect(result.needsTally).toBe(true);
  });

  it("drops a tally the attendee may no longer see", () => {
    const held = poll("p1", { ResultsVisible: true, Tally: tally("p1", { a: 1 }, null) });
    expect(applyNotice([held], notice("p1", { Results: "hidden" }), hall).polls[0]?.Tally).toBeNull();
  });

  it("removes a deleted poll, one back in draft and one moved to another room", () => {
    const held = [poll("p1"), poll("p2")];
    expect(applyNotice(held, notice("p1", { Deleted: true }), hall).polls.map((p) => p.ID)).toEqual(["p2"]);
    expect(applyNotice(held, notice("p1", { State: "draft" }), hall).polls.map((p) => p.ID)).toEqual(["p2"]);
    expect(applyNotice(held, notice("p1", { PanoNodeID: "lobby" }), hall).polls.map((p) => p.ID)).toEqual(["p2"]);
  });
});

describe("tallies and ballots", () => {
  it("keeps the tally counted up to the newest ballot, whatever order frames arrive in", () => {
    let list = [poll("p1", { ResultsVisible: true })];
    list = applyTally(list, tally("p1", { a: 2 }, "2026-05-09T12:00:02Z"));
    list = applyTally(list, tally("p1", { a: 1 }, "2026-05-09T12:00:01Z"));
    expect(list[0]?.Tally?.Counts).toEqual([{ OptionID: "a", Count: 2 }]);
    list = applyTally(list, tally("p1", { a: 3 }, "2026-05-09T12:00:03Z"));
    expect(list[0]?.Tally?.Counts).toEqual([{ OptionID: "a", Count: 3 }]);
    // A tally of a poll not listed changes nothing (same array back).
    expect(applyTally(list, tally("other", { a: 9 }, null))).toBe(list);
  });

  it("takes the attendee's newer ballot and ignores an older one", () => {
    const list = [poll("p1", { MyBallot: { PollID: "p1", OptionIDs: ["a"], Other: null, UpdatedAt: "2026-05-09T12:00:05Z" } })];
    expect(applyBallot(list, { PollID: "p1", OptionIDs: ["b"], Other: null, UpdatedAt: "2026-05-09T12:00:01Z" })).toBe(list);
    expect(applyBallot(list, { PollID: "p1", OptionIDs: ["b"], Other: "x", UpdatedAt: "2026-05-09T12:00:06Z" })[0]?.MyBallot).toEqual({
      PollID: "p1",
      OptionIDs: ["b"],
      Other: "x",
      UpdatedAt: "2026-05-09T12:00:06Z",
    });
  });

  it("replaces a poll read again, or drops it when it is no longer here", () => {
    const list = [poll("p1"), poll("p2")];
    expect(replacePoll(list, poll("p1", { State: "closed" }), hall)[0]?.State).toBe("closed");
    expect(replacePoll(list, poll("p1", { PanoNodeID: "lobby" }), hall).map((p) => p.ID)).toEqual(["p2"]);
  });

  it("gives each option its share of ballots, and a row for own answers when the poll takes them", () => {
    const rows = tallyRows({ Options: poll("p1").Options, AllowOther: true }, tally("p1", { a: 3, b: 0 }, null, 1), "Own answers");
    expect(rows).toEqual([
      { optionID: "a", text: "Hybrid stages", count: 3, share: 0.75 },
      { optionID: "b", text: "Networking", count: 0, share: 0 },
      { optionID: null, text: "Own answers", count: 1, share: 0.25 },
    ]);
    expect(tallyRows({ Options: poll("p1").Options, AllowOther: false }, tally("p1", {}, null), "x").map((r) => r.share)).toEqual([0, 0]);
  });
});

describe("a ballot before it is sent", () => {
  const single = { Multiple: false, AllowOther: true };
  const multiple = { Multiple: true, AllowOther: true };

  it("needs one answer in a single-choice poll, or an own answer instead", () => {
    expect(checkChoice(single, { optionIDs: [], other: false, otherText: "" })).toEqual({ ok: false, key: "form.chooseOne" });
    expect(checkChoice(single, { optionIDs: ["a"], other: false, otherText: "" })).toEqual({ ok: true, body: { OptionIDs: ["a"], Other: null } });
    expect(checkChoice(single, { optionIDs: ["a"], other: true, otherText: " Mine " })).toEqual({ ok: true, body: { OptionIDs: [], Other: "Mine" } });
  });

  it("needs at least one answer in a multiple-choice poll, options and an own answer together allowed", () => {
    expect(checkChoice(multiple, { optionIDs: [], other: false, otherText: "" })).toEqual({ ok: false, key: "form.chooseSome" });
    expect(checkChoice(multiple, { optionIDs: ["a", "b", "a"], other: true, otherText: "c" })).toEqual({ ok: true, body: { OptionIDs: ["a", "b"], Other: "c" } });
  });

  it("refuses an empty or too long own answer, and ignores one the poll does not take", () => {
    expect(checkChoice(single, { optionIDs: [], other: true, otherText: "  " })).toEqual({ ok: false, key: "form.otherEmpty" });
    expect(checkChoice(single, { optionIDs: [], other: true, otherText: "x".repeat(201) })).toEqual({ ok: false, key: "form.otherTooLong", values: { max: 200 } });
    expect(checkChoice({ Multiple: false, AllowOther: false }, { optionIDs: ["a"], other: true, otherText: "x" })).toEqual({ ok: true, body: { OptionIDs: ["a"], Other: null } });
  });
});

describe("a refused ballot", () => {
  const api = (code: string, data: unknown = null) => new ApiError(409, code, code, data);
  it("says what each poll code means, and whether the poll must be read again", () => {
    expect(refusal(api("POLL_NOT_FOUND"), false)).toEqual({ key: "errors.notFound", reread: false, gone: true });
    expect(refusal(api("POLL_NOT_OPEN", { State: "closed" }), false)).toEqual(expect.objectContaining({ key: "errors.closed", reread: true }));
    expect(refusal(api("POLL_NOT_OPEN", { State: "draft" }), false)?.key).toBe("errors.notYetOpen");
    expect(refusal(api("POLL_NOT_OPEN"), false)?.key).toBe("errors.notOpen");
    expect(refusal(api("POLL_OPTION_UNKNOWN"), false)).toEqual(expect.objectContaining({ key: "errors.optionUnknown", reread: true }));
    expect(refusal(api("POLL_CHOICE_INVALID", { Multiple: false }), false)?.key).toBe("errors.chooseOne");
    expect(refusal(api("POLL_CHOICE_INVALID", { Multiple: true }), false)?.key).toBe("errors.chooseSome");
    expect(refusal(api("POLL_OTHER_NOT_ALLOWED"), false)?.key).toBe("errors.otherNotAllowed");
    expect(refusal(api("POLL_BALLOT_LOCKED"), false)).toEqual(expect.objectContaining({ key: "errors.locked", reread: true }));
    expect(refusal(api("TEXT_TOO_LONG", { MaxLength: 200 }), false)).toEqual(expect.objectContaining({ key: "errors.tooLong", values: { max: 200 } }));
    expect(refusal(api("VALIDATION_ERROR"), false)?.key).toBe("errors.invalid");
  });

  it("leaves other failures to the app's shared messages", () => {
    expect(refusal(api("RATE_LIMITED"), false)).toBeNull();
    expect(refusal(new NetworkError(new TypeError("offline")), false)).toBeNull();
  });
});
