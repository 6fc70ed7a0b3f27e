/**
 * The chat as the components drive it: store, actions and the frame wiring together, with the
 * fake socket of `@/lib/realtime/testing` (every delivered frame goes through the real payload
 * checker) and fake REST calls.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { onPanelRequest, type PanelRequest } from "@/lib/panels";
import type { ChatMessage, ChatMute, ReadInfo } from "@/lib/realtime";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import type { Chatroom } from "./api";
import { BOB, EVENT, id, ME, message } from "./testing";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const { deliver, sent, sentOf } = fakeRealtime;

const NULL_ID = "000000000000000000000000";
const restRoom = (n: number, extra: Partial<Chatroom>): Chatroom => ({
  ID: id(n),
  EventID: EVENT,
  Title: "",
  InternalName: "broadcast",
  IsPrivate: false,
  Type: "broadcast",
  CreatedAt: "2026-05-09T12:00:00.000000Z",
  LastMessageID: NULL_ID,
  AttendeeIDs: [],
  ...extra,
});
const BROADCAST_ROOM = restRoom(0xf0, {});
const DIRECT_ROOM = restRoom(0xf1, { InternalName: `direct:${ME}:${BOB}`, IsPrivate: true, Type: "direct", AttendeeIDs: [ME, BOB] });

const msg = (n: number, sender = BOB, room = BROADCAST_ROOM.ID, extra: Partial<ChatMessage> = {}): ChatMessage =>
  message(n, sender, room, extra);

const readInfo = (person: string, roomID: string, last: string): ReadInfo => ({
  ID: NULL_ID,
  EventID: EVENT,
  Created: null,
  Updated: null,
  PersonID: person,
  ChatroomID: roomID,
  LastReadChatMessageID: last,
});

let history: Record<string, ChatMessage[]> = {};
let readAnchor: Record<string, string> = {};
let mutes: ChatMute[] = [];
const readInfoAsked: string[] = [];

vi.mock("./api", () => ({
  getRooms: () => Promise.resolve([BROADCAST_ROOM, DIRECT_ROOM]),
  getRoom: () => Promise.reject(new Error("unknown")),
  // Like the server: without the person's id the status call is refused (422).
  getReadInfo: (_e: string, room: string, person?: string) => {
    readInfoAsked.push(person ?? "");
    return person
      ? Promise.resolve(readInfo(person, room, readAnchor[room] ?? NULL_ID))
      : Promise.reject(new ApiError(422, "MISSING_PARAMETER", "PersonID is required"));
  },
  getHistory: (_e: string, room: string, q: { StartID?: string; MaxCount: number; IsAscending?: boolean }) => {
    const all = history[room] ?? [];
    if (!q.StartID) return Promise.resolve(q.IsAscending ? all.slice(0, q.MaxCount) : all.slice(-q.MaxCount));
    return Promise.resolve(
      q.IsAscending ? all.filter((m) => m.ID > (q.StartID ?? "")).slice(0, q.MaxCount) : all.filter((m) => m.ID < (q.StartID ?? "")).slice(-q.MaxCount),
    );
  },
  getAttendees: () => Promise.resolve([{ PersonID: BOB, FullName: "Bob Builder" }]),
  getRoomRoles: () => Promise.resolve({ moderators: [], admins: [] }),
  getMutes: () => Promise.resolve(mutes),
}));

const { useChat, catchUp } = await import("./store");
const actions = await import("./actions");
const { startChat, stopChat } = await import("./lifecycle");
const { roomUnread, selectedRoomID, totalUnread } = await import("./state");
const { BUSY_RETRIES } = await import("./reducers");

const panelRequests: PanelRequest[] = [];
onPanelRequest((request) => panelRequests.push(request));

async function start() {
  startChat(EVENT, ME);
  await vi.waitFor(() => expect(useChat.getState().loading).toBe(false));
}

const room = (roomID: string) => {
  const entry = useChat.getState().rooms[roomID];
  if (!entry) throw new Error("no room");
  return entry;
};

beforeEach(() => {
  history = { [BROADCAST_ROOM.ID]: [msg(1), msg(2, ME), msg(3)], [DIRECT_ROOM.ID]: [msg(10, BOB, DIRECT_ROOM.ID)] };
  readAnchor = {};
  mutes = [];
  readInfoAsked.length = 0;
  fakeRealtime.reset();
  panelRequests.length = 0;
});

afterEach(() => {
  stopChat();
  vi.useRealTimers();
});

describe("chat store", () => {
  it("loads rooms with the broadcast room first, counts unread from others and selects broadcast by default", async () => {
    readAnchor[BROADCAST_ROOM.ID] = id(1);
    await start();
    const state = useChat.getState();
    expect(state.order[0]).toBe(BROADCAST_ROOM.ID);
    expect(selectedRoomID(state)).toBe(BROADCAST_ROOM.ID);
    expect(roomUnread(state, BROADCAST_ROOM.ID)).toBe(1); // m3; m2 is mine
    expect(roomUnread(state, DIRECT_ROOM.ID)).toBe(1);
    expect(totalUnread(state)).toBe(2);
    expect(fakeRealtime.poller).toBeTypeOf("function");
  });

  it("restores the person's read position after a reload: the status call names the person", async () => {
    readAnchor[BROADCAST_ROOM.ID] = id(2);
    readAnchor[DIRECT_ROOM.ID] = id(10);
    await start();
    expect(readInfoAsked).toEqual([ME, ME]);
    expect(room(BROADCAST_ROOM.ID).lastReadID).toBe(id(2));
    expect(room(DIRECT_ROOM.ID).lastReadID).toBe(id(10));
    expect(totalUnread(useChat.getState())).toBe(1); // only m3 is new
  });

  it("shows a sent message as pending and confirms it by the NOTIFY carrying its TmpID", async () => {
    await start();
    expect(actions.sendMessage(BROADCAST_ROOM.ID, "hot :fire:")).toBe("ok");
    const [frame] = sentOf("CHAT_MESSAGE_SEND");
    expect(frame?.Text).toBe("hot 🔥");
    const tmp = frame?.TmpID ?? "";
    expect(room(BROADCAST_ROOM.ID).messages.at(-1)).toMatchObject({ ID: "", pending: true, TmpID: tmp });
    deliver("CHAT_MESSAGE_SEND_NOTIFY", msg(4, ME, BROADCAST_ROOM.ID, { TmpID: tmp, Text: "hot 🔥" }));
    const messages = room(BROADCAST_ROOM.ID).messages;
    expect(messages.map((m) => m.ID)).toEqual([id(1), id(2), id(3), id(4)]);
    expect(messages.some((m) => m.pending)).toBe(false);
    expect(room(BROADCAST_ROOM.ID).lastID).toBe(id(4));
  });

  it("refuses empty and over-long text without sending", async () => {
    await start();
    expect(actions.sendMessage(BROADCAST_ROOM.ID, "   ")).toBe("empty");
    expect(actions.sendMessage(BROADCAST_ROOM.ID, "x".repeat(4001))).toBe("tooLong");
    expect(actions.sendMessage(BROADCAST_ROOM.ID, "😀".repeat(4000))).toBe("ok"); // code points, not UTF-16 units
    expect(sentOf("CHAT_MESSAGE_SEND")).toHaveLength(1);
  });

  it("marks a failed send and retries it with the same TmpID", async () => {
    await start();
    actions.sendMessage(BROADCAST_ROOM.ID, "hello");
    const tmp = sentOf("CHAT_MESSAGE_SEND")[0]?.TmpID ?? "";
    deliver("CHAT_MESSAGE_SEND_ERROR", { Error: { Code: "RATE_LIMITED", Message: "", Data: { TmpID: tmp, RetryAfterMs: 1000 } } });
    expect(room(BROADCAST_ROOM.ID).messages.at(-1)?.failed).toBe("RATE_LIMITED");
    actions.retryMessage(BROADCAST_ROOM.ID, tmp);
    expect(sent.at(-1)).toEqual({ name: "CHAT_MESSAGE_SEND", payload: { TmpID: tmp, ChatroomID: BROADCAST_ROOM.ID, Text: "hello" } });
  });

  it("resends a send the server was too busy for, then gives up and shows it failed", async () => {
    vi.useFakeTimers();
    try {
      await start();
      actions.sendMessage(BROADCAST_ROOM.ID, "hello");
      const tmp = sentOf("CHAT_MESSAGE_SEND")[0]?.TmpID ?? "";
      const busy = { Error: { Code: "SERVER_BUSY", Message: "", Data: { TmpID: tmp, RetryAfterMs: 1000 } } };
      for (let attempt = 1; attempt <= BUSY_RETRIES; attempt++) {
        deliver("CHAT_MESSAGE_SEND_ERROR", busy);
        expect(room(BROADCAST_ROOM.ID).messages.at(-1)?.failed).toBeUndefined();
        const before = sent.length;
        await vi.advanceTimersByTimeAsync(1500 * attempt);
        expect(sent.slice(before)).toEqual([
          { name: "CHAT_MESSAGE_SEND", payload: { TmpID: tmp, ChatroomID: BROADCAST_ROOM.ID, Text: "hello" } },
        ]);
      }
      deliver("CHAT_MESSAGE_SEND_ERROR", busy);
      expect(room(BROADCAST_ROOM.ID).messages.at(-1)?.failed).toBe("SERVER_BUSY");
    } finally {
      vi.useRealTimers();
    }
  });

  it("removes a deleted message and fixes the first and last pointers", async () => {
    await start();
    deliver("CHAT_MESSAGE_DELETE_NOTIFY", { ID: id(3), DeleterID: BOB, ReceiverIDs: [], ChatroomID: BROADCAST_ROOM.ID });
    expect(room(BROADCAST_ROOM.ID).lastID).toBe(id(2));
    deliver("CHAT_MESSAGE_DELETE_NOTIFY", { ID: id(1), DeleterID: BOB, ReceiverIDs: [], ChatroomID: BROADCAST_ROOM.ID });
    expect(room(BROADCAST_ROOM.ID).firstID).toBe(id(2));
  });

  it("batches read receipts 2 s after the last update, one per room", async () => {
    await start();
    vi.useFakeTimers();
    actions.markRead(BROADCAST_ROOM.ID);
    expect(roomUnread(useChat.getState(), BROADCAST_ROOM.ID)).toBe(0);
    vi.advanceTimersByTime(1500);
    deliver("CHAT_MESSAGE_SEND_NOTIFY", msg(5));
    actions.markRead(BROADCAST_ROOM.ID);
    actions.markRead(DIRECT_ROOM.ID);
    vi.advanceTimersByTime(1999);
    expect(sentOf("CHAT_MESSAGE_READ")).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sentOf("CHAT_MESSAGE_READ")).toEqual([
      { ChatroomID: BROADCAST_ROOM.ID, LastReadChatMessageID: id(5) },
      { ChatroomID: DIRECT_ROOM.ID, LastReadChatMessageID: id(10) },
    ]);
  });

  it("records others' reads for receipts and my own reads from another tab", async () => {
    await start();
    deliver("CHAT_MESSAGE_READ_NOTIFY", readInfo(BOB, DIRECT_ROOM.ID, id(10)));
    expect(room(DIRECT_ROOM.ID).readers[BOB]).toBe(id(10));
    deliver("CHAT_MESSAGE_READ_NOTIFY", readInfo(ME, DIRECT_ROOM.ID, id(10)));
    expect(roomUnread(useChat.getState(), DIRECT_ROOM.ID)).toBe(0);
  });

  it("opens an existing direct chat, ignores empty or own ids, and creates a missing one", async () => {
    await start();
    actions.openDirect("");
    actions.openDirect(ME);
    expect(sent).toHaveLength(0);
    actions.openDirect(BOB);
    expect(selectedRoomID(useChat.getState())).toBe(DIRECT_ROOM.ID);
    expect(panelRequests).toEqual([{ kind: "show", panel: "chat" }]);
    expect(sent).toHaveLength(0);

    const CAROL = "6650a1b2c3d4e5f6000000c3";
    actions.openDirect(CAROL);
    const [create] = sentOf("CHATROOM_CREATE");
    expect(create).toMatchObject({ EventID: EVENT, InviteeID: CAROL });
    const model = { ID: id(0xf2), EventID: EVENT, Title: "", InternalName: `direct:${ME}:${CAROL}`, IsPrivate: true };
    deliver("CHATROOM_CREATE_NOTIFY", { TmpID: create?.TmpID ?? "", InviterID: ME, InviteeID: CAROL, ChatroomModel: model });
    expect(selectedRoomID(useChat.getState())).toBe(model.ID);
    expect(room(model.ID)).toMatchObject({ kind: "direct", members: [ME, CAROL] });
    expect(panelRequests).toHaveLength(2);
  });

  it("selects a known group and closes the sidebars for an unknown one", async () => {
    await start();
    actions.openGroup(id(0xee));
    expect(panelRequests).toEqual([{ kind: "closeAll" }]);
    actions.openGroup(DIRECT_ROOM.ID);
    expect(panelRequests.at(-1)).toEqual({ kind: "show", panel: "chat" });
    expect(selectedRoomID(useChat.getState())).toBe(DIRECT_ROOM.ID);
    actions.selectRoom(id(0xee));
    expect(selectedRoomID(useChat.getState())).toBe(BROADCAST_ROOM.ID); // falls back
  });

  it("shows a refused read and other chat errors, but not protocol noise", async () => {
    await start();
    deliver("ERROR", { Error: { Code: "BAD_CHECKSUM", Message: "", Data: {} } });
    expect(useChat.getState().error).toBeNull();
    deliver("ERROR", { Error: { Code: "NOT_A_MEMBER", Message: "", Data: { Opcode: 15, ChatroomID: DIRECT_ROOM.ID } } });
    expect(useChat.getState().error).toBe("NOT_A_MEMBER");
  });

  it("catches up after the last known id without duplicates", async () => {
    await start();
    history[BROADCAST_ROOM.ID] = [...(history[BROADCAST_ROOM.ID] ?? []), msg(6), msg(7)];
    deliver("CHAT_MESSAGE_SEND_NOTIFY", msg(6));
    await catchUp();
    expect(room(BROADCAST_ROOM.ID).messages.map((m) => m.ID)).toEqual([id(1), id(2), id(3), id(6), id(7)]);
  });

  it("catches up from where it was when the socket came back, not from a resend answered meanwhile", async () => {
    await start();
    // Away: Bob wrote 5; on reconnect the page's queued message is resent and stored as 6, and
    // its answer arrives while the catch-up is still asking for the room list.
    history[BROADCAST_ROOM.ID] = [...(history[BROADCAST_ROOM.ID] ?? []), msg(5), msg(6, ME)];
    const catching = catchUp();
    deliver("CHAT_MESSAGE_SEND_NOTIFY", msg(6, ME));
    await catching;
    expect(room(BROADCAST_ROOM.ID).messages.map((m) => m.ID)).toEqual([id(1), id(2), id(3), id(5), id(6)]);
  });
});
