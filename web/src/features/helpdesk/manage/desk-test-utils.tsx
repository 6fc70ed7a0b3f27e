/**
 * Test helpers for the agent desk and the console's Help desk section: a fake server holding one
 * event's tickets, their messages and named agents, answering the calls of api.ts as the contract
 * says (the queue's views and counts, claim/close/reopen with their state rules, messages only
 * from the agent holding the ticket), and the section rendered with its own query client.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import type { ChatMessage } from "@/lib/realtime";
import type { Agent, QueueView, Ticket } from "../api";
import { inView, sortView } from "../model";
import { BASE, EVENT } from "../testing";
import { HelpdeskScreen } from "./HelpdeskScreen";

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export type Reply = { status: number; body?: unknown };

export interface DeskServer {
  calls: Call[];
  tickets: Ticket[];
  messages: Record<string, ChatMessage[]>;
  agents: Agent[];
  /** Answers taken, one per call, before the server's own (to make a write fail). */
  answers: Reply[];
  people: Record<string, { ID: string }>;
  /** Runs before a reply leaves, as the real server publishes its frames before it answers. */
  beforeReply: ((call: Call, reply: Reply) => void) | null;
}

const refusal = (status: number, code: string): Reply => ({ status, body: { Error: { Code: code, Message: code, Data: {} } } });
const later = (iso: string) => new Date(Date.parse(iso) + 1000).toISOString();

export function serveDesk(me: { ID: string; Name: string; Picture: string }, tickets: Ticket[], messages: Record<string, ChatMessage[]> = {}): DeskServer {
  const server: DeskServer = { calls: [], tickets, messages, agents: [], answers: [], people: {}, beforeReply: null };
  const store = (next: Ticket): Reply => {
    server.tickets = server.tickets.map((t) => (t.ID === next.ID ? next : t));
    return { status: 200, body: next };
  };
  const answer = (call: Call): Reply => {
    const queued = server.answers.shift();
    if (queued) return queued;
    if (call.path === `${BASE}/helpdesk/queue`) {
      const view = call.query.get("View") as QueueView;
      const count = (v: QueueView) => server.tickets.filter((t) => inView(t, v, me.ID)).length;
      return {
        status: 200,
        body: {
          Tickets: sortView(server.tickets.filter((t) => inView(t, view, me.ID)), view),
          Counts: { New: count("new"), Mine: count("mine"), Open: count("open"), Waiting: count("waiting"), Closed: count("closed") },
        },
      };
    }
    if (call.path === `${BASE}/helpdesk/agents`) return { status: 200, body: server.agents };
    const agentPath = /\/helpdesk\/agents\/([^/]+)$/.exec(call.path);
    if (agentPath?.[1]) {
      const id = agentPath[1];
      if (call.method === "DELETE") {
        server.agents = server.agents.filter((a) => a.PersonID !== id);
        return { status: 204 };
      }
      const person = Object.entries(server.people).find(([, p]) => p.ID === id);
      if (!person) return refusal(404, "PERSON_NOT_FOUND");
      const agent = { PersonID: id, Name: `Person ${person[0]}`, Email: person[0], Picture: null };
      server.agents = [...server.agents.filter((a) => a.PersonID !== id), agent];
      return { status: 200, body: agent };
    }
    if (call.path === "/api/v1/personbyemail") {
      const found = server.people[call.query.get("EMail") ?? ""];
      return found ? { status: 200, body: found } : refusal(404, "PERSON_NOT_FOUND");
    }
    const ticketPath = /\/helpdesk\/tickets\/([^/]+)(?:\/(claim|close|reopen))?$/.exec(call.path);
    if (ticketPath?.[1]) {
      const known = server.tickets.find((t) => t.ID === ticketPath[1]);
      if (!known) return refusal(404, "HELPDESK_TICKET_NOT_FOUND");
      const updated = { UpdatedAt: later(known.UpdatedAt) };
      switch (ticketPath[2]) {
        case "claim":
          if (known.State === "closed") return refusal(409, "HELPDESK_TICKET_CLOSED");
          return store({ ...known, ...updated, Assignee: me, State: known.State === "new" ? "open" : known.State });
        case "close":
          return store({ ...known, ...updated, State: "closed", ClosedAt: updated.UpdatedAt });
        case "reopen":
          return store({ ...known, ...updated, State: known.Assignee ? "open" : "new", ClosedAt: null, ReopenCount: known.ReopenCount + 1 });
        default:
          return { status: 200, body: known };
      }
    }
    const roomPath = /\/chat-rooms\/([^/]+)\/(chat-messages(?:\/chronologically)?|chatpersonstatus)$/.exec(call.path);
    if (roomPath?.[1]) {
      const roomID = roomPath[1];
      const all = server.messages[roomID] ?? [];
      if (roomPath[2] === "chatpersonstatus") return { status: 200, body: {} };
      if (call.method === "GET") {
        const start = call.query.get("StartID");
        const max = Number(call.query.get("MaxCount") ?? 40);
        if (!start) return { status: 200, body: all.slice(-max) };
        return { status: 200, body: call.query.get("IsAscending") === "true" ? all.filter((m) => m.ID > start).slice(0, max) : all.filter((m) => m.ID < start).slice(-max) };
      }
      const ticket = server.tickets.find((t) => t.ChatroomID === roomID);
      if (ticket?.State === "closed") return refusal(409, "HELPDESK_TICKET_CLOSED");
      if (ticket?.Assignee?.ID !== me.ID) return refusal(403, "NOT_A_MEMBER");
      const body = call.body as { Text: string; TmpID: string };
      const stored: ChatMessage = {
        ID: `6650a1b2c3d4e5f6${(0xff00 + all.length).toString(16).padStart(8, "0")}`,
        EventID: EVENT,
        TmpID: body.TmpID,
        SenderID: me.ID,
        ReceiverIDs: [],
        ChatroomID: roomID,
        CreatedAt: new Date().toISOString(),
        LikeCount: 0,
        DislikeCount: 0,
        ReadBy: [],
        Text: body.Text,
        IsDeletedByAuthor: false,
        IsBanned: false,
        RepliedToMessageID: null,
      };
      server.messages[roomID] = [...all, stored];
      return { status: 201, body: stored };
    }
    return refusal(404, "ROUTE_NOT_FOUND");
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      const call: Call = { method: init?.method ?? "GET", path: url.pathname, query: url.searchParams, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined };
      server.calls.push(call);
      const reply = answer(call);
      server.beforeReply?.(call, reply);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return server;
}

export function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <HelpdeskScreen eventId={EVENT} />
    </QueryClientProvider>,
  );
  return { ...view, client };
}
