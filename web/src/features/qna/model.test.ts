import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { applyQuestion, applyUpvote, applyVotes, refusal, sortQuestions, toggleUpvote, upsertQuestion } from "./model";
import { question, questionNotice } from "./testing";

const ids = (list: { ID: string }[]) => list.map((q) => q.ID);

describe("the order", () => {
  const list = [
    question("old", { Votes: 2, CreatedAt: "2026-05-09T12:00:00Z" }),
    question("new", { Votes: 2, CreatedAt: "2026-05-09T12:05:00Z" }),
    question("top", { Votes: 9, CreatedAt: "2026-05-09T12:01:00Z" }),
    question("pinned", { Votes: 0, Pinned: true, CreatedAt: "2026-05-09T11:00:00Z" }),
  ];
  it("puts the pinned question first, then most votes (the older first on a tie)", () => {
    expect(ids(sortQuestions(list, "top"))).toEqual(["pinned", "top", "old", "new"]);
  });
  it("or the newest first", () => {
    expect(ids(sortQuestions(list, "newest"))).toEqual(["pinned", "new", "top", "old"]);
  });
});

describe("QUESTION_NOTIFY", () => {
  it("adds a new question and replaces a known one, keeping the attendee's upvote and authorship", () => {
    const held = [question("q1", { Upvoted: true, Mine: true, Votes: 1 })];
    const added = applyQuestion(held, questionNotice("q2"));
    expect(ids(added)).toEqual(["q1", "q2"]);
    expect(added[1]).toEqual(expect.objectContaining({ Upvoted: false, Mine: false }));
    expect(added[1]).not.toHaveProperty("Deleted");
    const answered = applyQuestion(held, questionNotice("q1", { Answered: true, Votes: 3 }));
    expect(answered[0]).toEqual(expect.objectContaining({ Answered: true, Votes: 3, Upvoted: true, Mine: true }));
  });

  it("keeps the author's own name on their anonymous question (frames carry none)", () => {
    const held = [question("q1", { Anonymous: true, AuthorName: "Ada Lovelace", Mine: true })];
    expect(applyQuestion(held, questionNotice("q1", { Anonymous: true, AuthorName: null, Answered: true }))[0]?.AuthorName).toBe("Ada Lovelace");
  });

  it("drops a hidden question, except the attendee's own, which says it was not published", () => {
    const held = [question("q1"), question("mine", { Mine: true, Text: "My words" })];
    const after = applyQuestion(applyQuestion(held, questionNotice("q1", { Status: "hidden", Text: "" })), questionNotice("mine", { Status: "hidden", Text: "", AuthorName: null }));
    expect(after).toEqual([expect.objectContaining({ ID: "mine", Status: "hidden", Text: "My words" })]);
    // A hidden question never seen before is not added.
    expect(applyQuestion([], questionNotice("q9", { Status: "hidden", Text: "" }))).toEqual([]);
  });

  it("removes a deleted question, and pinning one unpins the other", () => {
    const held = [question("q1", { Pinned: true }), question("q2")];
    expect(ids(applyQuestion(held, questionNotice("q1", { Deleted: true })))).toEqual(["q2"]);
    const repinned = applyQuestion(held, questionNotice("q2", { Pinned: true }));
    expect(repinned.map((q) => q.Pinned)).toEqual([false, true]);
  });
});

describe("votes", () => {
  it("takes the recounted votes of the questions named, and nothing else", () => {
    const held = [question("q1", { Votes: 1 }), question("q2", { Votes: 2 })];
    expect(applyVotes(held, { Votes: [{ ID: "q2", Votes: 5 }, { ID: "unknown", Votes: 9 }] }).map((q) => q.Votes)).toEqual([1, 5]);
    expect(applyVotes(held, { Votes: [{ ID: "q1", Votes: 1 }] })).toBe(held);
  });

  it("toggles the attendee's upvote at once, never below zero", () => {
    const held = [question("q1", { Votes: 0 })];
    expect(toggleUpvote(held, "q1", true)[0]).toEqual(expect.objectContaining({ Upvoted: true, Votes: 1 }));
    expect(toggleUpvote(held, "q1", false)[0]).toEqual(expect.objectContaining({ Upvoted: false, Votes: 0 }));
    expect(ids(upsertQuestion(held, question("q2")))).toEqual(["q1", "q2"]);
  });

  it("marks the attendee's stored upvote (QUESTION_UPVOTE_NOTIFY) with the count it brings", () => {
    const held = [question("q1", { Votes: 1 }), question("q2", { Votes: 4 })];
    const next = applyUpvote(held, { QuestionID: "q2", Votes: 6 });
    expect(next.map((q) => [q.Upvoted, q.Votes])).toEqual([
      [false, 1],
      [true, 6],
    ]);
    expect(applyUpvote(next, { QuestionID: "q2", Votes: 6 })).toBe(next);
    expect(applyUpvote(held, { QuestionID: "unknown", Votes: 3 })).toBe(held);
  });
});

describe("refusals", () => {
  it("name the Q&A codes in words and leave the rest to the app", () => {
    const api = (code: string, data: unknown = null) => new ApiError(409, code, code, data);
    expect(refusal(api("QNA_CLOSED"))).toEqual({ key: "errors.closed" });
    expect(refusal(api("QUESTION_NOT_FOUND"))).toEqual({ key: "errors.notFound" });
    expect(refusal(api("TEXT_EMPTY"))).toEqual({ key: "errors.empty" });
    expect(refusal(api("TEXT_TOO_LONG", { MaxLength: 500 }))).toEqual({ key: "errors.tooLong", values: { max: 500 } });
    expect(refusal(api("RATE_LIMITED", { RetryAfterMs: 12_300 }))).toEqual({ key: "errors.rateLimited", values: { seconds: 13 } });
    expect(refusal(api("RATE_LIMITED"))).toBeNull();
    expect(refusal(api("FORBIDDEN"))).toBeNull();
  });
});
