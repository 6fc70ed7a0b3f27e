/**
 * The attendee's breakout calls (server: docs/subsystems/breakouts.md, frames 34–39 in
 * protocol/README.md §4). The rooms are read over REST; joining and leaving exist only over the
 * socket, since presence belongs to the connection that joined (it ends when that socket goes).
 * Answers are typed, not re-checked: they come from our own server; the frames that update them
 * are checked by lib/realtime.
 */
import { request } from "@/lib/api-client";
import {
  type BreakoutCall,
  type BreakoutPresence,
  type BreakoutState,
  newTmpID,
  realtime,
  sendCommand,
} from "@/lib/realtime";

export type { BreakoutCall, BreakoutPresence, BreakoutState };

/** A room as one caller reads it (`RoomView`): `Call` only for organizers and the people inside. */
export interface BreakoutRoom {
  ID: string;
  EventID: string;
  InternalName: string;
  Title: string;
  Topic: string;
  Capacity: number;
  State: BreakoutState;
  OpensAt: string | null;
  ClosesAt: string | null;
  ConferenceType: string;
  PanoNodeID: string;
  ChatroomID: string | null;
  /** Grows with every change of the room's presence; frames older than this are stale. */
  Version: number;
  Occupancy: number;
  SeatsLeft: number;
  /** The people inside, by arrival. */
  PersonIDs: string[];
  Call: BreakoutCall | null;
  CreatedAt: string;
  UpdatedAt: string;
}

/** What the list shows of a person: the same record the chat reads names from. */
export interface Attendee {
  PersonID: string;
  FullName: string;
  PictureURL?: string;
}

const enc = encodeURIComponent;
export const roomsPath = (eventID: string) => `/events/${enc(eventID)}/breakouts`;

/** GET /events/{E}/breakouts: the event's rooms, oldest first, with who is inside. */
export function listRooms(eventID: string, signal?: AbortSignal): Promise<BreakoutRoom[]> {
  return request<BreakoutRoom[]>(roomsPath(eventID), { signal });
}

/** The server answers at most this many people per page of POST …/lists/attendees. */
export const NAMES_PAGE = 100;

/** POST /events/{E}/lists/attendees: names and pictures of up to 100 people. */
export function getAttendees(eventID: string, personIDs: readonly string[]): Promise<Attendee[]> {
  return request<Attendee[]>(`/events/${enc(eventID)}/lists/attendees`, { method: "POST", body: personIDs.slice(0, NAMES_PAGE) });
}

/**
 * BREAKOUT_JOIN: answered by the BREAKOUT_PRESENCE_NOTIFY carrying its TmpID, refused with
 * BREAKOUT_JOIN_ERROR (`CommandRefused`: FULL, CLOSED, NOT_FOUND). There is no REST form, so a
 * closed socket is `NoAnswer("not-connected")` and the caller says joining needs the connection.
 * `onSent` receives the TmpID before the frame goes out, so the presence feed can tell this
 * connection's answer from another tab's.
 */
export function joinRoom(roomID: string, onSent: (tmpID: string) => void): Promise<BreakoutPresence> {
  const tmpID = newTmpID();
  onSent(tmpID);
  return sendCommand(realtime, "BREAKOUT_JOIN", { RoomID: roomID, TmpID: tmpID }, "BREAKOUT_PRESENCE_NOTIFY", "BREAKOUT_JOIN_ERROR");
}

/**
 * BREAKOUT_LEAVE for this room only, so a late leave cannot end a presence taken elsewhere since
 * (another tab, an organizer's move). Refusals come as ERROR naming opcode 36.
 */
export function leaveRoom(roomID: string, onSent: (tmpID: string) => void): Promise<BreakoutPresence> {
  const tmpID = newTmpID();
  onSent(tmpID);
  return sendCommand(realtime, "BREAKOUT_LEAVE", { TmpID: tmpID, RoomID: roomID }, "BREAKOUT_PRESENCE_NOTIFY", "ERROR");
}
