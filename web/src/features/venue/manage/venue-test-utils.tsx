/**
 * Test helpers for the Venue screen: an event, a customer's tours with versions, a tour.json, and
 * the answers of the console's fake server to the screen's calls (uploads go through the fake XMLHttpRequest of
 * pages-test-utils; realtime frames through lib/realtime/testing).
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import type { Pano, PanoUsage, PanoVersion, TourEvent } from "./api";

// The shapes of the console's fake server (app/console/test-utils), which the tests pass in:
// a feature's module may not import the app layer, its tests may.
export interface Call {
  method: string;
  url: URL;
  body: unknown;
}
export type Reply = { status: number; body?: unknown };
export type FakeServer = (handler: (call: Call) => Reply | undefined) => Call[];

export const EVENT = "e".repeat(24);
export const CUSTOMER = "c".repeat(24);
export const PANO = "p".repeat(24);
export const OTHER_PANO = "f".repeat(24);

export function version(n: number, overrides: Partial<PanoVersion> = {}): PanoVersion {
  return {
    PanoID: PANO,
    Version: n,
    PanoURL: `/tours/${PANO}/${n}/`,
    Title: `Campus v${n}`,
    StartNodeID: "lobby",
    NodeCount: 2,
    SizeBytes: 3 * 1024 * 1024,
    CreatedAt: "2031-03-04T09:05:00Z",
    UploadedBy: "a".repeat(24),
    UploadedByName: "Ada Lovelace",
    ...overrides,
  };
}

export function tourEvent(overrides: Partial<TourEvent> = {}): TourEvent {
  return { ID: EVENT, CustomerID: CUSTOMER, Title: "Demo Days", PanoURL: `/tours/${PANO}/1/`, PanoID: PANO, PanoVersion: 1, ...overrides };
}

export function panos(): Pano[] {
  return [
    { ID: PANO, CustomerID: CUSTOMER, Name: "Campus", Versions: [version(1), version(2, { UploadedBy: "", UploadedByName: "" })] },
    { ID: OTHER_PANO, CustomerID: CUSTOMER, Name: "Harbour", Versions: [] },
  ];
}

export const tourJson = {
  FormatVersion: 1,
  Title: "Campus",
  StartNodeID: "lobby",
  Nodes: [
    {
      ID: "lobby",
      Name: { en: "Lobby", de: "Foyer" },
      Panorama: "images/lobby.jpg",
      Links: [{ NodeID: "hall", Yaw: 90, Pitch: -4 }],
      Screens: [{ ScreenID: "main-stage", Yaw: 0, Pitch: 6, Width: 40, Height: 22 }],
      WebElements: [
        { ID: "Screen_01", Type: "image", Yaw: -60, Pitch: 4, Width: 20, Height: 12, Default: "assets/sponsor.png" },
        { ID: "Screen_02", Type: "link", Yaw: 60, Pitch: 0, Width: 10, Height: 6, Default: "https://example.org" },
      ],
    },
    { ID: "hall", Name: { en: "Hall" }, Panorama: "images/hall.jpg", Links: [{ NodeID: "lobby", Yaw: -90, Pitch: 0 }] },
  ],
};

export interface Server {
  calls: Call[];
  event: TourEvent;
  panos: Pano[];
  /** Events using each version, by "PanoID/Version". */
  usage: Record<string, PanoUsage[]>;
  /** Answers for the next calls of a kind, in order; then the normal answer. */
  next: { panos: Reply[]; put: Reply[]; del: Reply[]; create: Reply[] };
}

export function serve(fakeServer: FakeServer, event = tourEvent(), list = panos()): Server {
  const server: Server = { calls: [], event, panos: list, usage: {}, next: { panos: [], put: [], del: [], create: [] } };
  server.calls = fakeServer(({ method, url, body }) => {
    const path = url.pathname;
    if (method === "GET" && path === `/api/v1/events/${EVENT}`) return { status: 200, body: server.event };
    if (method === "PUT" && path === `/api/v1/events/${EVENT}`) {
      const answer = server.next.put.shift();
      if (answer) return answer;
      const sent = body as { PanoID: string; PanoVersion: number };
      server.event = { ...server.event, PanoID: sent.PanoID, PanoVersion: sent.PanoVersion, PanoURL: `/tours/${sent.PanoID}/${sent.PanoVersion}/` };
      return { status: 200, body: server.event };
    }
    if (method === "GET" && path === "/api/v1/panos") return server.next.panos.shift() ?? { status: 200, body: server.panos };
    if (method === "POST" && path === "/api/v1/panos") {
      const answer = server.next.create.shift();
      if (answer) return answer;
      const pano = { ID: "n".repeat(24), CustomerID: CUSTOMER, Name: (body as { Name: string }).Name, Versions: [] };
      server.panos = [...server.panos, pano];
      return { status: 201, body: pano };
    }
    const usage = /^\/api\/v1\/panos\/(\w+)\/versions\/(\d+)\/usage$/.exec(path);
    if (method === "GET" && usage) return { status: 200, body: server.usage[`${usage[1]}/${usage[2]}`] ?? [] };
    const removal = /^\/api\/v1\/panos\/(\w+)\/versions\/(\d+)$/.exec(path);
    if (method === "DELETE" && removal) return server.next.del.shift() ?? { status: 204 };
    if (method === "GET" && /^\/tours\/\w+\/\d+\/tour\.json$/.test(path)) return { status: 200, body: tourJson };
    if (method === "GET" && /^\/tours\/\w+\/\d+\/pano\.xml$/.test(path)) return { status: 200, body: "<tour />" };
    return undefined;
  });
  return server;
}

export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
