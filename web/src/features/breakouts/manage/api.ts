/**
 * The console's breakout calls (server: docs/subsystems/breakouts.md "Routes"; all under
 * `/api/v1/events/{E}`, for organizers):
 *
 * - `GET /breakouts` the rooms with who is inside and the way into each call; `POST /breakouts`
 *   (201) a new room from its document; `PUT /breakouts/{R}` the whole document; `DELETE` (204);
 *   `POST /breakouts/{R}/open` and `/close`; `POST /breakouts/{R}/move {PersonID}`;
 *   `POST /breakouts/broadcast {Text, TmpID}`.
 * - A room is an activity, so its Zoom meeting is the generic one: `POST /activities/{R}/
 *   createzoommeeting` and `DELETE /activities/{R}/deletemeeting`.
 * - The event (`GET /events/{E}`) for its time zone.
 */
import { queryOptions } from "@tanstack/react-query";
import { request } from "@/lib/api-client";
import type { BreakoutRoom } from "../api";

export type { BreakoutRoom };

export const CALL_TYPES = ["None", "Zoom", "Jitsi", "BigBlueButton", "Iframe"] as const;
export type CallType = (typeof CALL_TYPES)[number];
/** Types whose call is a page the organizer names (the server requires its URL). */
export const CALL_NEEDS_URL: readonly CallType[] = ["Jitsi", "BigBlueButton", "Iframe"];

/** The room document `POST` and `PUT` take (`BreakoutRoomIn`; unknown fields are refused). */
export interface RoomBody {
  InternalName: string;
  Title: string;
  Topic: string;
  Capacity: number;
  OpensAt: string | null;
  ClosesAt: string | null;
  ConferenceType: CallType;
  ConferenceJoinURL: string;
  ConferenceID: string;
  ConferencePassword: string;
  PanoNodeID: string;
}

export interface BreakoutsEvent {
  ID: string;
  TimeZone: string;
}

export interface Broadcast {
  Messages: { RoomID: string; ChatroomID: string; MessageID: string }[];
}

const id = encodeURIComponent;
const eventPath = (eventId: string) => `/events/${id(eventId)}`;
const roomsPath = (eventId: string) => `${eventPath(eventId)}/breakouts`;
const roomPath = (eventId: string, roomId: string) => `${roomsPath(eventId)}/${id(roomId)}`;

export const breakoutsKeys = {
  /** The same key and call as the console layout's, so both read one cached event. */
  event: (eventId: string) => ["manage", "events", eventId] as const,
  rooms: (eventId: string) => ["manage", "events", eventId, "breakouts"] as const,
};

export const breakoutsEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: breakoutsKeys.event(eventId),
    queryFn: ({ signal }) => request<BreakoutsEvent>(eventPath(eventId), { signal }),
  });

export const roomsQuery = (eventId: string) =>
  queryOptions({
    queryKey: breakoutsKeys.rooms(eventId),
    queryFn: ({ signal }) => request<BreakoutRoom[]>(roomsPath(eventId), { signal }),
  });

export const getRoom = (eventId: string, roomId: string) => request<BreakoutRoom>(roomPath(eventId, roomId));
export const createRoom = (eventId: string, body: RoomBody) => request<BreakoutRoom>(roomsPath(eventId), { method: "POST", body });
export const updateRoom = (eventId: string, roomId: string, body: RoomBody) => request<BreakoutRoom>(roomPath(eventId, roomId), { method: "PUT", body });
export const deleteRoom = (eventId: string, roomId: string) => request<undefined>(roomPath(eventId, roomId), { method: "DELETE" });
export const openRoom = (eventId: string, roomId: string) => request<BreakoutRoom>(`${roomPath(eventId, roomId)}/open`, { method: "POST" });
export const closeRoom = (eventId: string, roomId: string) => request<BreakoutRoom>(`${roomPath(eventId, roomId)}/close`, { method: "POST" });

/** Puts a person who is in a room of the event into this one; answers this room after the move. */
export const movePerson = (eventId: string, roomId: string, personId: string) =>
  request<BreakoutRoom>(`${roomPath(eventId, roomId)}/move`, { method: "POST", body: { PersonID: personId } });

/** The same `TmpID` on a retry posts nothing twice. */
export const broadcast = (eventId: string, text: string, tmpId: string) =>
  request<Broadcast>(`${roomsPath(eventId)}/broadcast`, { method: "POST", body: { Text: text, TmpID: tmpId } });

const activityPath = (eventId: string, roomId: string) => `${eventPath(eventId)}/activities/${id(roomId)}`;
export const createZoomMeeting = (eventId: string, roomId: string) => request<unknown>(`${activityPath(eventId, roomId)}/createzoommeeting`, { method: "POST" });
export const deleteZoomMeeting = (eventId: string, roomId: string) => request<unknown>(`${activityPath(eventId, roomId)}/deletemeeting`, { method: "DELETE" });
