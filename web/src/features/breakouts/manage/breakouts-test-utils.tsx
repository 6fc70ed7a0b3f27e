/**
 * Test helpers for the Breakout rooms section: a fake server holding one event's rooms, answering
 * the calls of api.ts as the server does (open and close change the times, a move puts the person
 * into the room, a broadcast answers one message per room), and the screen rendered with its own
 * query client. Queued answers make the next write fail.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import { BOB, CARA, EVENT, room } from "../testing";
import type { BreakoutRoom } from "./api";
import { BreakoutsScreen } from "./BreakoutsScreen";

export { BOB, CARA, EVENT, ME, occupancy, room, roomNotice } from "../testing";

export const BASE = `/api/v1/events/${EVENT}`;
export const ZONE = "Europe/Berlin";

export interface Call {
  method: string;
  path: string;
  body: unknown;
}
export type Reply = { status: number; body?: unknown };

export interface RoomsServer {
  calls: Call[];
  rooms: BreakoutRoom[];
  answers: Reply[];
  writes: () => Call[];
}

const names = [
  { PersonID: BOB, FullName: "Bob Builder", PictureURL: "" },
  { PersonID: CARA, FullName: "Cara Clark", PictureURL: "" },
];

export const refusal = (status: number, code: string, data: Record<string, unknown> = {}): Reply => ({ status, body: { Error: { Code: code, Message: code, Data: data } } });

export function serveRooms(rooms: BreakoutRoom[], options: { failList?: boolean } = {}): RoomsServer {
  const server: RoomsServer = { calls: [], rooms, answers: [], writes: () => server.calls.filter((c) => c.method !== "GET" && !c.path.endsWith("/lists/attendees")) };
  const replace = (next: BreakoutRoom): Reply => {
    server.rooms = server.rooms.map((r) => (r.ID === next.ID ? next : r));
    return { status: 200, body: next };
  };
  let made = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      const call: Call = { method: init?.method ?? "GET", path: url.pathname, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined };
      server.calls.push(call);
      const reply = ((): Reply => {
        if (call.path === BASE) return { status: 200, body: { ID: EVENT, Title: "Demo", TimeZone: ZONE } };
        if (call.path === `${BASE}/lists/attendees`) return { status: 200, body: names.filter((n) => (call.body as string[]).includes(n.PersonID)) };
        if (call.method === "GET" && call.path === `${BASE}/breakouts`) {
          return options.failList ? refusal(500, "INTERNAL_ERROR") : { status: 200, body: server.rooms };
        }
        const queued = server.answers.shift();
        if (queued) return queued;
        if (call.method === "POST" && call.path === `${BASE}/breakouts`) {
          made += 1;
          const created = room(`new${made}`, { ...(call.body as Partial<BreakoutRoom>), Version: 1, Call: null });
          server.rooms = [...server.rooms, created];
          return { status: 201, body: created };
        }
        if (call.method === "POST" && call.path === `${BASE}/breakouts/broadcast`) {
          return { status: 200, body: { Messages: server.rooms.map((r) => ({ RoomID: r.ID, ChatroomID: `chat-${r.ID}`, MessageID: `m-${r.ID}` })) } };
        }
        const zoom = /\/activities\/([^/]+)\/createzoommeeting$/.exec(call.path);
        if (zoom) return refusal(503, "ZOOM_NOT_CONFIGURED");
        const [roomId, action] = call.path.slice(`${BASE}/breakouts/`.length).split("/");
        const stored = server.rooms.find((r) => r.ID === roomId);
        if (!stored) return refusal(404, "BREAKOUT_ROOM_NOT_FOUND", { RoomID: roomId });
        if (call.method === "GET") return { status: 200, body: stored };
        if (action === "open") return replace({ ...stored, State: "open", OpensAt: null, ClosesAt: null });
        if (action === "close") return replace({ ...stored, State: "closed", ClosesAt: new Date(Date.now() - 1000).toISOString(), PersonIDs: [], Occupancy: 0, SeatsLeft: stored.Capacity });
        if (action === "move") {
          const person = (call.body as { PersonID: string }).PersonID;
          const seated = (r: BreakoutRoom, people: string[]): BreakoutRoom => ({ ...r, PersonIDs: people, Occupancy: people.length, SeatsLeft: Math.max(0, r.Capacity - people.length), Version: r.Version + 1 });
          server.rooms = server.rooms.map((r) => (r.PersonIDs.includes(person) ? seated(r, r.PersonIDs.filter((p) => p !== person)) : r));
          const moved = server.rooms.find((r) => r.ID === roomId) as BreakoutRoom;
          return replace(seated(moved, [...moved.PersonIDs, person]));
        }
        if (call.method === "PUT") return replace({ ...stored, ...(call.body as Partial<BreakoutRoom>) });
        if (call.method === "DELETE") {
          server.rooms = server.rooms.filter((r) => r.ID !== stored.ID);
          return { status: 204 };
        }
        return refusal(404, "ROUTE_NOT_FOUND");
      })();
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }),
  );
  return server;
}

export function renderRooms() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <BreakoutsScreen eventId={EVENT} />
    </QueryClientProvider>,
  );
  return { ...view, client };
}
