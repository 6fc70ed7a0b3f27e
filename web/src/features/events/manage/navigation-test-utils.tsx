/**
 * Test helpers for the Navigation screen: a fake server holding one event's menu (the calls of
 * navigation-api.ts, answered as events/menu_router.py does), with queued answers to make a call
 * fail and a gate to hold PUTs while a test looks at the screen in between.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import { NULL_ID } from "@/lib/routes";
import type { NavItem } from "./navigation-api";
import { NavigationScreen } from "./NavigationScreen";

export const EVENT = "e".repeat(24);
export const CUSTOMER = "c".repeat(24);
export const PANO_URL = "/tours/p1/1/";
const BASE = `/api/v1/events/${EVENT}`;

/** IDs that sort by n, as the server's do by creation. */
export const itemId = (n: number) => n.toString(16).padStart(24, "0");

export function menuItem(n: number, change: Partial<NavItem> = {}): NavItem {
  return {
    ID: itemId(n),
    Position: "Top",
    IsVisible: true,
    Index: 0,
    Name: `Item ${n}`,
    NameDE: "",
    Names: { en: `Item ${n}` },
    SidebarTitles: {},
    Type: "Panorama",
    SidebarType: null,
    Data: { id: "lobby" },
    VirtualSpaceID: NULL_ID,
    IsSidebar: false,
    ...change,
  };
}

export const tour = {
  FormatVersion: 1,
  Nodes: [
    { ID: "lobby", Name: { en: "Lobby", de: "Foyer" }, Panorama: "lobby.jpg" },
    { ID: "expo", CustomID: "hall", Name: { en: "Expo" }, Panorama: "expo.jpg" },
  ],
};

export interface MenuServer {
  calls: Call[];
  items: NavItem[];
  defaultPage: string;
  panoURL: string;
  locations: unknown[];
  /** Next answers, in order, before the normal behaviour. */
  publicAnswers: Reply[];
  /** Answers for PUT of one item, by its ID (then normal). */
  putAnswers: Map<string, Reply[]>;
  postAnswers: Reply[];
  deleteAnswers: Reply[];
  defaultAnswers: Reply[];
  /** When set, every item PUT waits for it. */
  putGate: Promise<void> | null;
  /** The writes, as "METHOD path-after-event" with their bodies. */
  writes: () => { what: string; body: unknown }[];
}

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}
export type Reply = { status: number; body?: unknown };

/** Replaces fetch; calls the handler leaves unanswered get 404 ROUTE_NOT_FOUND. */
function fakeFetch(handler: (call: Call) => Promise<Reply | undefined>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = { method: init?.method ?? "GET", url: new URL(String(input), "http://app.test"), body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const reply = (await handler(call)) ?? { status: 404, body: { Error: { Code: "ROUTE_NOT_FOUND", Message: "no route" } } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

let created = 100;

export function serveMenu(items: NavItem[], options: { defaultPage?: string; panoURL?: string } = {}): MenuServer {
  const server: MenuServer = {
    calls: [],
    items: items.map((i) => ({ ...i })),
    defaultPage: options.defaultPage ?? NULL_ID,
    panoURL: options.panoURL ?? PANO_URL,
    locations: [],
    publicAnswers: [],
    putAnswers: new Map(),
    postAnswers: [],
    deleteAnswers: [],
    defaultAnswers: [],
    putGate: null,
    writes: () =>
      server.calls
        .filter((c) => c.method !== "GET")
        .map((c) => ({ what: `${c.method} ${c.url.pathname.replace(BASE, "")}`, body: c.body })),
  };
  const sorted = () => [...server.items].sort((a, b) => b.Index - a.Index || (a.ID < b.ID ? -1 : 1));
  server.calls = fakeFetch(async ({ method, url, body }) => {
    const path = url.pathname;
    if (method === "GET" && path === `${BASE}/public`) {
      return server.publicAnswers.shift() ?? { status: 200, body: { EventID: EVENT, PanoURL: server.panoURL, DefaultPage: server.defaultPage, Navigation: sorted(), FAQ: null } };
    }
    if (method === "GET" && path === BASE) return { status: 200, body: { ID: EVENT, CustomerID: CUSTOMER, Title: "Expo", InternalName: "expo" } };
    if (method === "GET" && path === `${PANO_URL}tour.json`) return { status: 200, body: tour };
    if (method === "GET" && path === `/api/v1/customers/${CUSTOMER}/locations`) return { status: 200, body: server.locations };
    if (method === "PUT" && path === `${BASE}/menu/default`) {
      const answer = server.defaultAnswers.shift();
      if (answer) return answer;
      server.defaultPage = (body as { ID: string }).ID;
      return { status: 200, body: { ID: EVENT, CustomerID: CUSTOMER, DefaultPage: server.defaultPage } };
    }
    if (method === "POST" && path === `${BASE}/menu`) {
      const answer = server.postAnswers.shift();
      if (answer) return answer;
      const item = { ...(body as NavItem), ID: itemId(created++) };
      server.items.push(item);
      return { status: 201, body: item };
    }
    const match = /\/menu\/([0-9a-f]{24})$/.exec(path);
    if (match && (method === "PUT" || method === "DELETE")) {
      const itemID = match[1] as string;
      if (method === "PUT" && server.putGate) await server.putGate;
      const answer = method === "PUT" ? server.putAnswers.get(itemID)?.shift() : server.deleteAnswers.shift();
      if (answer) return answer;
      const stored = server.items.find((i) => i.ID === itemID);
      if (!stored) return { status: 404, body: { Error: { Code: "MENU_ITEM_NOT_FOUND", Message: "gone", Data: { MenuItemID: itemID } } } };
      if (method === "DELETE") {
        server.items = server.items.filter((i) => i !== stored);
        if (server.defaultPage === itemID) server.defaultPage = NULL_ID;
        return { status: 204 };
      }
      Object.assign(stored, body as NavItem);
      return { status: 200, body: stored };
    }
    return undefined;
  });
  return server;
}

export function renderNavigation() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NavigationScreen eventId={EVENT} />
    </QueryClientProvider>,
  );
}

export const refusal = (status: number, code: string, data: unknown = {}): Reply => ({ status, body: { Error: { Code: code, Message: code, Data: data } } });
