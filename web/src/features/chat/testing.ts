/** Shared fixtures of the chat tests (imported by tests only, so never bundled). */
import type { ChatMessage } from "@/lib/realtime";

export const ME = "6650a1b2c3d4e5f6000000a1";
export const BOB = "6650a1b2c3d4e5f6000000b2";
export const EVENT = "6650a1b2c3d4e5f601234567";

/** A time-ordered id whose order follows `n`, as message ids are within a room. */
export const id = (n: number): string => `6650a1b2c3d4e5f6${n.toString(16).padStart(8, "0")}`;

/** Message `n` of `room`, from `sender`. */
export function message(n: number, sender: string, room: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    ID: id(n),
    EventID: EVENT,
    TmpID: `tmp-${n}`,
    SenderID: sender,
    ReceiverIDs: [],
    ChatroomID: room,
    CreatedAt: "2026-05-09T12:00:00.000000Z",
    LikeCount: 0,
    DislikeCount: 0,
    ReadBy: [],
    Text: `m${n}`,
    IsDeletedByAuthor: false,
    IsBanned: false,
    RepliedToMessageID: null,
    ...extra,
  };
}
