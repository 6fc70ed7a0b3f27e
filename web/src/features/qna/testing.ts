/** Fixtures and a fake REST server for the Q&A tests (not shipped: only tests import it). */
import { vi } from "vitest";
import type { QuestionNotice } from "@/lib/realtime";
import type { Question } from "./api";

export function question(id: string, over: Partial<Question> = {}): Question {
  return {
    ID: id,
    EventID: "e1",
    SessionID: "s1",
    Text: `Question ${id}?`,
    AuthorName: "Ada Lovelace",
    Anonymous: false,
    Status: "visible",
    Answered: false,
    Pinned: false,
    Votes: 0,
    CreatedAt: "2026-05-09T12:00:00Z",
    Upvoted: false,
    Mine: false,
    ...over,
  };
}

export function questionNotice(id: string, over: Partial<QuestionNotice> = {}): QuestionNotice {
  const fields: Partial<Question> = question(id);
  delete fields.Upvoted;
  delete fields.Mine;
  return { ...(fields as Omit<Question, "Upvoted" | "Mine">), Deleted: false, ...over };
}

export type Reply = { status: number; body?: unknown } | "offline";
type Route = Reply | ((url: URL, body: unknown) => Reply);

/** `fetch` answering by "METHOD path"; every call is recorded with its parsed JSON body. */
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
