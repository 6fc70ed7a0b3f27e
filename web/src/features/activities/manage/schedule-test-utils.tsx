/**
 * Test helpers for the Schedule and Speakers screens: a fake server holding one event's sessions,
 * speakers, speaker relations, videos and recordings, answering the calls of api.ts the way the
 * server does; queued answers make a call fail, and a gate holds writes while a test looks.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import type { Recording, Relation, SessionActivity, SpeakerActivity, VideoSummary } from "./api";

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}
export type Reply = { status: number; body?: unknown };

/** Replaces fetch; calls the handler leaves unanswered get 404 ROUTE_NOT_FOUND. */
export function fakeServer(handler: (call: Call) => Promise<Reply | undefined>): Call[] {
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

export const EVENT = "e".repeat(24);
export const BASE = `/api/v1/events/${EVENT}`;
export const PANO_URL = "/tours/p1/1/";

/** IDs that sort by n, as the server's do. */
export const hexId = (n: number, prefix = "a") => `${prefix}${n.toString(16).padStart(23, "0")}`;

export const tour = {
  FormatVersion: 1,
  Nodes: [
    { ID: "auditorium", Name: { en: "Auditorium" }, Panorama: "a.jpg", Screens: [{ ScreenID: "stage" }] },
    { ID: "lobby", Name: { en: "Lobby" }, Panorama: "l.jpg", Screens: [{ ScreenID: "welcome" }] },
  ],
};

export function session(n: number, change: Partial<SessionActivity> = {}): SessionActivity {
  return {
    ID: hexId(n, "a"),
    EventID: EVENT,
    InternalName: `session-${n}`,
    Title: `Session ${n}`,
    PanoNodeID: "auditorium",
    Description: "",
    ScreenID: "stage",
    IsVirtual: true,
    DateBegin: "2030-05-01T07:00:00Z",
    DateEnd: "2030-05-01T08:00:00Z",
    NoAvtoPlay: false,
    StreamID: "",
    ConferenceType: "None",
    ConferenceJoinURL: "",
    ConferenceID: "",
    ConferencePassword: "",
    LocationID: "",
    Tags: [],
    ...change,
  };
}

export function speaker(n: number, first: string, last: string, change: Partial<SpeakerActivity> = {}): SpeakerActivity {
  return { ID: hexId(n, "b"), EventID: EVENT, InternalName: "", Title: `${first} ${last}`, PanoNodeID: "", FirstName: first, LastName: last, FullName: `${first} ${last}`, ...change };
}

export function video(n: number, title: string): VideoSummary {
  return { ID: hexId(n, "c"), Title: title, Kind: "mp4", PosterURL: "", DurationSeconds: 60 };
}

export interface ScheduleServer {
  calls: Call[];
  sessions: SessionActivity[];
  speakers: SpeakerActivity[];
  relations: Relation[];
  videos: VideoSummary[];
  recordings: Recording[];
  panoURL: string;
  /** Next answers for these writes, in order, before the normal behaviour. */
  sessionWrites: Reply[];
  speakerWrites: Reply[];
  relationWrites: Reply[];
  zoomAnswers: Reply[];
  /** When set, session and speaker writes wait for it. */
  gate: Promise<void> | null;
  /** The writes, as "METHOD path" (after /api/v1) with their bodies. */
  writes: () => { what: string; body: unknown }[];
}

let next = 100;

export function serveSchedule(setup: Partial<Pick<ScheduleServer, "sessions" | "speakers" | "relations" | "videos" | "recordings" | "panoURL">> = {}): ScheduleServer {
  const server: ScheduleServer = {
    calls: [],
    sessions: setup.sessions ?? [],
    speakers: setup.speakers ?? [],
    relations: setup.relations ?? [],
    videos: setup.videos ?? [],
    recordings: setup.recordings ?? [],
    panoURL: setup.panoURL ?? PANO_URL,
    sessionWrites: [],
    speakerWrites: [],
    relationWrites: [],
    zoomAnswers: [],
    gate: null,
    writes: () => server.calls.filter((c) => c.method !== "GET").map((c) => ({ what: `${c.method} ${c.url.pathname.replace("/api/v1", "")}${c.url.search}`, body: c.body })),
  };
  server.calls = fakeServer(async ({ method, url, body }) => {
    const path = url.pathname;
    const type = url.searchParams.get("EntityType");
    if (method === "GET" && path === BASE) {
      return { status: 200, body: { ID: EVENT, Title: "Demo Days", TimeZone: "Europe/Berlin", DateBeginUTC: "2030-05-01T07:00:00Z", DateEndUTC: "2030-05-03T16:00:00Z", PanoURL: server.panoURL } };
    }
    if (method === "GET" && path === `${PANO_URL}tour.json`) return { status: 200, body: tour };
    if (method === "GET" && path === `${BASE}/activities`) return { status: 200, body: type === "Speaker" ? server.speakers : server.sessions };
    if (method === "GET" && path === "/api/v1/relations") return { status: 200, body: server.relations };
    if (method === "GET" && path === `${BASE}/videos`) return { status: 200, body: server.videos };
    if (method === "GET" && path === `${BASE}/replays`) return { status: 200, body: server.recordings };
    if (server.gate && path.startsWith(`${BASE}/activities`)) await server.gate;
    if (path.endsWith("/createzoommeeting") || path.endsWith("/deletemeeting")) return server.zoomAnswers.shift() ?? { status: 503, body: { Error: { Code: "ZOOM_NOT_CONFIGURED", Message: "Zoom is not configured" } } };
    if (path.startsWith(`${BASE}/activities`)) {
      const isSpeaker = type === "Speaker" || server.speakers.some((s) => path.endsWith(s.ID));
      const queued = (isSpeaker ? server.speakerWrites : server.sessionWrites).shift();
      if (queued) return queued;
      if (method === "POST") return { status: 201, body: { ...(body as object), ID: hexId(next++, isSpeaker ? "b" : "a"), EventID: EVENT, Type: type, EntityType: type } };
      if (method === "PUT") return { status: 200, body: { ...(body as object), ID: path.split("/").pop(), EventID: EVENT } };
      if (method === "DELETE") return { status: 204 };
    }
    if (path === "/api/v1/relations" && method === "POST") {
      const queued = server.relationWrites.shift();
      if (queued) return queued;
      return { status: 201, body: { ...(body as object), ID: hexId(next++, "d") } };
    }
    if (path.startsWith("/api/v1/relations/") && method === "DELETE") return server.relationWrites.shift() ?? { status: 204 };
    if (path.startsWith(`${BASE}/recordings/`)) {
      if (method === "DELETE") return { status: 204 };
      const sessionId = path.split("/").pop() ?? "";
      const found = server.videos.find((v) => v.ID === (body as { VideoID: string }).VideoID);
      return found ? { status: 200, body: { SessionID: sessionId, IsEnded: false, Video: found, DayNumber: 1, Date: "2030-05-01" } } : { status: 404, body: { Error: { Code: "VIDEO_NOT_FOUND", Message: "gone" } } };
    }
    return undefined;
  });
  return server;
}

export function relation(sessionId: string, speakerId: string, index: number): Relation {
  return { ID: hexId(next++, "d"), EventID: EVENT, ParentType: "Session", ParentID: sessionId, RelationType: "Speaker", ChildType: "Speaker", ChildID: speakerId, SortFields: { Index: index } };
}

export function renderWithRouter(node: ReactNode, path = `/manage/events/${EVENT}/schedule`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}
