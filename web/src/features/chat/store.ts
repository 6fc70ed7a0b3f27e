/**
 * The chat state (zustand) and the actions that keep it in step with the server: REST for rooms,
 * history, read info, names and roles; the realtime socket for everything live; the HTTP fallback
 * poll while the socket is closed; a catch-up after every reopen (protocol §9: fetch after the
 * last known id, de-duplicate by id).
 */
import { create } from "zustand";
import { useLayout } from "@/features/venue";
import { realtime } from "@/lib/realtime";
import { getAttendees, getHistory, getReadInfo, getRoom, getRoomRoles, getRooms } from "./api";
import {
  canLoadEarlier,
  earlierQuery,
  type HistoryFetcher,
  loadAfter,
  loadInitialWindow,
  mergeMessages,
  newestID,
  pointers,
  readersFrom,
  removeMessage,
  unreadCount,
} from "./logic";
import { takeTarget, type ChatTarget } from "./route-memory";
import { applyEmojiShortcuts, previewText, textLength } from "./text";
import {
  type ChatAttendee,
  type ChatMessage,
  type Chatroom,
  type DeleteNotice,
  type ErrorEnvelope,
  type LocalMessage,
  MAX_TEXT,
  NULL_ID,
  type ReadInfo,
  type RoomCreated,
  type RoomKind,
  roomKind,
} from "./types";

export const READ_RECEIPT_DELAY_MS = 2_000;

export interface RoomEntry {
  room: Chatroom;
  kind: RoomKind;
  messages: LocalMessage[];
  firstID: string | null;
  lastID: string | null;
  loaded: boolean;
  loadingEarlier: boolean;
  lastPageSize: number | null;
  lastReadID: string | null;
  /** Others' newest read message id, for read receipts in direct and group rooms. */
  readers: Record<string, string>;
  moderators: string[];
  admins: string[];
}

export interface ChatState {
  eventID: string | null;
  me: string | null;
  /** True until the first load finished (spec §4). */
  loading: boolean;
  rooms: Record<string, RoomEntry>;
  order: string[];
  selectedID: string | null;
  /** The room the panel currently shows, if the panel is open. */
  visibleID: string | null;
  names: Record<string, ChatAttendee>;
  pendingDirect: { tmpID: string; inviteeID: string } | null;
  /** The last error code from the server for something this person did. */
  error: string | null;
  /** The newest message from someone else in a room, for the polite live region. */
  lastIncoming: { roomID: string; messageID: string } | null;
}

const initial: ChatState = {
  eventID: null,
  me: null,
  loading: true,
  rooms: {},
  order: [],
  selectedID: null,
  visibleID: null,
  names: {},
  pendingDirect: null,
  error: null,
  lastIncoming: null,
};

export const useChat = create<ChatState>(() => ({ ...initial }));

const log = (message: string, detail?: unknown) => console.warn(`chat: ${message}`, detail);

function entryFor(room: Chatroom, previous?: RoomEntry): RoomEntry {
  return (
    previous ?? {
      room,
      kind: roomKind(room),
      messages: [],
      firstID: null,
      lastID: null,
      loaded: false,
      loadingEarlier: false,
      lastPageSize: null,
      lastReadID: null,
      readers: {},
      moderators: [],
      admins: [],
    }
  );
}

function updateRoom(roomID: string, change: (entry: RoomEntry) => Partial<RoomEntry>): void {
  useChat.setState((state) => {
    const entry = state.rooms[roomID];
    if (!entry) return {};
    return { rooms: { ...state.rooms, [roomID]: { ...entry, ...change(entry) } } };
  });
}

function withMessages(entry: RoomEntry, messages: LocalMessage[]): Partial<RoomEntry> {
  return { messages, ...pointers(messages), readers: readersFrom(messages, entry.readers) };
}

function addRooms(rooms: Chatroom[]): void {
  useChat.setState((state) => {
    const next = { ...state.rooms };
    const order = [...state.order];
    for (const room of rooms) {
      next[room.ID] = entryFor(room, next[room.ID]);
      if (!order.includes(room.ID)) order.push(room.ID);
    }
    // The broadcast room first, then the others as the server listed them.
    order.sort((a, b) => Number(next[b]?.kind === "broadcast") - Number(next[a]?.kind === "broadcast"));
    return { rooms: next, order };
  });
}

// -- selectors ----------------------------------------------------------------------------------

export function broadcastID(state: ChatState): string | null {
  return state.order.find((id) => state.rooms[id]?.kind === "broadcast") ?? null;
}

/** The selected room, falling back to the broadcast room (spec §4). */
export function selectedRoomID(state: ChatState): string | null {
  if (state.selectedID && state.rooms[state.selectedID]) return state.selectedID;
  return broadcastID(state);
}

export function roomUnread(state: ChatState, roomID: string): number {
  const entry = state.rooms[roomID];
  return entry && state.me ? unreadCount(entry.messages, entry.lastReadID, state.me) : 0;
}

export function totalUnread(state: ChatState): number {
  return state.order.reduce((sum, id) => sum + roomUnread(state, id), 0);
}

export function displayName(state: ChatState, personID: string): string | null {
  return state.names[personID]?.FullName ?? null;
}

/** The other member of a direct room. */
export function directPartner(state: ChatState, entry: RoomEntry): string | null {
  const members = entry.room.AttendeeIDs ?? entry.room.InternalName.split(":").slice(1);
  return members.find((id) => id !== state.me) ?? null;
}

export function canDelete(state: ChatState, entry: RoomEntry, message: LocalMessage): boolean {
  if (!state.me || !message.ID) return false;
  // The person's own admin flag is fixed to false in chat (spec §6): only room roles count here.
  return message.SenderID === state.me || entry.moderators.includes(state.me) || entry.admins.includes(state.me);
}

// -- names -------------------------------------------------------------------------------------

const wantedNames = new Set<string>();
let namesTimer: ReturnType<typeof setTimeout> | null = null;

function wantNames(ids: Iterable<string>): void {
  const { names } = useChat.getState();
  for (const id of ids) if (id && !names[id]) wantedNames.add(id);
  if (wantedNames.size === 0 || namesTimer) return;
  namesTimer = setTimeout(() => {
    namesTimer = null;
    const eventID = useChat.getState().eventID;
    const ids = [...wantedNames].slice(0, 10_000);
    for (const id of ids) wantedNames.delete(id);
    if (!eventID || ids.length === 0) return;
    getAttendees(eventID, ids)
      .then((found) => {
        useChat.setState((state) => {
          const next = { ...state.names };
          for (const attendee of found) next[attendee.PersonID] = attendee;
          return { names: next };
        });
      })
      .catch((error: unknown) => log("names failed", error));
  }, 50);
}

function namesOf(messages: readonly ChatMessage[], room?: Chatroom): string[] {
  return [...messages.map((m) => m.SenderID), ...(room?.AttendeeIDs ?? [])];
}

// -- loading -----------------------------------------------------------------------------------

let generation = 0;
let readyResolve: (() => void) | null = null;
let ready: Promise<void> = new Promise((resolve) => (readyResolve = resolve));

function fetcherFor(eventID: string, roomID: string): HistoryFetcher {
  return (query) => getHistory(eventID, roomID, query);
}

async function loadRoom(roomID: string): Promise<void> {
  const { eventID } = useChat.getState();
  const gen = generation;
  if (!eventID) return;
  try {
    const info = await getReadInfo(eventID, roomID).catch((error: unknown) => {
      log("read info failed", error);
      return null;
    });
    const anchor = info && info.LastReadChatMessageID !== NULL_ID ? info.LastReadChatMessageID : null;
    const messages = await loadInitialWindow(fetcherFor(eventID, roomID), anchor);
    if (gen !== generation) return;
    updateRoom(roomID, (entry) => ({
      ...withMessages(entry, mergeMessages(entry.messages, messages)),
      loaded: true,
      lastReadID: maxId(entry.lastReadID, anchor),
    }));
    wantNames(namesOf(messages, useChat.getState().rooms[roomID]?.room));
  } catch (error) {
    // Failed chat loads are logged and treated as empty (spec §8).
    log("history failed", error);
    updateRoom(roomID, () => ({ loaded: true }));
  }
}

function maxId(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

async function loadRoles(roomID: string): Promise<void> {
  const { eventID } = useChat.getState();
  if (!eventID) return;
  try {
    const roles = await getRoomRoles(eventID, roomID);
    updateRoom(roomID, () => roles);
  } catch (error) {
    log("roles failed", error);
  }
}

async function loadRooms(): Promise<void> {
  const { eventID, me } = useChat.getState();
  if (!eventID || !me) return;
  const gen = generation;
  let rooms: Chatroom[] = [];
  try {
    rooms = await getRooms(eventID, me);
  } catch (error) {
    log("rooms failed", error);
  }
  if (gen !== generation) return;
  addRooms(rooms);
  await Promise.all(rooms.map((room) => loadRoom(room.ID)));
  if (gen !== generation) return;
  useChat.setState({ loading: false });
  readyResolve?.();
}

/** Fetches everything after the last known id of every room, and rooms created meanwhile. */
export async function catchUp(): Promise<void> {
  const { eventID, me } = useChat.getState();
  if (!eventID || !me) return;
  const gen = generation;
  // The anchors are taken now, before any await: on a reconnect the send queue is flushed at
  // the same moment, and the answer to a resent message would move a room's lastID past
  // messages that others sent while this page was away.
  const anchors = new Map(
    Object.values(useChat.getState().rooms)
      .filter((entry) => entry.loaded)
      .map((entry) => [entry.room.ID, entry.lastID] as const),
  );
  try {
    const rooms = await getRooms(eventID, me);
    if (gen !== generation) return;
    const known = useChat.getState().rooms;
    const fresh = rooms.filter((room) => !known[room.ID]);
    addRooms(rooms);
    await Promise.all(fresh.map((room) => loadRoom(room.ID)));
  } catch (error) {
    log("room refresh failed", error);
  }
  const entries = Object.values(useChat.getState().rooms).filter((entry) => anchors.has(entry.room.ID));
  await Promise.all(
    entries.map(async (entry) => {
      try {
        const after = await loadAfter(fetcherFor(eventID, entry.room.ID), anchors.get(entry.room.ID) ?? null);
        if (gen !== generation || after.length === 0) return;
        updateRoom(entry.room.ID, (current) => withMessages(current, mergeMessages(current.messages, after)));
        wantNames(namesOf(after));
        const newest = after.at(-1);
        if (newest && newest.SenderID !== me) useChat.setState({ lastIncoming: { roomID: entry.room.ID, messageID: newest.ID } });
      } catch (error) {
        log("catch-up failed", error);
      }
    }),
  );
}

export async function loadEarlier(roomID: string): Promise<void> {
  const { eventID } = useChat.getState();
  const entry = useChat.getState().rooms[roomID];
  if (!eventID || !entry?.firstID || entry.loadingEarlier) return;
  if (!canLoadEarlier(entry.messages.length, entry.lastPageSize)) return;
  updateRoom(roomID, () => ({ loadingEarlier: true }));
  try {
    const page = await getHistory(eventID, roomID, earlierQuery(entry.firstID));
    updateRoom(roomID, (current) => ({
      ...withMessages(current, mergeMessages(current.messages, page)),
      lastPageSize: page.length,
      loadingEarlier: false,
    }));
    wantNames(namesOf(page));
  } catch (error) {
    log("earlier page failed", error);
    updateRoom(roomID, () => ({ loadingEarlier: false }));
  }
}

// -- live frames -------------------------------------------------------------------------------

function isMessage(value: unknown): value is ChatMessage {
  const m = value as Partial<ChatMessage> | null;
  return !!m && typeof m.ID === "string" && typeof m.ChatroomID === "string" && typeof m.SenderID === "string" && typeof m.Text === "string";
}

function errorOf(value: unknown): ErrorEnvelope["Error"] | null {
  const e = (value as Partial<ErrorEnvelope> | null)?.Error;
  return e && typeof e.Code === "string" ? { Code: e.Code, Message: String(e.Message ?? ""), Data: e.Data ?? {} } : null;
}

function notifyDesktop(message: ChatMessage): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const state = useChat.getState();
  const visible = typeof document !== "undefined" && document.visibilityState === "visible";
  if (visible && state.visibleID === message.ChatroomID) return;
  try {
    // Notification text is plain text by definition: no markup is interpreted.
    new Notification(displayName(state, message.SenderID) ?? "", { body: previewText(message.Text, 120), tag: message.ID });
  } catch (error) {
    log("notification failed", error);
  }
}

async function ensureRoom(roomID: string): Promise<void> {
  const { eventID, rooms } = useChat.getState();
  if (!eventID || rooms[roomID]) return;
  try {
    addRooms([await getRoom(eventID, roomID)]);
    await loadRoom(roomID);
  } catch (error) {
    log("unknown room", error);
  }
}

function onSendNotify(payload: unknown): void {
  if (!isMessage(payload)) return;
  const state = useChat.getState();
  const entry = state.rooms[payload.ChatroomID];
  if (!entry) {
    void ensureRoom(payload.ChatroomID);
    return;
  }
  const known = entry.messages.some((m) => m.ID === payload.ID);
  updateRoom(payload.ChatroomID, (current) => withMessages(current, mergeMessages(current.messages, [payload])));
  wantNames([payload.SenderID]);
  if (!known && payload.SenderID !== state.me) {
    useChat.setState({ lastIncoming: { roomID: payload.ChatroomID, messageID: payload.ID } });
    // Desktop notifications only for broadcast messages from others (spec §5).
    if (entry.kind === "broadcast") notifyDesktop(payload);
  }
  // A gap (an id we cannot place after a known one) is filled by the next catch-up.
}

function onEditNotify(payload: unknown): void {
  if (!isMessage(payload)) return;
  updateRoom(payload.ChatroomID, (entry) =>
    entry.messages.some((m) => m.ID === payload.ID) ? withMessages(entry, mergeMessages(entry.messages, [payload])) : {},
  );
}

function onDeleteNotify(payload: unknown): void {
  const notice = payload as Partial<DeleteNotice> | null;
  if (!notice || typeof notice.ID !== "string" || typeof notice.ChatroomID !== "string") return;
  const id = notice.ID;
  updateRoom(notice.ChatroomID, (entry) => withMessages(entry, removeMessage(entry.messages, id)));
}

function onReadNotify(payload: unknown): void {
  const info = payload as Partial<ReadInfo> | null;
  if (!info || typeof info.ChatroomID !== "string" || typeof info.LastReadChatMessageID !== "string") return;
  const reader = info.PersonID ?? info.ReaderID;
  if (!reader) return;
  const last = info.LastReadChatMessageID;
  const me = useChat.getState().me;
  updateRoom(info.ChatroomID, (entry) =>
    reader === me
      ? { lastReadID: maxId(entry.lastReadID, last) }
      : { readers: { ...entry.readers, [reader]: maxId(entry.readers[reader] ?? null, last) ?? last } },
  );
}

function onCreateNotify(payload: unknown): void {
  const created = payload as Partial<RoomCreated> | null;
  const room = created?.ChatroomModel;
  if (!room || typeof room.ID !== "string") return;
  const known = !!useChat.getState().rooms[room.ID];
  addRooms([room]);
  if (!known) void loadRoom(room.ID);
  wantNames(room.AttendeeIDs ?? []);
  const pending = useChat.getState().pendingDirect;
  if (pending && created.TmpID === pending.tmpID) {
    useChat.setState({ pendingDirect: null, selectedID: room.ID });
    useLayout.getState().openRight("chat");
  }
}

function onError(opcode: string) {
  return (payload: unknown) => {
    const error = errorOf(payload);
    if (!error) return;
    log(`${opcode}: ${error.Code}`, error.Message);
    const data = error.Data;
    if (opcode === "CHAT_MESSAGE_SEND_ERROR" && typeof data.TmpID === "string") {
      const tmp = data.TmpID;
      for (const entry of Object.values(useChat.getState().rooms)) {
        const message = entry.messages.find((m) => !m.ID && m.TmpID === tmp);
        if (message && error.Code === "SERVER_BUSY" && (message.busyRetries ?? 0) < BUSY_RETRIES) {
          // Overload, nothing stored: resend the same TmpID after the server's hint, spread
          // out so thousands of clients do not come back in the same millisecond.
          const tries = (message.busyRetries ?? 0) + 1;
          updateRoom(entry.room.ID, (current) => ({
            messages: current.messages.map((m) => (m === message ? { ...m, busyRetries: tries } : m)),
          }));
          const hint = typeof data.RetryAfterMs === "number" ? data.RetryAfterMs : 1000;
          setTimeout(() => retryMessage(entry.room.ID, tmp), hint * tries * (1 + Math.random() / 2));
          continue;
        }
        if (message) {
          updateRoom(entry.room.ID, (current) => ({
            messages: current.messages.map((m) => (!m.ID && m.TmpID === tmp ? { ...m, failed: error.Code } : m)),
          }));
        }
      }
      return;
    }
    if (opcode === "CHATROOM_CREATE_ERROR") {
      const pending = useChat.getState().pendingDirect;
      if (pending && data.TmpID === pending.tmpID) useChat.setState({ pendingDirect: null });
    }
    if (opcode === "ERROR" && data.Opcode !== 15) return; // protocol noise is logged only
    useChat.setState({ error: error.Code });
  };
}

// -- commands ----------------------------------------------------------------------------------

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
  updateRoom(roomID, (entry) => ({ messages: [...entry.messages, pending] }));
  realtime.send("CHAT_MESSAGE_SEND", {
    TmpID: tmpID,
    ChatroomID: roomID,
    Text: text,
    ...(repliedTo ? { RepliedToMessageID: repliedTo } : {}),
  });
  return "ok";
}

/** SERVER_BUSY answers a send is resent on its own before it is shown as failed. */
export const BUSY_RETRIES = 5;

/** Sends a failed message again with the same TmpID (the server never stores it twice). */
export function retryMessage(roomID: string, tmpID: string): void {
  const entry = useChat.getState().rooms[roomID];
  const message = entry?.messages.find((m) => !m.ID && m.TmpID === tmpID);
  if (!message) return;
  updateRoom(roomID, (current) => ({
    messages: current.messages.map((m) => (m === message ? { ...m, failed: undefined } : m)),
  }));
  realtime.send("CHAT_MESSAGE_SEND", { TmpID: tmpID, ChatroomID: roomID, Text: message.Text });
}

export function discardMessage(roomID: string, tmpID: string): void {
  updateRoom(roomID, (entry) => ({ messages: entry.messages.filter((m) => m.ID || m.TmpID !== tmpID) }));
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

const pendingReads = new Map<string, string>();
let readTimer: ReturnType<typeof setTimeout> | null = null;

/** Marks a room read up to its newest message; the receipt goes out 2 s after the last update. */
export function markRead(roomID: string): void {
  const entry = useChat.getState().rooms[roomID];
  const newest = entry ? newestID(entry.messages) : null;
  if (!entry || !newest || (entry.lastReadID && entry.lastReadID >= newest)) return;
  updateRoom(roomID, () => ({ lastReadID: newest }));
  pendingReads.set(roomID, newest);
  if (readTimer) clearTimeout(readTimer);
  readTimer = setTimeout(flushReads, READ_RECEIPT_DELAY_MS);
}

function flushReads(): void {
  readTimer = null;
  for (const [roomID, id] of pendingReads) realtime.send("CHAT_MESSAGE_READ", { ChatroomID: roomID, LastReadChatMessageID: id });
  pendingReads.clear();
}

export function selectRoom(roomID: string | null): void {
  useChat.setState({ selectedID: roomID, error: null });
  const id = selectedRoomID(useChat.getState());
  if (id) void loadRoles(id);
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
    useLayout.getState().openRight("chat");
    return;
  }
  const tmpID = newTmpID();
  useChat.setState({ pendingDirect: { tmpID, inviteeID: personID } });
  realtime.send("CHATROOM_CREATE", { TmpID: tmpID, EventID: state.eventID, InviteeID: personID });
}

/** Opens a group chat if it is one of the person's rooms; otherwise closes the sidebar (spec §4). */
export function openGroup(groupID: string): void {
  const state = useChat.getState();
  if (state.rooms[groupID]) {
    selectRoom(groupID);
    useLayout.getState().openRight("chat");
  } else {
    useLayout.getState().closeSidebars();
  }
}

/** Opens the target a chat route remembered, once the rooms are loaded. */
export async function openRememberedTarget(): Promise<void> {
  await ready;
  const target: ChatTarget | null = takeTarget();
  if (!target) return;
  if (target.kind === "direct") openDirect(target.id);
  else openGroup(target.id);
}

// -- lifecycle ---------------------------------------------------------------------------------

let unsubscribe: (() => void)[] = [];

/** Starts the chat for one person in one event; calling it again with the same ids does nothing. */
export function startChat(eventID: string, personID: string): void {
  const state = useChat.getState();
  if (state.eventID === eventID && state.me === personID) return;
  stopChat();
  useChat.setState({ ...initial, eventID, me: personID });
  unsubscribe = [
    realtime.subscribe("CHAT_MESSAGE_SEND_NOTIFY", onSendNotify),
    realtime.subscribe("CHAT_MESSAGE_EDIT_NOTIFY", onEditNotify),
    realtime.subscribe("CHAT_MESSAGE_DELETE_NOTIFY", onDeleteNotify),
    realtime.subscribe("CHAT_MESSAGE_READ_NOTIFY", onReadNotify),
    realtime.subscribe("CHATROOM_CREATE_NOTIFY", onCreateNotify),
    realtime.subscribe("CHAT_MESSAGE_SEND_ERROR", onError("CHAT_MESSAGE_SEND_ERROR")),
    realtime.subscribe("CHAT_MESSAGE_EDIT_ERROR", onError("CHAT_MESSAGE_EDIT_ERROR")),
    realtime.subscribe("CHAT_MESSAGE_DELETE_ERROR", onError("CHAT_MESSAGE_DELETE_ERROR")),
    realtime.subscribe("CHATROOM_CREATE_ERROR", onError("CHATROOM_CREATE_ERROR")),
    realtime.subscribe("ERROR", onError("ERROR")),
    realtime.onStateChange((next) => {
      if (next === "open" && !useChat.getState().loading) void catchUp();
    }),
  ];
  realtime.setFallbackPoller(() => void catchUp());
  // Browser notification permission is asked once at start-up (spec §4 step 4); a denial only
  // means no desktop notifications.
  if (typeof Notification !== "undefined" && Notification.permission === "default") {
    void Promise.resolve(Notification.requestPermission()).catch(() => undefined);
  }
  void loadRooms();
}

export function stopChat(): void {
  generation += 1;
  for (const off of unsubscribe) off();
  unsubscribe = [];
  realtime.setFallbackPoller(null);
  if (readTimer) clearTimeout(readTimer);
  readTimer = null;
  pendingReads.clear();
  wantedNames.clear();
  ready = new Promise((resolve) => (readyResolve = resolve));
  useChat.setState({ ...initial });
}
