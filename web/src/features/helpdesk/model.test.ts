import { describe, expect, it } from "vitest";
import { duration, firstResponseMs, inView, mergeMessages, sortMine, sortView, upsert, waitingMs, withQueueTicket } from "./model";
import { AGENT, chatMessage, ME, OTHER_AGENT, people, roomOf, ticket } from "./testing";

const at = (minutes: number) => new Date(Date.UTC(2026, 4, 9, 12, minutes)).toISOString();

describe("the queue's tabs", () => {
  it("puts a ticket on the tab of its state, and on Mine while the agent holds it open or waiting", () => {
    const held = ticket("t1", { State: "waiting", Assignee: people.agent });
    expect(inView(held, "waiting", AGENT)).toBe(true);
    expect(inView(held, "mine", AGENT)).toBe(true);
    expect(inView(held, "mine", OTHER_AGENT)).toBe(false);
    expect(inView(held, "open", AGENT)).toBe(false);
    // A closed ticket the agent held is not theirs to answer any more.
    expect(inView({ ...held, State: "closed" }, "mine", AGENT)).toBe(false);
    expect(inView(ticket("t2"), "new", AGENT)).toBe(true);
  });

  it("orders who waits longest first where an answer is owed, newest first elsewhere", () => {
    const early = ticket("a", { LastMessageAt: at(1) });
    const late = ticket("b", { LastMessageAt: at(9) });
    expect(sortView([late, early], "new").map((t) => t.ID)).toEqual(["a", "b"]);
    expect(sortView([late, early], "open").map((t) => t.ID)).toEqual(["a", "b"]);
    expect(sortView([early, late], "waiting").map((t) => t.ID)).toEqual(["b", "a"]);
    const closedLong = ticket("c", { State: "closed", ClosedAt: at(2) });
    const closedNow = ticket("d", { State: "closed", ClosedAt: at(30) });
    expect(sortView([closedLong, closedNow], "closed").map((t) => t.ID)).toEqual(["d", "c"]);
  });

  it("moves a changed ticket between tabs, and never lets an older copy win", () => {
    const fresh = ticket("t1", { UpdatedAt: at(1), LastMessageAt: at(1) });
    const other = ticket("t2", { LastMessageAt: at(0), UpdatedAt: at(0) });
    const claimed = { ...fresh, State: "open" as const, Assignee: people.agent, UpdatedAt: at(3) };
    expect(withQueueTicket([other, fresh], claimed, "new", AGENT).map((t) => t.ID)).toEqual(["t2"]);
    expect(withQueueTicket([], claimed, "mine", AGENT).map((t) => t.ID)).toEqual(["t1"]);
    expect(withQueueTicket([other], claimed, "open", AGENT).map((t) => t.ID)).toEqual(["t2", "t1"]);
    // The frame of the claim crosses an older read: the newer copy stays.
    const list = withQueueTicket([claimed], { ...fresh, UpdatedAt: at(2) }, "open", AGENT);
    expect(list).toEqual([claimed]);
  });

  it("keeps the attendee's list newest activity first", () => {
    const a = ticket("a", { LastMessageAt: at(1), UpdatedAt: at(1) });
    const b = ticket("b", { LastMessageAt: at(2), UpdatedAt: at(2) });
    expect(sortMine([a, b]).map((t) => t.ID)).toEqual(["b", "a"]);
    const reopened = { ...a, State: "open" as const, UpdatedAt: at(5) };
    expect(upsert([b, a], reopened, sortMine).map((t) => t.ID)).toEqual(["a", "b"]);
  });
});

describe("the desk's timings", () => {
  it("counts the wait only while the attendee spoke last and the ticket is not closed", () => {
    const now = Date.parse(at(42));
    expect(waitingMs(ticket("t", { LastMessageAt: at(30), LastMessageBy: "requester" }), now)).toBe(12 * 60_000);
    expect(waitingMs(ticket("t", { LastMessageAt: at(30), LastMessageBy: "agent", State: "waiting" }), now)).toBeNull();
    expect(waitingMs(ticket("t", { LastMessageAt: at(30), State: "closed" }), now)).toBeNull();
  });

  it("measures the first response from the ticket's creation", () => {
    expect(firstResponseMs(ticket("t", { CreatedAt: at(0), FirstResponseAt: at(7) }))).toBe(7 * 60_000);
    expect(firstResponseMs(ticket("t"))).toBeNull();
  });

  it("says a duration in the largest units that matter", () => {
    expect(duration(30_000)).toEqual({ unit: "seconds" });
    expect(duration(12 * 60_000)).toEqual({ unit: "minutes", minutes: 12 });
    expect(duration(125 * 60_000)).toEqual({ unit: "hours", hours: 2, minutes: 5 });
    expect(duration((26 * 60 + 5) * 60_000)).toEqual({ unit: "days", days: 1, hours: 2 });
  });
});

it("merges a conversation's messages by id, oldest first, dropping deleted ones", () => {
  const room = roomOf("t");
  const [one, two, three] = [chatMessage(1, ME, room), chatMessage(2, AGENT, room), chatMessage(3, ME, room)];
  if (!one || !two || !three) throw new Error("fixtures");
  const merged = mergeMessages([three, one], [two, { ...one, Text: "edited" }]);
  expect(merged.map((m) => m.Text)).toEqual(["edited", "m2", "m3"]);
  expect(mergeMessages(merged, [{ ...two, IsDeletedByAuthor: true }]).map((m) => m.Text)).toEqual(["edited", "m3"]);
});
