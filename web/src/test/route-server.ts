/**
 * A `fetch` that answers by route table, for feature tests that talk to a few REST routes: each
 * key is "METHOD path" (the path without its query), each value a reply or a function of the URL
 * and the parsed JSON body. Every call is recorded with its query and body; an unknown route
 * answers 404 ROUTE_NOT_FOUND as the server would.
 */
import { vi } from "vitest";

export type Reply = { status: number; body?: unknown } | "offline";
type Route = Reply | ((url: URL, body: unknown) => Reply);

/**
 * `fetch` answering by "METHOD path" (without the query). Every call is recorded with its query
 * and parsed JSON body.
 */
export function routeServer(routes: Record<string, Route>) {
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
