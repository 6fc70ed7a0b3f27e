/** The chat's REST calls (attendee-app.md §7; docs/subsystems/chat.md "REST"). */
import { currentToken } from "@/features/accounts";
import { ApiError, buildUrl, NetworkError, request } from "@/lib/api-client";
import type { ChatMessage, ChatMute, ChatroomModel, ReadInfo } from "@/lib/realtime";
import type { HistoryQuery } from "./logic";
import type { ChatAttendee, Reaction, ReactionChoice, RoomKind } from "./types";

const enc = encodeURIComponent;

/** A chat room as the REST calls return it: the frame's room model and what only REST carries. */
export interface Chatroom extends ChatroomModel {
  Type: RoomKind;
  CreatedAt: string;
  LastMessageID: string;
  /** Direct and group rooms: their members; the broadcast room: `[]` (everybody). */
  AttendeeIDs: string[];
}

/** The person's rooms, the broadcast room first. */
export function getRooms(eventID: string, personID: string): Promise<Chatroom[]> {
  return request<Chatroom[]>(`/events/${enc(eventID)}/activities/chatrooms/attendees/${enc(personID)}`);
}

export function getRoom(eventID: string, roomID: string): Promise<Chatroom> {
  return request<Chatroom>(`/events/${enc(eventID)}/activities/chatrooms/${enc(roomID)}`);
}

/**
 * A message as REST answers it: the frame's message plus the caller's own reaction, which frames
 * (sent to the whole room) cannot carry. Absent from a server older than per-person reactions.
 */
export interface RestMessage extends ChatMessage {
  MyReaction?: Reaction | null;
}

/** One page of history, oldest first. */
export function getHistory(eventID: string, roomID: string, query: HistoryQuery): Promise<RestMessage[]> {
  return request<RestMessage[]>(`/events/${enc(eventID)}/lists/chatmessageschronologically`, {
    query: { ChatroomID: roomID, ...query },
  });
}

/** The person's read position in a room; the server requires `PersonID` (admin-api.md "Chat person status"). */
export function getReadInfo(eventID: string, roomID: string, personID: string): Promise<ReadInfo> {
  return request<ReadInfo>(`/events/${enc(eventID)}/chatrooms/${enc(roomID)}/chatpersonstatus`, {
    query: { PersonID: personID },
  });
}

interface Relation {
  ChildID: string;
}

/** Persons related to the room as `Moderator` or `ChatroomAdmin`. */
export async function getRoomRoles(eventID: string, roomID: string): Promise<{ moderators: string[]; admins: string[] }> {
  const load = (type: string) =>
    request<Relation[]>("/relations", {
      query: { EventID: eventID, ParentType: "Chatroom", ParentID: roomID, RelationType: type, MaxCount: 1000 },
    }).then((rows) => rows.map((r) => r.ChildID));
  const [moderators, admins] = await Promise.all([load("Moderator"), load("ChatroomAdmin")]);
  return { moderators, admins };
}

const CURSOR_HEADER = "amv-cursor-pos";

/** Names of the given persons, following the `amv-cursor-pos` cursor page by page. */
export async function getAttendees(eventID: string, personIDs: string[]): Promise<ChatAttendee[]> {
  const found: ChatAttendee[] = [];
  let cursor: string | null = null;
  const token = currentToken();
  for (let page = 0; page < 200; page++) {
    let response: Response;
    try {
      response = await fetch(buildUrl(`/events/${enc(eventID)}/lists/attendees`, { LastID: cursor ?? undefined }), {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(personIDs),
      });
    } catch (cause) {
      throw new NetworkError(cause);
    }
    if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, response.statusText);
    found.push(...((await response.json()) as ChatAttendee[]));
    cursor = response.headers.get(CURSOR_HEADER);
    if (!cursor) break;
  }
  return found;
}


// -- people, mutes, reactions, group invitations ---------------------------------------------------

export interface AttendeeIDsQuery {
  SearchTerm?: string;
  LastID?: string;
  Limit: number;
}

/** A page of the event's attendee ids in id order; `SearchTerm` matches names, case-insensitively. */
export function getAttendeeIDs(eventID: string, query: AttendeeIDsQuery): Promise<string[]> {
  return request<string[]>(`/events/${enc(eventID)}/attendees/ids`, { query: { ...query } });
}

/** The person's own mute list, oldest first. */
export function getMutes(eventID: string): Promise<ChatMute[]> {
  return request<ChatMute[]>(`/events/${enc(eventID)}/chat-mutes`);
}

/** Mutes (`blocked` false) or blocks someone, or turns one into the other; answers the row. */
export function putMute(eventID: string, personID: string, blocked: boolean): Promise<ChatMute> {
  return request<ChatMute>(`/events/${enc(eventID)}/chat-mutes/${enc(personID)}`, { method: "PUT", body: { Blocked: blocked } });
}

/** Unmutes or unblocks (404 CHAT_MUTE_NOT_FOUND when there was nothing to undo). */
export function deleteMute(eventID: string, personID: string): Promise<void> {
  return request<undefined>(`/events/${enc(eventID)}/chat-mutes/${enc(personID)}`, { method: "DELETE" });
}

/** Sets the caller's one reaction to a message ("None" clears it); answers the message. */
export function putReaction(eventID: string, roomID: string, messageID: string, reaction: ReactionChoice): Promise<RestMessage> {
  return request<RestMessage>(`/events/${enc(eventID)}/chat-rooms/${enc(roomID)}/chat-messages/${enc(messageID)}`, {
    method: "PUT",
    body: { Reaction: reaction },
  });
}

/** Adds persons to a group (its admins only); answers the room with its new members. */
export function inviteToGroup(eventID: string, roomID: string, personIDs: string[]): Promise<Chatroom> {
  return request<Chatroom>(`/events/${enc(eventID)}/activities/chatrooms/${enc(roomID)}/attendees`, {
    method: "POST",
    body: { PersonIDs: personIDs },
  });
}
