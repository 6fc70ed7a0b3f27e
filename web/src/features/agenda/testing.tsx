/**
 * Test fixtures of the agenda feature: an event in Los Angeles whose first local day begins the
 * evening before its first UTC day, its sessions and speakers, the fixture tour, and a fake
 * server (fetch stub) for the lists, the personal agenda, the calendar feed and the .ics file.
 * Used by this feature's tests only.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { usePersonStore, type Person } from "@/features/accounts";
import { useEventStore, type PublicEvent } from "@/features/events";
import { useSessions, type Session } from "@/features/sessions";
import { initI18n } from "@/lib/i18n";

export const EVENT = "e1";
export const PANO_URL = "/tours/p1/1/";

/** 06:00 UTC on 2 March is 22:00 on 1 March in Los Angeles: day 1 is 1 March. */
export const event = {
  EventID: EVENT,
  InternalName: "demo",
  Title: "Demo Days",
  DateBeginUTC: "2026-03-02T06:00:00Z",
  DateEndUTC: "2026-03-04T06:00:00Z",
  TimeZone: "America/Los_Angeles",
  PanoURL: PANO_URL,
};

/** A two-room tour in the package format (docs/formats/tour-package.md). */
export const tourJSON = {
  FormatVersion: 1,
  Title: "Agenda venue",
  StartNodeID: "lobby",
  Nodes: [
    { ID: "lobby", CustomID: "welcome-hall", Name: { en: "Lobby", de: "Foyer" }, Panorama: "images/lobby.jpg" },
    {
      ID: "auditorium",
      Name: { en: "Auditorium" },
      Panorama: "images/auditorium.jpg",
      Screens: [{ ScreenID: "auditorium-screen", Yaw: 0, Pitch: 6, Width: 40, Height: 22 }],
    },
  ],
};

export const maya = {
  ID: "sp-maya",
  FirstName: "Maya",
  LastName: "Chen",
  FullName: "Maya Chen",
  Company: "Venuely Labs",
  JobTitle: "Head of Hybrid",
  PictureURL: "https://img.example/maya.jpg",
  Biography: "Maya designs events that work on a phone.",
  Links: [
    { Label: "Website", URL: "https://maya.example.com/" },
    { Label: "Bad", URL: "javascript:alert(1)" },
  ],
};

export const jonas = {
  ID: "sp-jonas",
  FirstName: "Jonas",
  LastName: "Weber",
  FullName: "Jonas Weber",
  Company: "Stagecraft",
  JobTitle: "",
  PictureURL: "",
  Biography: "",
  Links: [],
};

const session = (over: Record<string, unknown>): Record<string, unknown> => ({
  EventID: EVENT,
  Type: "Session",
  EntityType: "Session",
  InternalName: String(over.ID),
  Description: "",
  PanoNodeID: "",
  ScreenID: "",
  IsVirtual: true,
  NoAvtoPlay: false,
  ConferenceType: "None",
  CreatedAt: "2026-01-01T00:00:00Z",
  UpdatedAt: "2026-01-01T00:00:00Z",
  Speakers: [],
  ...over,
});

/** 23:00–00:00 in Los Angeles on 1 March (07:00 UTC on 2 March): listed on day 1. */
export const opening = session({ ID: "s-opening", Title: "Opening night", DateBegin: "2026-03-02T07:00:00Z", DateEnd: "2026-03-02T08:00:00Z", Speakers: [maya] });
/** 09:00–10:00 in Los Angeles on 2 March, on the auditorium's screen. */
export const workshop = session({
  ID: "s-workshop",
  Title: "Streaming workshop",
  Description: `${"A long description of the workshop. ".repeat(10)}The end.`,
  PanoNodeID: "auditorium",
  ScreenID: "auditorium-screen",
  DateBegin: "2026-03-02T17:00:00Z",
  DateEnd: "2026-03-02T18:00:00Z",
  Speakers: [maya, jonas],
});
/** On site in the lobby (no screen) on 3 March. */
export const panel = session({ ID: "s-panel", Title: "Community panel", PanoNodeID: "lobby", IsVirtual: false, DateBegin: "2026-03-03T18:00:00Z", DateEnd: "2026-03-03T19:00:00Z", Speakers: [jonas] });

export const agendaByDay: Record<number, Record<string, unknown>[]> = { 1: [opening], 2: [workshop], 3: [panel] };

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | "offline";

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
}

export const apiError = (status: number, code: string) => ({ status, body: { Error: { Code: code, Message: code } } });

/**
 * The server's side. `personal` holds the saved session ids; `feed` the calendar feed; `next`
 * one-off answers per "METHOD path", in order; `gate` makes a route wait until released.
 */
export function fakeServer(options: { personal?: string[]; feedActive?: boolean } = {}) {
  const all = [opening, workshop, panel];
  const state = {
    calls: [] as Call[],
    personal: new Set(options.personal ?? []),
    feed: options.feedActive ? { Active: true, CreatedAt: "2026-02-20T10:00:00Z" } : { Active: false, CreatedAt: null as string | null },
    issued: 0,
    next: new Map<string, Reply[]>(),
    gate: new Map<string, Promise<void>>(),
  };
  const answer = (key: string, reply: Reply) => state.next.set(key, [...(state.next.get(key) ?? []), reply]);
  const respond = (reply: Reply) =>
    reply === "offline"
      ? Promise.reject(new TypeError("Failed to fetch"))
      : Promise.resolve(
          new Response(reply.body === undefined ? null : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body), {
            status: reply.status,
            headers: reply.headers,
          }),
        );
  const base = `/events/${EVENT}`;

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://app.test");
    const method = init?.method ?? "GET";
    const path = url.pathname.replace(/^\/api\/v1/, "");
    state.calls.push({ method, path, query: url.searchParams, headers: new Headers(init?.headers) });
    const key = `${method} ${path}`;
    const gate = state.gate.get(key);
    if (gate) await gate;
    const queued = state.next.get(key)?.shift();
    if (queued) return respond(queued);

    if (key === `GET ${PANO_URL}tour.json`) return respond({ status: 200, body: tourJSON });
    if (key === `GET ${PANO_URL}pano.xml`) return respond({ status: 200, body: "<tour/>" });
    if (key === `GET ${base}/lists/agenda`) return respond({ status: 200, body: agendaByDay[Number(url.searchParams.get("DayNumber"))] ?? [] });
    if (key === `GET ${base}/lists/speakers`) {
      const day = agendaByDay[Number(url.searchParams.get("DayNumber"))] ?? [];
      const found = new Map<string, Record<string, unknown>>();
      for (const s of day) for (const sp of s.Speakers as Record<string, unknown>[]) found.set(String(sp.ID), { ...sp, SessionIDs: [s.ID] });
      return respond({ status: 200, body: [...found.values()].sort((a, b) => String(a.LastName).localeCompare(String(b.LastName))) });
    }
    if (key === `GET ${base}/agenda/personal`) {
      const days: Record<string, number> = { "s-opening": 1, "s-workshop": 2, "s-panel": 3 };
      const rows = all.filter((s) => state.personal.has(String(s.ID))).map((s) => ({ ...s, DayNumber: days[String(s.ID)], AddedAt: "2026-02-01T00:00:00Z" }));
      return respond({ status: 200, body: rows });
    }
    const personal = new RegExp(`^(PUT|DELETE) ${base}/agenda/personal/([^/]+)$`).exec(key);
    if (personal) {
      const id = decodeURIComponent(personal[2] ?? "");
      if (personal[1] === "PUT") {
        const created = !state.personal.has(id);
        state.personal.add(id);
        return respond({ status: created ? 201 : 200, body: { SessionID: id, AddedAt: "2026-02-01T00:00:00Z" } });
      }
      state.personal.delete(id);
      return respond({ status: 204 });
    }
    if (key === `GET ${base}/agenda/calendar`) return respond({ status: 200, body: state.feed });
    if (key === `POST ${base}/agenda/calendar`) {
      state.issued += 1;
      state.feed = { Active: true, CreatedAt: "2026-03-01T12:00:00Z" };
      return respond({ status: 201, body: { URL: `https://venue.example/api/v1${base}/agenda/calendar/secret-${state.issued}.ics`, CreatedAt: "2026-03-01T12:00:00Z" } });
    }
    if (key === `DELETE ${base}/agenda/calendar`) {
      state.feed = { Active: false, CreatedAt: null };
      return respond({ status: 204 });
    }
    const ics = new RegExp(`^GET ${base}/agenda/sessions/([^/]+)\\.ics$`).exec(key);
    if (ics) {
      return respond({ status: 200, body: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", headers: { "Content-Type": "text/calendar", "Content-Disposition": `attachment; filename="demo-${ics[1]}.ics"` } });
    }
    return respond(apiError(404, "ROUTE_NOT_FOUND"));
  });
  vi.stubGlobal("fetch", fetchMock);
  const callsTo = (method: string, path: string | RegExp) =>
    state.calls.filter((c) => c.method === method && (typeof path === "string" ? c.path === path : path.test(c.path)));
  return { state, answer, callsTo, fetchMock };
}

/** The signed-in person with a chosen offset (GMT+shift), so tests never depend on the machine's zone. */
export function setZone(shift: number): void {
  const person: Person = { ID: "p1", FirstName: "Ada", LastName: "Lovelace", TimezoneName: shift === 0 ? "GMT" : `GMT${shift > 0 ? "+" : "-"}${Math.abs(shift)}`, TimezoneShift: shift };
  usePersonStore.setState({ person });
}

const asSession = (raw: Record<string, unknown>): Session => ({
  ID: String(raw.ID),
  InternalName: String(raw.InternalName),
  Title: String(raw.Title),
  ScreenID: String(raw.ScreenID),
  IsVirtual: raw.IsVirtual !== false,
  DateBegin: String(raw.DateBegin),
  DateEnd: String(raw.DateEnd),
  NoAvtoPlay: false,
  ConferenceType: "None",
});

export async function setUpVenue({ shift = 2, running = {} as Record<string, string | null> } = {}): Promise<void> {
  await initI18n("en");
  useEventStore.setState({ publicEvent: event as unknown as PublicEvent });
  setZone(shift);
  useSessions.setState({ sessions: [opening, workshop, panel].map(asSession), running, listState: "ready" });
}

export function resetVenue(): void {
  useEventStore.setState({ publicEvent: null, metadata: null });
  usePersonStore.setState({ person: null });
  useSessions.setState({ sessions: [], running: {}, listState: "loading", screens: [] });
}

export function renderInApp(ui: ReactNode, path = "/start") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}
