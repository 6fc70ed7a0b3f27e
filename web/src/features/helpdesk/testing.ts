/** Fixtures for the help desk tests (not shipped: only tests import it). */
import { vi } from "vitest";
import type { ChatMessage } from "@/lib/realtime";
import type { Queue, QueueCounts, Ticket } from "./api";

export const EVENT = "6650a1b2c3d4e5f601234567";
export const ME = "6650a1b2c3d4e5f6000000a1";
export const AGENT = "6650a1b2c3d4e5f6000000b2";
export const OTHER_AGENT = "6650a1b2c3d4e5f6000000c3";
export const ATTENDEE = "6650a1b2c3d4e5f6000000d4";
export const BASE = `/api/v1/events/${EVENT}`;

export const people = {
  me: { ID: ME, Name: "Ada Lovelace", Picture: "" },
  agent: { ID: AGENT, Name: "Bob Builder", Picture: "" },
  otherAgent: { ID: OTHER_AGENT, Name: "Cara Clark", Picture: "" },
  attendee: { ID: ATTENDEE, Name: "Dan Dare", Picture: "" },
};

export const roomOf = (ticketID: string) => `6650a1b2c3d4e5f6f${ticketID.padStart(7, "0")}`;

/** A ticket `id` (a short tag; the room id is derived from it), new and asked by Ada 10 minutes ago. */
export function ticket(id: string, over: Partial<Ticket> = {}): Ticket {
  const created = over.CreatedAt ?? new Date(Date.now() - 10 * 60_000).toISOString();
  return {
    ID: id,
    EventID: EVENT,
    ChatroomID: roomOf(id),
    Topic: `Question ${id}`,
    State: "new",
    Requester: people.me,
    Assignee: null,
    CreatedAt: created,
    UpdatedAt: created,
    LastMessageAt: created,
    LastMessageBy: "requester",
    FirstResponseAt: null,
    ClosedAt: null,
    ReopenCount: 0,
    MessageCount: 1,
    ...over,
  };
}

/** Message `n` of a room: ids are time-ordered within a room, as the server's are. */
export function chatMessage(n: number, sender: string, roomID: string, text = `m${n}`): ChatMessage {
  return {
    ID: `6650a1b2c3d4e5f6${n.toString(16).padStart(8, "0")}`,
    EventID: EVENT,
    TmpID: `tmp-${n}`,
    SenderID: sender,
    ReceiverIDs: [],
    ChatroomID: roomID,
    CreatedAt: new Date(Date.now() - (100 - n) * 1000).toISOString(),
    LikeCount: 0,
    DislikeCount: 0,
    ReadBy: [],
    Text: text,
    IsDeletedByAuthor: false,
    IsBanned: false,
    RepliedToMessageID: null,
  };
}

export const counts = (over: Partial<QueueCounts> = {}): QueueCounts => ({ New: 0, Mine: 0, Open: 0, Waiting: 0, Closed: 0, ...over });
export const queue = (tickets: Ticket[], over: Partial<QueueCounts> = {}): Queue => ({ Tickets: tickets, Counts: counts(over) });

/** The browser's Notification, with the permission a test sets and every notification shown. */
export class FakeNotification {
  static permission: NotificationPermission = "granted";
  static shown: { title: string; options: NotificationOptions | undefined }[] = [];
  static answer: NotificationPermission = "granted";
  static requestPermission = vi.fn(() => {
    FakeNotification.permission = FakeNotification.answer;
    return Promise.resolve(FakeNotification.answer);
  });
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, options });
  }
  close(): void {}
  static reset(permission: NotificationPermission): void {
    FakeNotification.permission = permission;
    FakeNotification.answer = "granted";
    FakeNotification.shown = [];
    FakeNotification.requestPermission.mockClear();
  }
}

/** Sets what `document.visibilityState` answers (jsdom's is always "visible"). */
export function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
}

export { type Reply, refused, routeServer } from "@/test/route-server";
