/**
 * The chat state's shape, the pure helpers every change goes through, and the selectors the
 * components read with. No store and no I/O here: `reducers.ts` and the store build on these.
 */
import type { ChatroomModel, RoomCreated } from "@/lib/realtime";
import type { Chatroom } from "./api";
import { pointers, readersFrom, unreadCount } from "./logic";
import { type ChatAttendee, type LocalMessage, type RoomKind, roomKind } from "./types";

export interface RoomEntry {
  room: ChatroomModel;
  kind: RoomKind;
  /** Members of a direct or group room as far as known; `[]` for the broadcast room. */
  members: string[];
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

export const initialChatState: ChatState = {
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

/** What a room is known from: a REST room, or the model of a CHATROOM_CREATE_NOTIFY. */
export interface RoomSource {
  room: ChatroomModel;
  type?: RoomKind;
  members: string[];
}

export function fromRest({ ID, EventID, Title, InternalName, IsPrivate, Type, AttendeeIDs }: Chatroom): RoomSource {
  return { room: { ID, EventID, Title, InternalName, IsPrivate }, type: Type, members: AttendeeIDs };
}

/** The frame's room model names its members; without them a direct room's are the inviter and
 * the invitee, and a group's are learnt from REST when the room loads. */
export function fromCreated(created: RoomCreated): RoomSource {
  const model = created.ChatroomModel;
  const pair = created.InviteeID ? [created.InviterID, created.InviteeID] : [];
  return { room: model, ...(model.Type ? { type: model.Type } : {}), members: model.AttendeeIDs ?? pair };
}

function newEntry(source: RoomSource): RoomEntry {
  return {
    room: source.room,
    kind: roomKind(source.room, source.type),
    members: source.members,
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
  };
}

/** Adds rooms not known yet (a known room keeps its entry), the broadcast room first. */
export function addRooms(state: ChatState, sources: readonly RoomSource[]): ChatState {
  const rooms = { ...state.rooms };
  const order = [...state.order];
  for (const source of sources) {
    rooms[source.room.ID] ??= newEntry(source);
    if (!order.includes(source.room.ID)) order.push(source.room.ID);
  }
  order.sort((a, b) => Number(rooms[b]?.kind === "broadcast") - Number(rooms[a]?.kind === "broadcast"));
  return { ...state, rooms, order };
}

/** Applies a change to one room; an unknown room leaves the state as it is. */
export function updateRoom(state: ChatState, roomID: string, change: (entry: RoomEntry) => Partial<RoomEntry>): ChatState {
  const entry = state.rooms[roomID];
  if (!entry) return state;
  return { ...state, rooms: { ...state.rooms, [roomID]: { ...entry, ...change(entry) } } };
}

/** A new message list with the pointers and readers that follow from it. */
export function withMessages(entry: RoomEntry, messages: LocalMessage[]): Partial<RoomEntry> {
  return { messages, ...pointers(messages), readers: readersFrom(messages, entry.readers) };
}

export function maxId(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
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

/** Rooms the chat panel lists: help desk conversations live on the help desk page instead. */
export function listedRoomIDs(state: ChatState): string[] {
  return state.order.filter((id) => state.rooms[id]?.kind !== "support");
}

/** The menu badge's count: the listed rooms only, so it never points at a room the panel hides. */
export function totalUnread(state: ChatState): number {
  return listedRoomIDs(state).reduce((sum, id) => sum + roomUnread(state, id), 0);
}

export function displayName(state: ChatState, personID: string): string | null {
  return state.names[personID]?.FullName ?? null;
}

/** The other member of a direct room (its internal name `direct:{a}:{b}` names both). */
export function directPartner(state: ChatState, entry: RoomEntry): string | null {
  const members = entry.members.length > 0 ? entry.members : entry.room.InternalName.split(":").slice(1);
  return members.find((id) => id !== state.me) ?? null;
}

export function canDelete(state: ChatState, entry: RoomEntry, message: LocalMessage): boolean {
  if (!state.me || !message.ID) return false;
  // The person's own admin flag is fixed to false in chat (spec §6): only room roles count here.
  return message.SenderID === state.me || entry.moderators.includes(state.me) || entry.admins.includes(state.me);
}
