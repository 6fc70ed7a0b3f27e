/**
 * What the person does in the chat: send, resend, edit, delete, read, select and open rooms. Each
 * command changes the store at once and sends its frame through the typed `realtime.send`; the
 * server's answers come back as frames (`lifecycle.ts`).
 */
import { closePanels, showPanel } from "@/lib/panels";
import { realtime } from "@/lib/realtime";
import { newestID } from "./logic";
import { takeTarget } from "./route-memory";
import { directPartner, selectedRoomID, updateRoom } from "./state";
import { loadRoles, update, useChat, whenReady } from "./store";
import { applyEmojiShortcuts, textLength } from "./text";
import { type LocalMessage, MAX_TEXT } from "./types";

export const READ_RECEIPT_DELAY_MS = 2_000;

function newTmpID(): string {
  return crypto.randomUUID();
}

export type SendCheck = "ok" | "empty" | "tooLong";

export function checkText(text: string): SendCheck {
  if (!text.trim()) return "empty";
  return textLength(text) > MAX_TEXT ? "tooLong" : "ok";
}

/** Sends a message: shown at once as pending, confirmed by SEND_NOTIFY with the same TmpID. */
export function sendMessage(roomID: string, typed: string, repliedTo?: string): SendCheck {
  const text = applyEmojiShortcuts(typed);
  const check = checkText(text);
  const { me, eventID } = useChat.getState();
  if (check !== "ok" || !me || !eventID) return check;
  const tmpID = newTmpID();
  const pending: LocalMessage = {
    ID: "",
    EventID: eventID,
    TmpID: tmpID,
    SenderID: me,
    ReceiverIDs: [],
    ChatroomID: roomID,
    CreatedAt: new Date().toISOString(),
    LikeCount: 0,
    DislikeCount: 0,
    ReadBy: [],
    Text: text,
    IsDeletedByAuthor: false,
    IsBanned: false,
    RepliedToMessageID: repliedTo ?? null,
    pending: true,
  };
  update((state) => updateRoom(state, roomID, (entry) => ({ messages: [...entry.messages, pending] })));
  realtime.send("CHAT_MESSAGE_SEND", {
    TmpID: tmpID,
    ChatroomID: roomID,
    Text: text,
    ...(repliedTo ? { RepliedToMessageID: repliedTo } : {}),
  });
  return "ok";
}

/** Sends a failed message again with the same TmpID (the server never stores it twice). */
export function retryMessage(roomID: string, tmpID: string): void {
  const message = useChat.getState().rooms[roomID]?.messages.find((m) => !m.ID && m.TmpID === tmpID);
  if (!message) return;
  update((state) =>
    updateRoom(state, roomID, (current) => ({
      messages: current.messages.map((m) => (m === message ? { ...m, failed: undefined } : m)),
    })),
  );
  realtime.send("CHAT_MESSAGE_SEND", { TmpID: tmpID, ChatroomID: roomID, Text: message.Text });
}

export function discardMessage(roomID: string, tmpID: string): void {
  update((state) => updateRoom(state, roomID, (entry) => ({ messages: entry.messages.filter((m) => m.ID || m.TmpID !== tmpID) })));
}

export function editMessage(roomID: string, id: string, typed: string): SendCheck {
  const text = applyEmojiShortcuts(typed);
  const check = checkText(text);
  if (check === "ok") realtime.send("CHAT_MESSAGE_EDIT", { ID: id, ChatroomID: roomID, Text: text });
  return check;
}

export function deleteMessage(roomID: string, id: string): void {
  realtime.send("CHAT_MESSAGE_DELETE", { ID: id, ChatroomID: roomID });
}

// -- read receipts -------------------------------------------------------------------------------

const pendingReads = new Map<string, string>();
let readTimer: ReturnType<typeof setTimeout> | null = null;

/** Marks a room read up to its newest message; the receipt goes out 2 s after the last update. */
export function markRead(roomID: string): void {
  const entry = useChat.getState().rooms[roomID];
  const newest = entry ? newestID(entry.messages) : null;
  if (!entry || !newest || (entry.lastReadID && entry.lastReadID >= newest)) return;
  update((state) => updateRoom(state, roomID, () => ({ lastReadID: newest })));
  pendingReads.set(roomID, newest);
  if (readTimer) clearTimeout(readTimer);
  readTimer = setTimeout(flushReads, READ_RECEIPT_DELAY_MS);
}

function flushReads(): void {
  readTimer = null;
  for (const [roomID, id] of pendingReads) realtime.send("CHAT_MESSAGE_READ", { ChatroomID: roomID, LastReadChatMessageID: id });
  pendingReads.clear();
}

/** Forgets receipts not sent yet (the session ended). */
export function cancelReads(): void {
  if (readTimer) clearTimeout(readTimer);
  readTimer = null;
  pendingReads.clear();
}

// -- rooms ---------------------------------------------------------------------------------------

export function selectRoom(roomID: string | null): void {
  useChat.setState({ selectedID: roomID, error: null, view: "chats" });
  const id = selectedRoomID(useChat.getState());
  if (id) void loadRoles(id);
}

/**
 * Drops a room the person is no longer a member of (they left a breakout room, whose chat is
 * for the people inside): its messages could not be read or written any more.
 */
export function forgetRoom(roomID: string): void {
  useChat.setState((state) => {
    if (!state.rooms[roomID]) return state;
    return {
      rooms: Object.fromEntries(Object.entries(state.rooms).filter(([id]) => id !== roomID)),
      order: state.order.filter((id) => id !== roomID),
      selectedID: state.selectedID === roomID ? null : state.selectedID,
      visibleID: state.visibleID === roomID ? null : state.visibleID,
    };
  });
}

export function setVisibleRoom(roomID: string | null): void {
  if (useChat.getState().visibleID !== roomID) useChat.setState({ visibleID: roomID });
}

export function clearError(): void {
  useChat.setState({ error: null });
}

/** Opens the direct chat with a person: the existing room, else CHATROOM_CREATE (spec §4, §5). */
export function openDirect(personID: string): void {
  const state = useChat.getState();
  if (!state.me || !personID || !state.eventID) return; // ignored when either id is empty
  if (personID === state.me) return;
  const existing = state.order.find((id) => {
    const entry = state.rooms[id];
    return entry?.kind === "direct" && directPartner(state, entry) === personID;
  });
  if (existing) {
    selectRoom(existing);
    showPanel("chat");
    return;
  }
  const tmpID = newTmpID();
  useChat.setState({ pendingDirect: { tmpID, inviteeID: personID } });
  realtime.send("CHATROOM_CREATE", { TmpID: tmpID, EventID: state.eventID, InviteeID: personID });
}

/** Opens a group chat if it is one of the person's rooms; otherwise closes the sidebars (spec §4). */
export function openGroup(groupID: string): void {
  if (useChat.getState().rooms[groupID]) {
    selectRoom(groupID);
    showPanel("chat");
  } else {
    closePanels();
  }
}

/** Opens the target a chat route remembered, once the rooms are loaded. */
export async function openRememberedTarget(): Promise<void> {
  await whenReady();
  const target = takeTarget();
  if (!target) return;
  if (target.kind === "direct") openDirect(target.id);
  else openGroup(target.id);
}
