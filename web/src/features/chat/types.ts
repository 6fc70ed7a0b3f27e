/**
 * The chat's client-side types, built on the wire types of `@/lib/realtime` (protocol/README.md
 * §4). The REST shapes are in `api.ts`.
 */
import type { ChatMessage, ChatroomModel } from "@/lib/realtime";

export const NULL_ID = "000000000000000000000000";
export const BROADCAST = "broadcast";
/** The server's limit on message text, in code points (protocol §8). */
export const MAX_TEXT = 4000;

export type RoomKind = "broadcast" | "direct" | "group";

/** A message in the client: a pending one has no server id yet (`ID` is empty). */
export interface LocalMessage extends ChatMessage {
  pending?: boolean;
  /** The error code of a failed send or edit. */
  failed?: string;
  /** How often the server answered SERVER_BUSY to this send; it is resent on its own until
   * BUSY_RETRIES, then shown as failed. */
  busyRetries?: number;
}

export interface ChatAttendee {
  PersonID: string;
  FullName: string;
  FirstName?: string;
  LastName?: string;
  PictureURL?: string;
}

/** `type` is the REST room's own `Type`; a room from a CREATE_NOTIFY has none and is inferred. */
export function roomKind(room: ChatroomModel, type?: RoomKind): RoomKind {
  if (room.InternalName === BROADCAST) return "broadcast";
  if (type) return type;
  return room.IsPrivate || room.InternalName.startsWith("direct:") ? "direct" : "group";
}
