/**
 * The person's mute list in the chat state, as pure functions. The server enforces a mute (no new
 * messages of a muted person reach this person, history leaves them out); the client keeps the
 * list to label people and to hide, the moment a mute takes effect, what it already shows.
 */
import type { ChatMute } from "@/lib/realtime";
import { type ChatState, withMessages } from "./state";

export interface MutesApplied {
  state: ChatState;
  /** Persons muted before and not any more: their messages come back only with a reload of
   * history, because the server left them out of what this page loaded. */
  unmuted: string[];
}

/** Takes the whole list (CHAT_MUTES_NOTIFY, GET …/chat-mutes) and hides muted persons' messages. */
export function applyMutes(state: ChatState, rows: readonly ChatMute[]): MutesApplied {
  const mutes: Record<string, ChatMute> = {};
  for (const row of rows) if (row.PersonID !== state.me) mutes[row.PersonID] = row;
  const unmuted = Object.keys(state.mutes).filter((id) => mutes[id] === undefined);
  const hidden = (senderID: string | null) => senderID !== null && mutes[senderID] !== undefined;
  const rooms = { ...state.rooms };
  for (const [roomID, entry] of Object.entries(state.rooms)) {
    // Pending messages are the person's own and never hidden.
    if (!entry.messages.some((m) => m.ID && hidden(m.SenderID))) continue;
    rooms[roomID] = { ...entry, ...withMessages(entry, entry.messages.filter((m) => !m.ID || !hidden(m.SenderID))) };
  }
  return { state: { ...state, mutes, rooms }, unmuted };
}

/** One row changed by the person's own request (PUT answers the row, DELETE removes it). */
export function withMuteRow(state: ChatState, personID: string, row: ChatMute | null): ChatMute[] {
  const rows = Object.values(state.mutes).filter((m) => m.PersonID !== personID);
  return row ? [...rows, row] : rows;
}

/** Rooms whose history is loaded again after an unmute, so the person's messages reappear. */
export function roomsToReload(state: ChatState): string[] {
  return state.order.filter((roomID) => state.rooms[roomID]?.loaded);
}
