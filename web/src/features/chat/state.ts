/**
 * The chat state's shape, the pure helpers every change goes through, and the selectors the
 * components read with. No store and no I/O here: `reducers.ts` and the store build on these.
 */
import type { ChatMute, ChatroomModel, RoomCreated } from "@/lib/realtime";
import type { Chatroom, RestMessage } from "./api";
import { mergeMessages, pointers, readersFrom, unreadCount } from "./logic";
import { type ChatAttendee, type LocalMessage, type MuteKind, type Reaction, type RoomKind, roomKind } from "./types";

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
  /** The person's own reaction per message id, from REST (history, their own PUT answers):
   * frames go to the whole room and cannot say what this person chose. */
  myReactions: Record<string, Reaction>;
}

/** What the panel shows: the rooms, the people directory, or the new-group form (in the Chats tab). */
export type ChatView = "chats" | "people" | "newGroup";

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
  /** A group the person asked to create; its CREATE_NOTIFY selects it. */
  pendingGroup: { tmpID: string } | null;
  /** Persons the person muted or blocked, by id (the server's list, kept whole). */
  mutes: Record<string, ChatMute>;
  view: ChatView;
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
  pendingGroup: null,
  mutes: {},
  view: "chats",
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
    myReactions: {},
  };
}

/**
 * Adds rooms not known yet, the broadcast room first. A known room keeps its messages and read
 * state but takes the newer model and, when the source names them, its members: a group's
 * CREATE_NOTIFY after an invitation (and the room list of a catch-up) carries the members now.
 */
export function addRooms(state: ChatState, sources: readonly RoomSource[]): ChatState {
  const rooms = { ...state.rooms };
  const order = [...state.order];
  for (const source of sources) {
    const known = rooms[source.room.ID];
    rooms[source.room.ID] = known
      ? { ...known, room: { ...known.room, ...source.room }, members: source.members.length > 0 ? source.members : known.members }
      : newEntry(source);
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

/** The person's mute of someone, if any. */
export function muteOf(state: ChatState, personID: string): MuteKind | null {
  const mute = state.mutes[personID];
  return mute ? (mute.Blocked ? "blocked" : "muted") : null;
}

/** Whether a message is hidden by a mute: one's own never are. */
/** A deleted user (`null`) is nobody one can have muted. */
export function isMutedSender(state: ChatState, senderID: string | null): boolean {
  return senderID !== null && senderID !== state.me && state.mutes[senderID] !== undefined;
}

/** The person's reactions with one message's set (or, for null, cleared). */
export function withReaction(reactions: Record<string, Reaction>, messageID: string, reaction: Reaction | null): Record<string, Reaction> {
  const next = Object.fromEntries(Object.entries(reactions).filter(([id]) => id !== messageID));
  return reaction ? { ...next, [messageID]: reaction } : next;
}

/**
 * A page of REST history into a room: merged by id, messages of muted persons left out (the
 * server does too; this covers a mute that crossed the page), and the person's own reactions
 * taken from it. `MyReaction` absent (an older server) leaves what is known.
 */
export function mergeHistory(state: ChatState, roomID: string, page: readonly RestMessage[]): ChatState {
  const shown = page.filter((m) => !isMutedSender(state, m.SenderID));
  return updateRoom(state, roomID, (entry) => {
    let myReactions = entry.myReactions;
    for (const message of shown) {
      if (message.MyReaction !== undefined) myReactions = withReaction(myReactions, message.ID, message.MyReaction);
    }
    return { ...withMessages(entry, mergeMessages(entry.messages, shown)), myReactions };
  });
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

export function displayName(state: ChatState, personID: string | null): string | null {
  return personID === null ? null : (state.names[personID]?.FullName ?? null);
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
