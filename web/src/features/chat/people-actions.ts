/**
 * What the person does with other people in the chat: switch between the rooms and the people
 * directory, mute, block and unmute someone, start a group, invite into one. Mutes and invitations
 * go over REST and change the store as soon as the server answered (the CHAT_MUTES_NOTIFY or
 * CREATE_NOTIFY that follows says the same again); a group is created over the socket like a
 * direct chat.
 */
import { ApiError, NetworkError } from "@/lib/api-client";
import { realtime } from "@/lib/realtime";
import { openDirect } from "./actions";
import { deleteMute, inviteToGroup, putMute } from "./api";
import { applyMutes, roomsToReload, withMuteRow } from "./mutes";
import { addRooms, type ChatView, fromRest } from "./state";
import { loadRoom, update, useChat, wantNames } from "./store";
import type { MuteKind } from "./types";

/** The `error` the panel shows for a failed call that carries no server code. */
export const NETWORK_FAILURE = "NETWORK";

/** The code to show for a failed REST call: the server's, or "cannot reach the server". */
export function failureCode(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  return error instanceof NetworkError ? NETWORK_FAILURE : "INTERNAL_ERROR";
}

export function setView(view: ChatView): void {
  useChat.setState({ view, error: null });
}

/** Opens the direct chat with someone from anywhere in the panel, showing it in the Chats view. */
export function messagePerson(personID: string): void {
  setView("chats");
  openDirect(personID);
}

/** Mutes or blocks a person; their messages disappear from this page at once. */
export async function mutePerson(personID: string, kind: MuteKind): Promise<boolean> {
  const { eventID } = useChat.getState();
  if (!eventID) return false;
  try {
    const row = await putMute(eventID, personID, kind === "blocked");
    update((state) => applyMutes(state, withMuteRow(state, personID, row)).state);
    return true;
  } catch (error) {
    useChat.setState({ error: failureCode(error) });
    return false;
  }
}

/**
 * Unmutes or unblocks. CHAT_MUTE_NOT_FOUND means another tab undid it already: the wanted state
 * is reached, so it is taken as done rather than shown as a failure.
 */
export async function unmutePerson(personID: string): Promise<boolean> {
  const { eventID } = useChat.getState();
  if (!eventID) return false;
  try {
    await deleteMute(eventID, personID);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "CHAT_MUTE_NOT_FOUND")) {
      useChat.setState({ error: failureCode(error) });
      return false;
    }
  }
  const applied = applyMutes(useChat.getState(), withMuteRow(useChat.getState(), personID, null));
  update(() => applied.state);
  // Their messages were left out of the history this page loaded: read it again.
  if (applied.unmuted.length > 0) await Promise.all(roomsToReload(applied.state).map(loadRoom));
  return true;
}

/** Asks for a new group with a title and members; its CREATE_NOTIFY selects it (reducers.ts). */
export function createGroup(title: string, memberIDs: readonly string[]): void {
  const { eventID, me } = useChat.getState();
  const name = title.trim();
  if (!eventID || !me || !name) return;
  const tmpID = crypto.randomUUID();
  useChat.setState({ pendingGroup: { tmpID }, error: null });
  realtime.send("CHATROOM_CREATE", { TmpID: tmpID, EventID: eventID, Title: name, MemberIDs: memberIDs.filter((id) => id !== me) });
}

/** Invites persons into a group the person administers; the room takes its new members. */
export async function inviteToRoom(roomID: string, personIDs: readonly string[]): Promise<boolean> {
  const { eventID } = useChat.getState();
  if (!eventID || personIDs.length === 0) return false;
  try {
    const room = await inviteToGroup(eventID, roomID, [...personIDs]);
    update((state) => addRooms(state, [fromRest(room)]));
    wantNames(room.AttendeeIDs);
    return true;
  } catch (error) {
    useChat.setState({ error: failureCode(error) });
    return false;
  }
}
