/**
 * Test helpers for the Polls section: a fake server holding one event's polls, answering the calls
 * of api.ts the way the contract says (open/close set the state; POLL_INCOMPLETE for a poll without
 * two options), and the screen rendered with its own query client. Queued answers make the next
 * write fail.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import type { PollNotice } from "@/lib/realtime";
import type { PollResults, PollView, SessionChoice } from "./api";
import { PollsScreen } from "./PollsScreen";

export const EVENT = "e".repeat(24);
export const BASE = `/api/v1/events/${EVENT}`;
export const PANO_URL = "/tours/p1/1/";
export const ZONE = "Europe/Berlin";

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}
export type Reply = { status: number; body?: unknown; type?: string; disposition?: string };

export const tally = (pollId: string, ballots: number, counts: [string, number][], asOf: string | null, other = 0): PollResults => ({
  PollID: pollId,
  EventID: EVENT,
  Ballots: ballots,
  Counts: counts.map(([OptionID, Count]) => ({ OptionID, Count })),
  Other: other,
  AsOf: asOf,
});

export function poll(n: number, question: string, change: Partial<PollView> = {}): PollView {
  const id = `p${n.toString(16).padStart(23, "0")}`;
  return {
    ID: id,
    EventID: EVENT,
    Question: question,
    Options: [
      { ID: "a", Text: "Hybrid stages" },
      { ID: "b", Text: "Networking" },
    ],
    Multiple: false,
    AllowOther: false,
    AllowChange: true,
    Results: "live",
    State: "draft",
    OpensAt: null,
    ClosesAt: null,
    PanoNodeID: "",
    SessionID: null,
    ResultsVisible: false,
    Tally: tally(id, 0, [], null),
    MyBallot: null,
    IsActive: false,
    ...change,
  };
}

/** The POLL_NOTIFY a poll's change sends. */
export function noticeOf(p: PollView, change: Partial<PollNotice> = {}): PollNotice {
  return {
    ID: p.ID,
    EventID: p.EventID,
    Question: p.Question,
    Options: p.Options,
    Multiple: p.Multiple,
    AllowOther: p.AllowOther,
    AllowChange: p.AllowChange,
    Results: p.Results,
    State: p.State,
    OpensAt: p.OpensAt,
    ClosesAt: p.ClosesAt,
    PanoNodeID: p.PanoNodeID,
    SessionID: p.SessionID,
    Deleted: false,
    ...change,
  };
}

export const sessions: SessionChoice[] = [
  { ID: "s".repeat(24), InternalName: "keynote", Title: "Keynote", DateBegin: "2030-05-01T07:00:00Z", DateEnd: "2030-05-01T08:00:00Z" },
];

const tour = { Nodes: [{ ID: "auditorium", Name: { en: "Auditorium" } }, { ID: "lobby", Name: { en: "Lobby" } }] };

export interface PollsServer {
  calls: Call[];
  polls: PollView[];
  answers: Reply[];
  writes: () => Call[];
}

export function servePolls(polls: PollView[], options: { failList?: boolean } = {}): PollsServer {
  const server: PollsServer = { calls: [], polls, answers: [], writes: () => server.calls.filter((c) => c.method !== "GET") };
  const find = (id: string | undefined) => server.polls.find((p) => p.ID === id);
  const replace = (next: PollView) => {
    server.polls = server.polls.map((p) => (p.ID === next.ID ? next : p));
    return { status: 200, body: next };
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      const call: Call = {
        method: init?.method ?? "GET",
        path: url.pathname,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      server.calls.push(call);
      const parts = call.path.slice(`${BASE}/polls/`.length).split("/");
      const reply = ((): Reply => {
        if (call.path === `${BASE}`) return { status: 200, body: { ID: EVENT, Title: "Demo", TimeZone: ZONE, PanoURL: PANO_URL } };
        if (call.path === `${PANO_URL}tour.json`) return { status: 200, body: tour };
        if (call.path === `${BASE}/activities`) return { status: 200, body: sessions };
        if (call.method === "GET" && call.path === `${BASE}/polls`) {
          return options.failList ? { status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } } : { status: 200, body: server.polls };
        }
        const queued = server.answers.shift();
        if (queued) return queued;
        if (call.method === "POST" && call.path === `${BASE}/polls`) {
          const created = poll(99, "", { ...(call.body as object), State: "draft" });
          server.polls = [...server.polls, created];
          return { status: 201, body: created };
        }
        const stored = find(parts[0]);
        if (!stored) return { status: 404, body: { Error: { Code: "POLL_NOT_FOUND", Message: "no poll" } } };
        if (call.method === "GET" && parts[1] === "ballots.csv") {
          return { status: 200, body: "PersonID,Name\n", type: "text/csv", disposition: 'attachment; filename="ballots.csv"' };
        }
        if (call.method === "POST" && parts[1] === "open") {
          if (stored.Options.length < 2) return { status: 409, body: { Error: { Code: "POLL_INCOMPLETE", Message: "incomplete" } } };
          return replace({ ...stored, State: "open", IsActive: true });
        }
        if (call.method === "POST" && parts[1] === "close") return replace({ ...stored, State: "closed", IsActive: false });
        if (call.method === "PUT") return replace({ ...stored, ...(call.body as object) });
        if (call.method === "DELETE") {
          server.polls = server.polls.filter((p) => p.ID !== stored.ID);
          return { status: 204 };
        }
        return { status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND", Message: "no route" } } };
      })();
      const text = reply.body === undefined ? null : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
      const headers: Record<string, string> = { "content-type": reply.type ?? "application/json" };
      if (reply.disposition) headers["content-disposition"] = reply.disposition;
      return new Response(text, { status: reply.status, headers });
    }),
  );
  return server;
}

export function renderPolls() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <PollsScreen eventId={EVENT} />
    </QueryClientProvider>,
  );
  return { ...view, client };
}
