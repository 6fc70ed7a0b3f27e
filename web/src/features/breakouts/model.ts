/**
 * The breakout rules as pure functions, so they are tested without React or a socket:
 *
 * - `withOccupancy`: a BREAKOUT_OCCUPANCY_NOTIFY into the list — per room, only an entry with a
 *   higher `Version` than the one shown replaces it (frames of several server processes may cross,
 *   and the REST list carries the version it was read at), or one of the same version that lists
 *   everyone inside where the shown one listed only the first faces: the event's frames carry a
 *   room's first faces, the people inside and organizers also get the complete list.
 * - `withRoomNotice`: a BREAKOUT_ROOM_NOTIFY — a new room is added (empty), a known one takes the
 *   new definition and keeps its occupancy, a deleted one goes.
 * - `stateAt`: a room's state by the clock, as the protocol asks clients to derive it.
 * - `presenceAfter`: where the person is, and whether this connection holds that presence.
 */
import type { BreakoutOccupancyNotice, BreakoutRoomNotice } from "@/lib/realtime";
import type { BreakoutCall, BreakoutPresence, BreakoutRoom, BreakoutState } from "./api";

export function withOccupancy(rooms: readonly BreakoutRoom[], notice: BreakoutOccupancyNotice): BreakoutRoom[] {
  const fresh = new Map(notice.Rooms.map((entry) => [entry.RoomID, entry]));
  return rooms.map((room) => {
    const entry = fresh.get(room.ID);
    if (!entry || entry.Version < room.Version) return room;
    if (entry.Version === room.Version && !(isComplete(entry) && !isComplete(room))) return room;
    const { Version, Capacity, Occupancy, SeatsLeft, PersonIDs } = entry;
    return { ...room, Version, Capacity, Occupancy, SeatsLeft, PersonIDs };
  });
}

/** Whether an entry names everyone inside (the event's frames name only a room's first faces). */
function isComplete(entry: Pick<BreakoutRoom, "PersonIDs" | "Occupancy">): boolean {
  return entry.PersonIDs.length >= entry.Occupancy;
}

export function withRoomNotice(rooms: readonly BreakoutRoom[], notice: BreakoutRoomNotice): BreakoutRoom[] {
  if (notice.Deleted) return rooms.filter((room) => room.ID !== notice.ID);
  const { ID, EventID, Title, Topic, Capacity, State, OpensAt, ClosesAt, ConferenceType, PanoNodeID } = notice;
  const definition = { Title, Topic, Capacity, State, OpensAt, ClosesAt, ConferenceType, PanoNodeID };
  const known = rooms.find((room) => room.ID === ID);
  if (known) {
    // Occupancy stays the frames' business; the seats left follow a changed capacity at once
    // (a lowered capacity sends nobody out, so they never go below zero).
    const SeatsLeft = Math.max(0, Capacity - known.Occupancy);
    return rooms.map((room) => (room.ID === ID ? { ...room, ...definition, SeatsLeft } : room));
  }
  const now = new Date().toISOString();
  const added: BreakoutRoom = {
    ID,
    EventID,
    InternalName: "",
    ...definition,
    ChatroomID: null,
    Version: 0,
    Occupancy: 0,
    SeatsLeft: Capacity,
    PersonIDs: [],
    Call: null,
    CreatedAt: now,
    UpdatedAt: now,
  };
  return [...rooms, added];
}

/** Closed once `ClosesAt` has passed, scheduled before `OpensAt`, open otherwise (breakouts.md "State"). */
export function stateAt(room: Pick<BreakoutRoom, "OpensAt" | "ClosesAt">, now: number): BreakoutState {
  if (room.ClosesAt && Date.parse(room.ClosesAt) <= now) return "closed";
  if (room.OpensAt && Date.parse(room.OpensAt) > now) return "scheduled";
  return "open";
}

/**
 * Where the person is. `here`: this connection holds the presence (it joined, or rejoined after a
 * reconnect), so this tab shows the call; a presence another tab or window took is shown as
 * such, with a way to take it over.
 */
export interface Presence {
  roomID: string | null;
  chatroomID: string | null;
  call: BreakoutCall | null;
  here: boolean;
}

export const OUTSIDE: Presence = { roomID: null, chatroomID: null, call: null, here: false };

/**
 * The presence after a BREAKOUT_PRESENCE_NOTIFY. `mine`: the notice answers a command of this
 * connection (its TmpID is one this tab sent). An organizer's move keeps the presence on the
 * connection that held it; anything else not caused here was done by another tab of the person.
 */
export function presenceAfter(current: Presence, notice: BreakoutPresence, mine: boolean): Presence {
  if (notice.RoomID === null) return OUTSIDE;
  const here = mine || (notice.Reason === "moved" && current.here);
  return { roomID: notice.RoomID, chatroomID: notice.ChatroomID, call: notice.Call, here };
}

/** Why the person left a room without asking: said in words, since they did not do it. */
export type Departure = "moved" | "closed" | "deleted" | "disconnected" | "expired";

const DEPARTURES: readonly string[] = ["moved", "closed", "deleted", "disconnected", "expired"];

/** What to tell the person about a notice they did not cause, or null when it needs no words. */
export function departureOf(notice: BreakoutPresence, mine: boolean): Departure | null {
  if (mine || !DEPARTURES.includes(notice.Reason)) return null;
  return notice.Reason as Departure;
}

/** The first `max` people inside, and how many more there are (the list may name fewer than are inside). */
export function facesOf(room: Pick<BreakoutRoom, "PersonIDs" | "Occupancy">, max: number): { shown: string[]; more: number } {
  const shown = room.PersonIDs.slice(0, max);
  return { shown, more: Math.max(0, room.Occupancy - shown.length) };
}
