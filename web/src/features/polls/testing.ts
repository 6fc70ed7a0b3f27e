/** Fixtures and a fake REST server for the polls tests (not shipped: only tests import it). */
import { vi } from "vitest";
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

export type Reply = { status: number; body?: unknown } | "offline";
type Route = Reply | ((url: URL, body: unknown) => Reply);

/**
 * `fetch` answering by "METHOD path" (without the query). Every call is recorded with its query
 * and parsed JSON body.
 */
export function fakeServer(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === "function" ? route(url, body) : (route ?? { status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND", Message: "no route" } } });
    if (reply === "offline") return Promise.reject(new TypeError("Failed to fetch"));
    return Promise.resolve(new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status }));
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, calls, routes };
}

export const refused = (status: number, code: string, data: Record<string, unknown> = {}): Reply => ({
  status,
  body: { Error: { Code: code, Message: code, Data: data } },
});
