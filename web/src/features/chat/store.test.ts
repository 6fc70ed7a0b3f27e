import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage, Chatroom } from "./types";

const handlers = new Map<string, (payload: unknown) => void>();
const sent: { opcode: string; payload: unknown }[] = [];
let poller: (() => void) | null = null;

vi.mock("@/lib/realtime", () => ({
  realtime: {
    state: "open",
    subscribe: (opcode: string, handler: (payload: unknown) => void) => {
      handlers.set(opcode, handler);
      return () => handlers.delete(opcode);
    },
    send: (opcode: string, payload: unknown) => sent.push({ opcode, payload }),
    onStateChange: () => () => undefined,
    setFallbackPoller: (p: (() => void) | null) => {
      poller = p;
    },
  },
}));

const ME = "6650a1b2c3d4e5f6000000a1";
const BOB = "6650a1b2c3d4e5f6000000b2";
const EVENT = "6650a1b2c3d4e5f601234567";
const id = (n: number) => `6650a1b2c3d4e5f6${n.toString(16).padStart(8, "0")}`;
const BROADCAST_ROOM: Chatroom = { ID: id(0xf0), EventID: EVENT, Title: "", InternalName: "broadcast", IsPrivate: false };
const DIRECT_ROOM: Chatroom = {
  ID: id(0xf1),
  EventID: EVENT,
  Title: "",
  InternalName: `direct:${ME}:${BOB}`,
  IsPrivate: true,
  AttendeeIDs: [ME, BOB],
};

function msg(n: number, sender = BOB, room = BROADCAST_ROOM.ID, extra: Partial<ChatMessage> = {}): ChatMessage {
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

let history: Record<string, ChatMessage[]> = {};
let readAnchor: Record<string, string> = {};

vi.mock("./api", () => ({
  getRooms: () => Promise.resolve([BROADCAST_ROOM, DIRECT_ROOM]),
  getRoom: () => Promise.reject(new Error("unknown")),
  getReadInfo: (_e: string, room: string) =>
    Promise.resolve({ LastReadChatMessageID: readAnchor[room] ?? "000000000000000000000000" }),
  getHistory: (_e: string, room: string, q: { StartID?: string; MaxCount: number; IsAscending?: boolean }) => {
    const all = history[room] ?? [];
    if (!q.StartID) return Promise.resolve(q.IsAscending ? all.slice(0, q.MaxCount) : all.slice(-q.MaxCount));
    return Promise.resolve(
      q.IsAscending ? all.filter((m) => m.ID > (q.StartID ?? "")).slice(0, q.MaxCount) : all.filter((m) => m.ID < (q.StartID ?? "")).slice(-q.MaxCount),
    );
  },
  getAttendees: () => Promise.resolve([{ PersonID: BOB, FullName: "Bob Builder" }]),
  getRoomRoles: () => Promise.resolve({ moderators: [], admins: [] }),
}));

const store = await import("./store");
const { useChat } = store;
const { useLayout } = await import("@/features/venue");

async function start() {
  store.startChat(EVENT, ME);
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
  sent.length = 0;
  handlers.clear();
});

afterEach(() => {
  store.stopChat();
  vi.useRealTimers();
});

describe("chat store", () => {
  it("loads rooms with the broadcast room first, counts unread from others and selects broadcast by default", async () => {
    readAnchor[BROADCAST_ROOM.ID] = id(1);
    await start();
    const state = useChat.getState();
    expect(state.order[0]).toBe(BROADCAST_ROOM.ID);
    expect(store.selectedRoomID(state)).toBe(BROADCAST_ROOM.ID);
    expect(store.roomUnread(state, BROADCAST_ROOM.ID)).toBe(1); // m3; m2 is mine
    expect(store.roomUnread(state, DIRECT_ROOM.ID)).toBe(1);
    expect(store.totalUnread(state)).toBe(2);
    expect(poller).toBeTypeOf("function");
  });

  it("shows a sent message as pending and confirms it by the NOTIFY carrying its TmpID", async () => {
    await start();
    expect(store.sendMessage(BROADCAST_ROOM.ID, "hot :fire:")).toBe("ok");
    const frame = sent.find((s) => s.opcode === "CHAT_MESSAGE_SEND")?.payload as { TmpID: string; Text: string };
    expect(frame.Text).toBe("hot 🔥");
    expect(room(BROADCAST_ROOM.ID).messages.at(-1)).toMatchObject({ ID: "", pending: true, TmpID: frame.TmpID });
    handlers.get("CHAT_MESSAGE_SEND_NOTIFY")?.(msg(4, ME, BROADCAST_ROOM.ID, { TmpID: frame.TmpID, Text: "hot 🔥" }));
    const messages = room(BROADCAST_ROOM.ID).messages;
    expect(messages.map((m) => m.ID)).toEqual([id(1), id(2), id(3), id(4)]);
    expect(messages.some((m) => m.pending)).toBe(false);
    expect(room(BROADCAST_ROOM.ID).lastID).toBe(id(4));
  });

  it("refuses empty and over-long text without sending", async () => {
    await start();
    expect(store.sendMessage(BROADCAST_ROOM.ID, "   ")).toBe("empty");
    expect(store.sendMessage(BROADCAST_ROOM.ID, "x".repeat(4001))).toBe("tooLong");
    expect(store.sendMessage(BROADCAST_ROOM.ID, "😀".repeat(4000))).toBe("ok"); // code points, not UTF-16 units
    expect(sent.filter((s) => s.opcode === "CHAT_MESSAGE_SEND")).toHaveLength(1);
  });

  it("marks a failed send and retries it with the same TmpID", async () => {
    await start();
    store.sendMessage(BROADCAST_ROOM.ID, "hello");
    const tmp = (sent[0]?.payload as { TmpID: string }).TmpID;
    handlers.get("CHAT_MESSAGE_SEND_ERROR")?.({ Error: { Code: "RATE_LIMITED", Message: "", Data: { TmpID: tmp, RetryAfterMs: 1000 } } });
    expect(room(BROADCAST_ROOM.ID).messages.at(-1)?.failed).toBe("RATE_LIMITED");
    store.retryMessage(BROADCAST_ROOM.ID, tmp);
    expect(sent.at(-1)).toEqual({ opcode: "CHAT_MESSAGE_SEND", payload: { TmpID: tmp, ChatroomID: BROADCAST_ROOM.ID, Text: "hello" } });
  });

  it("resends a send the server was too busy for, then gives up and shows it failed", async () => {
    vi.useFakeTimers();
    try {
      await start();
      store.sendMessage(BROADCAST_ROOM.ID, "hello");
      const tmp = (sent[0]?.payload as { TmpID: string }).TmpID;
      const busy = { Error: { Code: "SERVER_BUSY", Message: "", Data: { TmpID: tmp, RetryAfterMs: 1000 } } };
      for (let attempt = 1; attempt <= store.BUSY_RETRIES; attempt++) {
        handlers.get("CHAT_MESSAGE_SEND_ERROR")?.(busy);
        expect(room(BROADCAST_ROOM.ID).messages.at(-1)?.failed).toBeUndefined();
        const before = sent.length;
        await vi.advanceTimersByTimeAsync(1500 * attempt);
        expect(sent.slice(before)).toEqual([
          { opcode: "CHAT_MESSAGE_SEND", payload: { TmpID: tmp, ChatroomID: BROADCAST_ROOM.ID, Text: "hello" } },
        ]);
      }
      handlers.get("CHAT_MESSAGE_SEND_ERROR")?.(busy);
      expect(room(BROADCAST_ROOM.ID).messages.at(-1)?.failed).toBe("SERVER_BUSY");
    } finally {
      vi.useRealTimers();
    }
  });

  it("removes a deleted message and fixes the first and last pointers", async () => {
    await start();
    handlers.get("CHAT_MESSAGE_DELETE_NOTIFY")?.({ ID: id(3), DeleterID: BOB, ReceiverIDs: [], ChatroomID: BROADCAST_ROOM.ID });
    expect(room(BROADCAST_ROOM.ID).lastID).toBe(id(2));
    handlers.get("CHAT_MESSAGE_DELETE_NOTIFY")?.({ ID: id(1), DeleterID: BOB, ReceiverIDs: [], ChatroomID: BROADCAST_ROOM.ID });
    expect(room(BROADCAST_ROOM.ID).firstID).toBe(id(2));
  });

  it("batches read receipts 2 s after the last update, one per room", async () => {
    await start();
    vi.useFakeTimers();
    store.markRead(BROADCAST_ROOM.ID);
    expect(store.roomUnread(useChat.getState(), BROADCAST_ROOM.ID)).toBe(0);
    vi.advanceTimersByTime(1500);
    handlers.get("CHAT_MESSAGE_SEND_NOTIFY")?.(msg(5));
    store.markRead(BROADCAST_ROOM.ID);
    store.markRead(DIRECT_ROOM.ID);
    vi.advanceTimersByTime(1999);
    expect(sent.filter((s) => s.opcode === "CHAT_MESSAGE_READ")).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent.filter((s) => s.opcode === "CHAT_MESSAGE_READ").map((s) => s.payload)).toEqual([
      { ChatroomID: BROADCAST_ROOM.ID, LastReadChatMessageID: id(5) },
      { ChatroomID: DIRECT_ROOM.ID, LastReadChatMessageID: id(10) },
    ]);
  });

  it("records others' reads for receipts and my own reads from another tab", async () => {
    await start();
    handlers.get("CHAT_MESSAGE_READ_NOTIFY")?.({ PersonID: BOB, ChatroomID: DIRECT_ROOM.ID, LastReadChatMessageID: id(10) });
    expect(room(DIRECT_ROOM.ID).readers[BOB]).toBe(id(10));
    handlers.get("CHAT_MESSAGE_READ_NOTIFY")?.({ PersonID: ME, ChatroomID: DIRECT_ROOM.ID, LastReadChatMessageID: id(10) });
    expect(store.roomUnread(useChat.getState(), DIRECT_ROOM.ID)).toBe(0);
  });

  it("opens an existing direct chat, ignores empty or own ids, and creates a missing one", async () => {
    await start();
    store.openDirect("");
    store.openDirect(ME);
    expect(sent).toHaveLength(0);
    store.openDirect(BOB);
    expect(store.selectedRoomID(useChat.getState())).toBe(DIRECT_ROOM.ID);
    expect(useLayout.getState().rightSidebar).toBe("chat");
    expect(sent).toHaveLength(0);

    const CAROL = "6650a1b2c3d4e5f6000000c3";
    store.openDirect(CAROL);
    const create = sent.find((s) => s.opcode === "CHATROOM_CREATE")?.payload as { TmpID: string };
    expect(create).toMatchObject({ EventID: EVENT, InviteeID: CAROL });
    const newRoom: Chatroom = { ...DIRECT_ROOM, ID: id(0xf2), InternalName: `direct:${ME}:${CAROL}`, AttendeeIDs: [ME, CAROL] };
    handlers.get("CHATROOM_CREATE_NOTIFY")?.({ TmpID: create.TmpID, InviterID: ME, InviteeID: CAROL, ChatroomModel: newRoom });
    expect(store.selectedRoomID(useChat.getState())).toBe(newRoom.ID);
  });

  it("selects a known group and closes the sidebar for an unknown one", async () => {
    await start();
    useLayout.getState().openRight("chat");
    store.openGroup(id(0xee));
    expect(useLayout.getState().rightSidebar).toBeNull();
    store.openGroup(DIRECT_ROOM.ID);
    expect(useLayout.getState().rightSidebar).toBe("chat");
    expect(store.selectedRoomID(useChat.getState())).toBe(DIRECT_ROOM.ID);
    store.selectRoom(id(0xee));
    expect(store.selectedRoomID(useChat.getState())).toBe(BROADCAST_ROOM.ID); // falls back
  });

  it("catches up after the last known id without duplicates", async () => {
    await start();
    history[BROADCAST_ROOM.ID] = [...(history[BROADCAST_ROOM.ID] ?? []), msg(6), msg(7)];
    handlers.get("CHAT_MESSAGE_SEND_NOTIFY")?.(msg(6));
    await store.catchUp();
    expect(room(BROADCAST_ROOM.ID).messages.map((m) => m.ID)).toEqual([id(1), id(2), id(3), id(6), id(7)]);
  });

  it("catches up from where it was when the socket came back, not from a resend answered meanwhile", async () => {
    await start();
    // Away: Bob wrote 5; on reconnect the page's queued message is resent and stored as 6, and
    // its answer arrives while the catch-up is still asking for the room list.
    history[BROADCAST_ROOM.ID] = [...(history[BROADCAST_ROOM.ID] ?? []), msg(5), msg(6, ME)];
    const catching = store.catchUp();
    handlers.get("CHAT_MESSAGE_SEND_NOTIFY")?.(msg(6, ME));
    await catching;
    expect(room(BROADCAST_ROOM.ID).messages.map((m) => m.ID)).toEqual([id(1), id(2), id(3), id(5), id(6)]);
  });
});
