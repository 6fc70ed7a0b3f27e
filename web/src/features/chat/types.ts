/**
 * The chat's client-side types, built on the wire types of `@/lib/realtime` (protocol/README.md
 * §4). The REST shapes are in `api.ts`.
 */
import type { ChatMessage, ChatroomModel } from "@/lib/realtime";

export const NULL_ID = "000000000000000000000000";
export const BROADCAST = "broadcast";
/** The server's limit on message text, in code points (protocol §8). */
export const MAX_TEXT = 4000;

/** `support`: a help desk conversation (features/helpdesk), held here for its messages, unread
 * count and room view, but listed on the help desk page rather than in the chat panel. */
export type RoomKind = "broadcast" | "direct" | "group" | "support";

/** Help desk rooms are named `support:<ticket id>` by the server. */
export const SUPPORT_PREFIX = "support:";

/** A message in the client: a pending one has no server id yet (`ID` is empty). */
export interface LocalMessage extends ChatMessage {
  pending?: boolean;
  /** The error code of a failed send or edit. */
  failed?: string;
  /** How often the server answered SERVER_BUSY to this send; it is resent on its own until
   * BUSY_RETRIES, then shown as failed. */
  busyRetries?: number;
}

/** A person's own reaction to a message (at most one each); "None" clears it over REST. */
export type Reaction = "Like" | "Dislike";
export type ReactionChoice = Reaction | "None";

/** How the person keeps someone out of their chat: muted (their messages hidden) or blocked
 * (also no direct chat between the two). */
export type MuteKind = "muted" | "blocked";

/** What the composer's reply strip and a reply's quote show of a message: author, first line. */
export interface Quote {
  id: string;
  name: string;
  text: string;
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
  // A support room is private too: its name, not IsPrivate, tells it from a direct chat.
  if (room.InternalName.startsWith(SUPPORT_PREFIX)) return "support";
  return room.IsPrivate || room.InternalName.startsWith("direct:") ? "direct" : "group";
}
