/**
 * Pure chat rules (attendee-app.md §4, §9), kept apart from the store so they are unit-tested:
 * merging by id, temp-id confirmation, delete with pointer fixing, unread counting, the history
 * window.
 */
import type { ChatMessage } from "@/lib/realtime";
import { type LocalMessage, NULL_ID } from "./types";

/** Ids of one room are time-ordered 24-hex strings: string order is message order. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface Pointers {
  firstID: string | null;
  lastID: string | null;
}

/** The oldest and newest confirmed (server-id) message of a list. */
export function pointers(messages: readonly LocalMessage[]): Pointers {
  let firstID: string | null = null;
  let lastID: string | null = null;
  for (const message of messages) {
    if (!message.ID) continue;
    if (firstID === null || message.ID < firstID) firstID = message.ID;
    if (lastID === null || message.ID > lastID) lastID = message.ID;
  }
  return { firstID, lastID };
}

/**
 * Adds server messages to a list: de-duplicated by `ID` (a later copy replaces an earlier one, so
 * edits win), a pending message with the same `TmpID` and sender is replaced by its confirmation,
 * deleted/banned messages are dropped. Confirmed messages stay in id order, pending ones last.
 */
export function mergeMessages(current: readonly LocalMessage[], incoming: readonly ChatMessage[]): LocalMessage[] {
  const byId = new Map<string, LocalMessage>();
  const pending: LocalMessage[] = [];
  for (const message of current) {
    if (message.ID) byId.set(message.ID, message);
    else pending.push(message);
  }
  const confirmedTmp = new Set<string>();
  for (const message of incoming) {
    if (message.IsDeletedByAuthor || message.IsBanned) {
      byId.delete(message.ID);
      continue;
    }
    byId.set(message.ID, { ...message });
    if (message.TmpID) confirmedTmp.add(`${message.SenderID}\u0000${message.TmpID}`);
  }
  const confirmed = [...byId.values()].sort((a, b) => compareIds(a.ID, b.ID));
  const stillPending = pending.filter((m) => !confirmedTmp.has(`${m.SenderID}\u0000${m.TmpID}`));
  return [...confirmed, ...stillPending];
}

/** Removes a message by id (DELETE_NOTIFY); the caller recomputes the pointers from the result. */
export function removeMessage(messages: readonly LocalMessage[], id: string): LocalMessage[] {
  return messages.filter((m) => m.ID !== id);
}

/** Messages from others with an id above the last-read id (§4). Pending ones are one's own. */
export function unreadCount(messages: readonly LocalMessage[], lastReadID: string | null, me: string): number {
  const anchor = lastReadID ?? NULL_ID;
  let count = 0;
  for (const message of messages) {
    if (message.ID && message.SenderID !== me && message.ID > anchor) count += 1;
  }
  return count;
}

/** The newest confirmed id, to report as read. */
export function newestID(messages: readonly LocalMessage[]): string | null {
  return pointers(messages).lastID;
}

// -- history window (§9) ---------------------------------------------------------------------

export const INITIAL_COUNT = 40;
export const BEFORE_ANCHOR = 20;
export const AFTER_ANCHOR = 1000;
export const PAGE = 20;

export interface HistoryQuery {
  StartID?: string;
  MaxCount: number;
  IsAscending?: boolean;
}

/** Fetches one page of a room's history, oldest first. */
export type HistoryFetcher = (query: HistoryQuery) => Promise<ChatMessage[]>;

/**
 * The first load: without a last-read anchor the 40 latest; with one, the 20 before it, then up
 * to 1000 from there on (which includes the anchor itself).
 */
export async function loadInitialWindow(fetch: HistoryFetcher, lastReadID: string | null): Promise<ChatMessage[]> {
  if (!lastReadID || lastReadID === NULL_ID) return fetch({ MaxCount: INITIAL_COUNT });
  const before = await fetch({ StartID: lastReadID, MaxCount: BEFORE_ANCHOR });
  const from = before.at(-1)?.ID;
  const after = from
    ? await fetch({ StartID: from, MaxCount: AFTER_ANCHOR, IsAscending: true })
    : await fetch({ MaxCount: AFTER_ANCHOR, IsAscending: true });
  return [...before, ...after];
}

/** Earlier pages are offered only once at least a page is loaded (§9). */
export function canLoadEarlier(loaded: number, lastPageSize: number | null): boolean {
  return loaded >= PAGE && (lastPageSize === null || lastPageSize >= PAGE);
}

export function earlierQuery(firstID: string): HistoryQuery {
  return { StartID: firstID, MaxCount: PAGE };
}

/** Catch-up after a reconnect, a poll or a gap: everything after the last known id, in pages. */
export async function loadAfter(fetch: HistoryFetcher, lastID: string | null): Promise<ChatMessage[]> {
  const all: ChatMessage[] = [];
  let from = lastID;
  for (;;) {
    const page = await fetch(
      from ? { StartID: from, MaxCount: AFTER_ANCHOR, IsAscending: true } : { MaxCount: INITIAL_COUNT },
    );
    all.push(...page);
    const next = page.at(-1)?.ID;
    if (!from || page.length < AFTER_ANCHOR || !next) return all;
    from = next;
  }
}

/** Per person, the newest message id they are known to have read (from ReadBy and READ_NOTIFY). */
export function readersFrom(messages: readonly ChatMessage[], known: Record<string, string> = {}): Record<string, string> {
  const readers = { ...known };
  for (const message of messages) {
    for (const person of message.ReadBy) {
      const current = readers[person];
      if (!current || message.ID > current) readers[person] = message.ID;
    }
  }
  return readers;
}
