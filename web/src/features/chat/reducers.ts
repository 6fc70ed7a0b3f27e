/**
 * What each server frame does to the chat state, as pure functions: (state, payload) → the next
 * state and the effects the store then carries out (loading a room, asking for names, a desktop
 * notification, showing the panel, resending after SERVER_BUSY). Nothing here touches the store,
 * the socket, timers or the browser, so every rule is tested with plain objects
 * (`reducers.test.ts`).
 */
import {
  type ChatMessage,
  type ChatMutesNotice,
  type CreateError,
  type DeleteError,
  type DeleteNotice,
  type EditError,
  type ErrorFrame,
  Opcode,
  type ReadInfo,
  type RoomCreated,
  type SendError,
} from "@/lib/realtime";
import { mergeMessages, removeMessage } from "./logic";
import { applyMutes, roomsToReload } from "./mutes";
import { addRooms, type ChatState, fromCreated, isMutedSender, maxId, updateRoom, withMessages } from "./state";

/** SERVER_BUSY answers a send is resent on its own before it is shown as failed. */
export const BUSY_RETRIES = 5;
/** The wait before a resend when the server gave no `RetryAfterMs`. */
export const BUSY_DEFAULT_WAIT_MS = 1000;

export type Effect =
  /** A message arrived for a room this page does not know: fetch the room and its history. */
  | { kind: "fetchRoom"; roomID: string }
  /** A room just added (CREATE_NOTIFY), or one whose history must be read again (an unmute):
   * load its read info and history window and merge them in. */
  | { kind: "loadRoom"; roomID: string }
  | { kind: "names"; personIDs: string[] }
  /** A new broadcast message from someone else; the store decides whether the person sees it. */
  | { kind: "desktopNotify"; message: ChatMessage }
  | { kind: "showPanel" }
  /** Resend this TmpID after `afterMs` (the store spreads it with jitter). */
  | { kind: "resend"; roomID: string; tmpID: string; afterMs: number };

export interface Outcome {
  state: ChatState;
  effects: Effect[];
}

const none = (state: ChatState): Outcome => ({ state, effects: [] });

/** CHAT_MESSAGE_SEND_NOTIFY: merged by id; it confirms a pending message with the same TmpID. */
export function onSendNotify(state: ChatState, message: ChatMessage): Outcome {
  // The server stops a muted person's messages; one that crossed the mute is dropped here.
  if (isMutedSender(state, message.SenderID)) return none(state);
  const entry = state.rooms[message.ChatroomID];
  if (!entry) return { state, effects: [{ kind: "fetchRoom", roomID: message.ChatroomID }] };
  const known = entry.messages.some((m) => m.ID === message.ID);
  let next = updateRoom(state, message.ChatroomID, (current) => withMessages(current, mergeMessages(current.messages, [message])));
  const effects: Effect[] = message.SenderID === null ? [] : [{ kind: "names", personIDs: [message.SenderID] }];
  if (!known && message.SenderID !== state.me) {
    next = { ...next, lastIncoming: { roomID: message.ChatroomID, messageID: message.ID } };
    // Desktop notifications only for broadcast messages from others (spec §5).
    if (entry.kind === "broadcast") effects.push({ kind: "desktopNotify", message });
  }
  // A gap (an id we cannot place after a known one) is filled by the next catch-up.
  return { state: next, effects };
}

/** CHAT_MESSAGE_EDIT_NOTIFY: replaces a message this page has; others are not fetched for it. */
export function onEditNotify(state: ChatState, message: ChatMessage): Outcome {
  return none(
    updateRoom(state, message.ChatroomID, (entry) =>
      entry.messages.some((m) => m.ID === message.ID) ? withMessages(entry, mergeMessages(entry.messages, [message])) : {},
    ),
  );
}

/** CHAT_MESSAGE_DELETE_NOTIFY: removes the message; the first/last pointers follow. */
export function onDeleteNotify(state: ChatState, notice: DeleteNotice): Outcome {
  return none(updateRoom(state, notice.ChatroomID, (entry) => withMessages(entry, removeMessage(entry.messages, notice.ID))));
}

/** CHAT_MESSAGE_READ_NOTIFY: the person's own mark (another tab) or another reader's; only forward. */
export function onReadNotify(state: ChatState, info: ReadInfo): Outcome {
  const reader = info.PersonID;
  const last = info.LastReadChatMessageID;
  return none(
    updateRoom(state, info.ChatroomID, (entry) =>
      reader === state.me
        ? { lastReadID: maxId(entry.lastReadID, last) }
        : { readers: { ...entry.readers, [reader]: maxId(entry.readers[reader] ?? null, last) ?? last } },
    ),
  );
}

/**
 * CHATROOM_CREATE_NOTIFY: adds the room, or updates a known one (a group someone was invited
 * into: every member hears it with the new members); the person's own pending request (a direct
 * chat or a new group) selects it and shows it in the Chats view.
 */
export function onCreateNotify(state: ChatState, created: RoomCreated): Outcome {
  const source = fromCreated(created);
  const roomID = created.ChatroomModel.ID;
  let next = addRooms(state, [source]);
  const effects: Effect[] = [];
  if (!state.rooms[roomID]) effects.push({ kind: "loadRoom", roomID });
  if (source.members.length > 0) effects.push({ kind: "names", personIDs: source.members });
  const mine = (pending: { tmpID: string } | null) => pending !== null && created.TmpID === pending.tmpID;
  if (mine(state.pendingDirect) || mine(state.pendingGroup)) {
    next = {
      ...next,
      pendingDirect: mine(state.pendingDirect) ? null : next.pendingDirect,
      pendingGroup: mine(state.pendingGroup) ? null : next.pendingGroup,
      selectedID: roomID,
      view: "chats",
    };
    effects.push({ kind: "showPanel" });
  }
  return { state: next, effects };
}

/**
 * CHAT_MUTES_NOTIFY: the person's whole mute list (any of their tabs changed it). Messages of
 * newly muted persons disappear at once; after an unmute the loaded rooms read their history
 * window again, since the server had left that person's messages out.
 */
export function onMutesNotify(state: ChatState, notice: ChatMutesNotice): Outcome {
  if (state.eventID !== null && notice.EventID !== state.eventID) return none(state);
  const { state: next, unmuted } = applyMutes(state, notice.Mutes);
  const effects: Effect[] = unmuted.length > 0 ? roomsToReload(next).map((roomID) => ({ kind: "loadRoom", roomID })) : [];
  return { state: next, effects };
}

const showError = (state: ChatState, code: string): Outcome => none({ ...state, error: code });

/**
 * CHAT_MESSAGE_SEND_ERROR: the pending message with that TmpID is shown as failed — unless the
 * server was only too busy, which stored nothing: then it is resent with the same TmpID after the
 * server's hint times the attempt (up to BUSY_RETRIES), so thousands of clients do not come back in
 * the same instant. Without a TmpID there is no message to mark: the error is shown.
 */
export function onSendError(state: ChatState, payload: SendError): Outcome {
  const { Code: code, Data: data } = payload.Error;
  const tmp = data.TmpID;
  if (tmp === undefined) return showError(state, code);
  let next = state;
  const effects: Effect[] = [];
  for (const entry of Object.values(state.rooms)) {
    const message = entry.messages.find((m) => !m.ID && m.TmpID === tmp);
    if (!message) continue;
    const tries = (message.busyRetries ?? 0) + 1;
    const retry = code === "SERVER_BUSY" && tries <= BUSY_RETRIES;
    next = updateRoom(next, entry.room.ID, (current) => ({
      messages: current.messages.map((m) => (!m.ID && m.TmpID === tmp ? (retry ? { ...m, busyRetries: tries } : { ...m, failed: code }) : m)),
    }));
    if (retry) effects.push({ kind: "resend", roomID: entry.room.ID, tmpID: tmp, afterMs: (data.RetryAfterMs ?? BUSY_DEFAULT_WAIT_MS) * tries });
  }
  // Banned from the chat (an organizer did it meanwhile): said out loud too, not only beside
  // the message, since every further try will be refused the same way.
  if (code === "CHAT_BANNED") next = { ...next, error: code };
  return { state: next, effects };
}

/** CHAT_MESSAGE_EDIT_ERROR and CHAT_MESSAGE_DELETE_ERROR: shown by code. */
export function onEditOrDeleteError(state: ChatState, payload: EditError | DeleteError): Outcome {
  return showError(state, payload.Error.Code);
}

/** CHATROOM_CREATE_ERROR: the pending direct chat or group is given up and the error shown
 * (CHAT_PERSON_BLOCKED: one of the two blocked the other). */
export function onCreateError(state: ChatState, payload: CreateError): Outcome {
  const tmpID = payload.Error.Data.TmpID;
  let next = state;
  if (state.pendingDirect && tmpID === state.pendingDirect.tmpID) next = { ...next, pendingDirect: null };
  if (state.pendingGroup && tmpID === state.pendingGroup.tmpID) next = { ...next, pendingGroup: null };
  return showError(next, payload.Error.Code);
}

/**
 * ERROR: of the chat's requests only CHAT_MESSAGE_READ has no error opcode of its own, so only a
 * refused read is shown; anything else (protocol noise) is logged by the store and changes nothing.
 */
export function onErrorFrame(state: ChatState, payload: ErrorFrame): Outcome {
  return payload.Error.Data.Opcode === Opcode.CHAT_MESSAGE_READ ? showError(state, payload.Error.Code) : none(state);
}
