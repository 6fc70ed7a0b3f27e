/** Fixtures for the breakouts tests (not shipped: only tests import it). */
import type { BreakoutOccupancy, BreakoutPresence, BreakoutRoomNotice } from "@/lib/realtime";
import type { BreakoutRoom } from "./api";

export const EVENT = "6650a1b2c3d4e5f601234567";
export const ME = "6650a1b2c3d4e5f6000000a1";
export const BOB = "6650a1b2c3d4e5f6000000b2";
export const CARA = "6650a1b2c3d4e5f6000000c3";

export function room(id: string, over: Partial<BreakoutRoom> = {}): BreakoutRoom {
  const capacity = over.Capacity ?? 4;
  const people = over.PersonIDs ?? [];
  return {
    ID: id,
    EventID: EVENT,
    InternalName: `room-${id}`,
    Title: `Room ${id}`,
    Topic: "",
    Capacity: capacity,
    State: "open",
    OpensAt: null,
    ClosesAt: null,
    ConferenceType: "Jitsi",
    PanoNodeID: "",
    ChatroomID: `chat-${id}`,
    Version: 1,
    Occupancy: people.length,
    SeatsLeft: capacity - people.length,
    PersonIDs: people,
    Call: null,
    CreatedAt: "2026-05-09T10:00:00Z",
    UpdatedAt: "2026-05-09T10:00:00Z",
    ...over,
  };
}

export function occupancy(roomID: string, version: number, people: string[], capacity = 4): BreakoutOccupancy {
  return { RoomID: roomID, Version: version, Capacity: capacity, Occupancy: people.length, SeatsLeft: Math.max(0, capacity - people.length), PersonIDs: people };
}

export function presence(roomID: string | null, over: Partial<BreakoutPresence> = {}): BreakoutPresence {
  return {
    EventID: EVENT,
    PersonID: ME,
    RoomID: roomID,
    FromRoomID: null,
    Reason: roomID ? "joined" : "left",
    TmpID: "",
    ChatroomID: roomID ? `chat-${roomID}` : null,
    Call: roomID ? { Type: "Jitsi", URL: `https://meet.example.org/${roomID}`, MeetingID: "", Password: "" } : null,
    ...over,
  };
}

export function roomNotice(id: string, over: Partial<BreakoutRoomNotice> = {}): BreakoutRoomNotice {
  return {
    ID: id,
    EventID: EVENT,
    Title: `Room ${id}`,
    Topic: "",
    Capacity: 4,
    State: "open",
    OpensAt: null,
    ClosesAt: null,
    ConferenceType: "Jitsi",
    PanoNodeID: "",
    Deleted: false,
    ...over,
  };
}

export { type Reply, refused, routeServer as fakeServer } from "@/test/route-server";
