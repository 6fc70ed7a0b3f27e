/** Wire fixtures and a fake server for the media tests (not shipped: only tests import it). */
import { vi } from "vitest";
import type { Replay, Video } from "./api";

export function video(id: string, over: Partial<Video> = {}): Video {
  return {
    ID: id,
    EventID: "e1",
    Title: `Video ${id}`,
    Description: "",
    Kind: "mp4",
    URL: `/api/v1/files/${id}`,
    FileHash: id,
    ExternalID: "",
    DurationSeconds: 60,
    PosterURL: `/api/v1/files/poster-${id}`,
    Position: 0,
    IsInCinema: true,
    CreatedAt: "2026-03-01T10:00:00Z",
    UpdatedAt: "2026-03-01T10:00:00Z",
    ...over,
  };
}

export function replay(sessionID: string, day: number, date: string, begin: string, end: string, over: Partial<Replay> = {}): Replay {
  return {
    SessionID: sessionID,
    DayNumber: day,
    Date: date,
    IsEnded: true,
    Session: {
      ID: sessionID,
      EventID: "e1",
      Type: "Session",
      EntityType: "Session",
      InternalName: sessionID,
      Title: `Session ${sessionID}`,
      PanoNodeID: "",
      CreatedAt: "2026-03-01T10:00:00Z",
      UpdatedAt: "2026-03-01T10:00:00Z",
      DateBegin: begin,
      DateEnd: end,
    },
    Video: video(`rec-${sessionID}`),
    ...over,
  };
}

export type Reply = { status: number; body?: unknown } | "offline" | Promise<never>;

/**
 * `fetch` answering by path (without the query): a function of the call's URL, or a fixed reply.
 * Every call is recorded as "path?query".
 */
export function fakeFetch(routes: Record<string, Reply | ((url: URL) => Reply)>) {
  const calls: string[] = [];
  const fetch = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    calls.push(url.pathname + url.search);
    const route = routes[url.pathname];
    const reply = typeof route === "function" ? route(url) : (route ?? { status: 404, body: { Error: { Code: "NOT_FOUND" } } });
    if (reply instanceof Promise) return reply;
    if (reply === "offline") return Promise.reject(new TypeError("Failed to fetch"));
    return Promise.resolve(new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status }));
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, calls };
}
