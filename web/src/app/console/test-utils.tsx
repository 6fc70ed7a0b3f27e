/** Test helpers for the console: strings, a signed-in session, the router in memory, a fake server. */
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { useNotifications } from "@/features/notifications";
import { setExpiredTokenHandler, setTokenProvider } from "@/lib/api-client";
import { initI18n } from "@/lib/i18n";
import { makeToken } from "@/test/tokens";
import { addConsoleStrings } from "./i18n";
import { createConsoleQueryClient } from "./mount";
import { consoleRoutes } from "./routes";
import { consoleToken, useConsoleSession } from "./session";

export const PERSON = "a".repeat(24);
export const CUSTOMER = "c".repeat(24);
export const organizerToken = makeToken({ event_id: "0".repeat(24), person_id: PERSON });

export interface Call {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}
export type Reply = { status: number; body?: unknown };
export type Handler = (call: Call) => Reply | undefined | Promise<Reply | undefined>;

/** Replaces fetch; unhandled calls answer 404 ROUTE_NOT_FOUND. Returns the recorded calls. */
export function fakeServer(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      const call: Call = {
        method: init?.method ?? "GET",
        url,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const reply = (await handler(call)) ?? { status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND", Message: "no route" } } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

/** The usual answers of a signed-in organizer: their name, an admin grant, one customer. */
export const organizerAnswers: Handler = ({ method, url }) => {
  if (method === "GET" && url.pathname === `/api/v1/persons/${PERSON}`) return { status: 200, body: { ID: PERSON, FirstName: "Ada", LastName: "Lovelace" } };
  if (method === "GET" && url.pathname === "/api/v1/admins") return { status: 200, body: [] };
  if (method === "GET" && url.pathname === "/api/v1/customers") return { status: 200, body: [{ ID: CUSTOMER, Name: "Demo Customer", MayCreateEvents: true }] };
  if (method === "POST" && url.pathname === "/api/v1/logout") return { status: 204 };
  return undefined;
};

export async function setUpConsole(signedIn: boolean): Promise<void> {
  await initI18n("en");
  addConsoleStrings();
  useNotifications.setState({ items: [] });
  useConsoleSession.setState({ token: null, claims: null, notice: null });
  if (signedIn) useConsoleSession.setState({ token: organizerToken, claims: { eventId: "0".repeat(24), personId: PERSON } });
  setTokenProvider(consoleToken);
  setExpiredTokenHandler(() => undefined);
}

export function renderConsole(path: string) {
  const router = createMemoryRouter(consoleRoutes(), { basename: "/manage", initialEntries: [`/manage${path === "/" ? "" : path}`] });
  const client = createConsoleQueryClient();
  client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

/** A `GET /events/{id}` answer. */
export function eventFixture(overrides: Record<string, unknown> = {}) {
  return {
    ID: "e".repeat(24),
    CustomerID: CUSTOMER,
    InternalName: "demo",
    Title: "Demo Days",
    Description: "",
    DateBeginUTC: "2031-05-01T07:00:00Z",
    DateEndUTC: "2031-05-01T15:00:00Z",
    TimeZone: "Europe/Berlin",
    DefaultLanguage: "en",
    IsListed: true,
    IsUseIsolation: false,
    Isolations: [],
    ...overrides,
  };
}
