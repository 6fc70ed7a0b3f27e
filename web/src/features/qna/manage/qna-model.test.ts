import { describe, expect, it } from "vitest";
import type { QnaSession } from "./api";
import { interactionOf } from "./api";
import { countByTab, defaultSession, tabOf, withQuestion, withVotes } from "./qna-model";
import { question } from "./qna-test-utils";

const at = (iso: string) => Date.parse(iso);
const session = (id: string, begin: string, end: string): QnaSession => ({ ID: id, InternalName: id, Title: id, DateBegin: begin, DateEnd: end });

describe("the queue's rules", () => {
  it("puts every question in exactly one tab", () => {
    expect(tabOf({ Status: "pending", Answered: true })).toBe("pending");
    expect(tabOf({ Status: "hidden", Answered: true })).toBe("hidden");
    expect(tabOf({ Status: "visible", Answered: true })).toBe("answered");
    expect(tabOf({ Status: "visible", Answered: false })).toBe("visible");
    expect(countByTab([question(1, "a"), question(2, "b", { Status: "pending" }), question(3, "c", { Answered: true })])).toEqual({ pending: 1, visible: 1, answered: 1, hidden: 0 });
  });

  it("takes new vote counts, keeping the list when none changed", () => {
    const list = [question(1, "a", { Votes: 2 })];
    expect(withVotes(list, [{ ID: question(1, "").ID, Votes: 2 }])).toBe(list);
    expect(withVotes(list, [{ ID: question(1, "").ID, Votes: 3 }])[0]?.Votes).toBe(3);
  });

  it("unpins the others when one is pinned", () => {
    const list = [question(1, "a", { Pinned: true }), question(2, "b")];
    expect(withQuestion(list, question(2, "b", { Pinned: true })).map((q) => q.Pinned)).toEqual([false, true]);
  });

  it("opens on the session running now, else the next, else the last", () => {
    const sessions = [session("past", "2030-05-01T07:00:00Z", "2030-05-01T08:00:00Z"), session("later", "2030-05-01T12:00:00Z", "2030-05-01T13:00:00Z"), session("now", "2030-05-01T09:00:00Z", "2030-05-01T10:00:00Z")];
    expect(defaultSession(sessions, at("2030-05-01T09:30:00Z"))?.ID).toBe("now");
    expect(defaultSession(sessions, at("2030-05-01T10:30:00Z"))?.ID).toBe("later");
    expect(defaultSession(sessions, at("2030-05-02T00:00:00Z"))?.ID).toBe("later");
    expect(defaultSession(sessions.slice(0, 1), at("2030-05-02T00:00:00Z"))?.ID).toBe("past");
    expect(defaultSession([], 0)).toBeUndefined();
  });

  it("reads switches missing from older session documents as the contract's defaults", () => {
    expect(interactionOf(session("s", "", ""))).toEqual({ QnaEnabled: true, QnaModerated: false, ReactionsEnabled: true });
    expect(interactionOf({ ...session("s", "", ""), QnaEnabled: false, QnaModerated: true, ReactionsEnabled: false })).toEqual({ QnaEnabled: false, QnaModerated: true, ReactionsEnabled: false });
  });
});
