/** Chat shapes as the REST API and the realtime frames carry them (protocol/README.md §4). */

export const NULL_ID = "000000000000000000000000";
export const BROADCAST = "broadcast";
/** The server's limit on message text, in code points (protocol §8). */
export const MAX_TEXT = 4000;

export type RoomKind = "broadcast" | "direct" | "group";

export interface Chatroom {
  ID: string;
  EventID: string;
  Title: string;
  InternalName: string;
  IsPrivate: boolean;
  Type?: RoomKind;
  LastMessageID?: string;
  AttendeeIDs?: string[];
}

export interface ChatMessage {
  ID: string;
  EventID: string;
  TmpID: string;
  SenderID: string;
  ReceiverIDs: string[];
  ChatroomID: string;
  CreatedAt: string;
  LikeCount: number;
  DislikeCount: number;
  ReadBy: string[];
  Text: string;
  IsDeletedByAuthor: boolean;
  IsBanned: boolean;
  RepliedToMessageID: string | null;
}

/** A message in the client: a pending one has no server id yet (`ID` is empty). */
export interface LocalMessage extends ChatMessage {
  pending?: boolean;
  /** The error code of a failed send or edit. */
  failed?: string;
  /** How often the server answered SERVER_BUSY to this send; it is resent on its own until
   * BUSY_RETRIES, then shown as failed. */
  busyRetries?: number;
}

export interface ReadInfo {
  ID: string;
  EventID: string;
  Created: string | null;
  Updated: string | null;
  PersonID?: string;
  ReaderID?: string;
  ChatroomID: string;
  LastReadChatMessageID: string;
}

export interface DeleteNotice {
  ID: string;
  DeleterID: string;
  ReceiverIDs: string[];
  ChatroomID: string;
}

export interface RoomCreated {
  TmpID: string;
  InviterID: string;
  InviteeID: string | null;
  ChatroomModel: Chatroom;
}

export interface ErrorEnvelope {
  Error: { Code: string; Message: string; Data: Record<string, unknown> };
}

export interface ChatAttendee {
  PersonID: string;
  FullName: string;
  FirstName?: string;
  LastName?: string;
  PictureURL?: string;
}

export function roomKind(room: Chatroom): RoomKind {
  if (room.InternalName === BROADCAST) return "broadcast";
  if (room.Type) return room.Type;
  return room.IsPrivate || room.InternalName.startsWith("direct:") ? "direct" : "group";
}
