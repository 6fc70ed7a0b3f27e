/**
 * Test helpers for the Q&A section: a fake server holding one event's sessions and their
 * questions, answering the calls of api.ts as the contract says (PATCH changes only the fields
 * sent, pinning one unpins the others, hiding unpins; PUT /interaction stores the three switches),
 * and the screen rendered in a router with its own query client. Queued answers make the next
 * write fail.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import type { QuestionNotice } from "@/lib/realtime";
import type { QnaSession, QuestionView } from "./api";
import { QnaScreen } from "./QnaScreen";

export const EVENT = "e".repeat(24);
export const BASE = `/api/v1/events/${EVENT}`;
export const ZONE = "Europe/Berlin";
export const KEYNOTE = "a".repeat(24);
export const PANEL = "b".repeat(24);

export interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}
export type Reply = { status: number; body?: unknown };

export function sessionsAround(now: number): QnaSession[] {
  const iso = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  return [
    { ID: PANEL, InternalName: "panel", Title: "Panel", DateBegin: iso(120), DateEnd: iso(180) },
    { ID: KEYNOTE, InternalName: "keynote", Title: "Keynote", DateBegin: iso(-30), DateEnd: iso(30), QnaModerated: true },
  ];
}

export function question(n: number, text: string, change: Partial<QuestionView> = {}): QuestionView {
  return {
    ID: `q${n.toString(16).padStart(23, "0")}`,
    EventID: EVENT,
    SessionID: KEYNOTE,
    Text: text,
    AuthorName: "Ada Lovelace",
    Anonymous: false,
    Status: "visible",
    Answered: false,
    Pinned: false,
    Votes: 0,
    CreatedAt: `2030-05-01T07:${String(n).padStart(2, "0")}:00Z`,
    Upvoted: false,
    Mine: false,
    ...change,
  };
}

/** The QUESTION_NOTIFY a question's change sends (no author name when anonymous). */
export function noticeOf(q: QuestionView, change: Partial<QuestionNotice> = {}): QuestionNotice {
  return {
    ID: q.ID,
    EventID: q.EventID,
    SessionID: q.SessionID,
    Text: q.Text,
    AuthorName: q.Anonymous ? null : q.AuthorName,
    Anonymous: q.Anonymous,
    Status: q.Status,
    Answered: q.Answered,
    Pinned: q.Pinned,
    Votes: q.Votes,
    CreatedAt: q.CreatedAt,
    Deleted: false,
    ...change,
  };
}

export interface QnaServer {
  calls: Call[];
  sessions: QnaSession[];
  questions: QuestionView[];
  answers: Reply[];
  writes: () => Call[];
}

export function serveQna(sessions: QnaSession[], questions: QuestionView[]): QnaServer {
  const server: QnaServer = { calls: [], sessions, questions, answers: [], writes: () => server.calls.filter((c) => c.method !== "GET") };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      const authorization = new Headers(init?.headers).get("Authorization");
      const call: Call = { method: init?.method ?? "GET", path: url.pathname, body, authorization };
      server.calls.push(call);
      const [, sessionId = "", what = "", questionId = ""] = call.path.slice(BASE.length).split("/").slice(1);
      if (what === "questions.csv" && server.answers.length === 0) {
        const disposition = 'attachment; filename="questions-demo-keynote.csv"';
        return new Response("ID,Text\r\n", { status: 200, headers: { "content-type": "text/csv", "Content-Disposition": disposition } });
      }
      const reply = ((): Reply => {
        if (call.path === BASE) return { status: 200, body: { ID: EVENT, Title: "Demo", TimeZone: ZONE } };
        if (call.path === `${BASE}/activities`) return { status: 200, body: server.sessions };
        if (call.method === "GET" && what === "questions" && !questionId) return { status: 200, body: server.questions.filter((q) => q.SessionID === sessionId) };
        const queued = server.answers.shift();
        if (queued) return queued;
        if (call.method === "PUT" && what === "interaction") {
          const body = call.body as QnaSession;
          server.sessions = server.sessions.map((s) => (s.ID === sessionId ? { ...s, ...body } : s));
          return { status: 200, body: { SessionID: sessionId, ...body } };
        }
        const stored = server.questions.find((q) => q.ID === questionId);
        if (!stored) return { status: 404, body: { Error: { Code: "QUESTION_NOT_FOUND", Message: "no question" } } };
        if (call.method === "PATCH") {
          const change = call.body as Partial<QuestionView>;
          const next = { ...stored, ...change, ...(change.Status === "hidden" ? { Pinned: false } : {}) };
          server.questions = server.questions.map((q) => (q.ID === next.ID ? next : next.Pinned && q.SessionID === next.SessionID ? { ...q, Pinned: false } : q));
          return { status: 200, body: next };
        }
        if (call.method === "DELETE") {
          server.questions = server.questions.filter((q) => q.ID !== stored.ID);
          return { status: 204 };
        }
        return { status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND", Message: "no route" } } };
      })();
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return server;
}

export function renderQna(path = "/") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <QnaScreen eventId={EVENT} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
