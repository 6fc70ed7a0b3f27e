/** Fixtures and a fake REST server for the polls tests (not shipped: only tests import it). */
import type { PollNotice, PollResults } from "@/lib/realtime";
import type { PollView } from "./api";

export function notice(id: string, over: Partial<PollNotice> = {}): PollNotice {
  return {
    ID: id,
    EventID: "e1",
    Question: `Question ${id}?`,
    Options: [
      { ID: "a", Text: "Hybrid stages" },
      { ID: "b", Text: "Networking" },
    ],
    Multiple: false,
    AllowOther: false,
    AllowChange: true,
    Results: "live",
    State: "open",
    OpensAt: null,
    ClosesAt: null,
    PanoNodeID: "hall",
    SessionID: null,
    Deleted: false,
    ...over,
  };
}

export function poll(id: string, over: Partial<PollView> = {}): PollView {
  const fields: Partial<PollNotice> = notice(id);
  delete fields.Deleted;
  return { ...(fields as Omit<PollNotice, "Deleted">), ResultsVisible: false, Tally: null, MyBallot: null, IsActive: true, ...over };
}

export function tally(pollID: string, counts: Record<string, number>, asOf: string | null, other = 0): PollResults {
  const ballots = Object.values(counts).reduce((a, b) => a + b, 0) + other;
  return { PollID: pollID, EventID: "e1", Ballots: ballots, Counts: Object.entries(counts).map(([OptionID, Count]) => ({ OptionID, Count })), Other: other, AsOf: asOf };
}

export { type Reply, refused, routeServer as fakeServer } from "@/test/route-server";
