/**
 * The chat store (zustand) and everything that fills it over REST: rooms, read positions,
 * history, earlier pages, the catch-up after a reconnect or a poll (protocol §9: fetch after the
 * last known id, de-duplicate by id), names and room roles. Live frames are applied by
 * `lifecycle.ts` through the pure reducers; the person's commands are in `actions.ts`.
 */
import { create } from "zustand";
import { getAttendees, getHistory, getMutes, getReadInfo, getRoom, getRoomRoles, getRooms } from "./api";
import { canLoadEarlier, earlierQuery, type HistoryFetcher, loadAfter, loadInitialWindow } from "./logic";
import { applyMutes, roomsToReload } from "./mutes";
import { addRooms, type ChatState, fromRest, initialChatState, maxId, mergeHistory, type RoomSource, updateRoom } from "./state";
import { type ChatAttendee, NULL_ID } from "./types";

export const useChat = create<ChatState>(() => ({ ...initialChatState }));

/** Applies a pure change (a reducer's result, a state helper) to the store. */
export function update(change: (state: ChatState) => ChatState): void {
  useChat.setState(change);
}

export const log = (message: string, detail?: unknown) => console.warn(`chat: ${message}`, detail);

// -- session -----------------------------------------------------------------------------------

/** Bumped by every start and stop, so an answer that arrives for an earlier session is dropped. */
let generation = 0;
let readyResolve: (() => void) | null = null;
let ready: Promise<void> = new Promise((resolve) => (readyResolve = resolve));

/** Resolves once the first load of the current session finished. */
export function whenReady(): Promise<void> {
  return ready;
}

/** Ends the session's loads and empties the store; a new session then sets its ids. */
export function resetSession(): void {
  generation += 1;
  wantedNames.clear();
  ready = new Promise((resolve) => (readyResolve = resolve));
  useChat.setState({ ...initialChatState });
}

// -- names -------------------------------------------------------------------------------------

const wantedNames = new Set<string>();
let namesTimer: ReturnType<typeof setTimeout> | null = null;

/** Asks for names not known yet, batched for 50 ms (a big room costs only its active senders). */
export function wantNames(ids: Iterable<string>): void {
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
      .then(rememberNames)
      .catch((error: unknown) => log("names failed", error));
  }, 50);
}

/** Names the page learnt elsewhere (the people directory), so they need not be asked again. */
export function rememberNames(found: readonly ChatAttendee[]): void {
  if (found.length === 0) return;
  useChat.setState((state) => {
    const next = { ...state.names };
    for (const attendee of found) next[attendee.PersonID] = attendee;
    return { names: next };
  });
}

// A deleted user's messages have no sender to look up.
const sendersOf = (messages: readonly { SenderID: string | null }[]) => messages.flatMap((m) => (m.SenderID === null ? [] : [m.SenderID]));

// -- loading -----------------------------------------------------------------------------------

function fetcherFor(eventID: string, roomID: string): HistoryFetcher {
  return (query) => getHistory(eventID, roomID, query);
}

/**
 * The person's mute list (at start and on every catch-up, since a change made in another tab
 * while this one was offline comes as a frame this one missed). A failure keeps what is known.
 */
export async function loadMutes(): Promise<void> {
  const { eventID } = useChat.getState();
  const gen = generation;
  if (!eventID) return;
  try {
    const rows = await getMutes(eventID);
    if (gen !== generation) return;
    const applied = applyMutes(useChat.getState(), rows);
    update(() => applied.state);
    if (applied.unmuted.length > 0) await Promise.all(roomsToReload(applied.state).map(loadRoom));
  } catch (error) {
    log("mutes failed", error);
  }
}

function addSources(sources: RoomSource[]): void {
  update((state) => addRooms(state, sources));
}

/** The person's read position, then the history window around it (attendee-app.md §9). */
export async function loadRoom(roomID: string): Promise<void> {
  const { eventID, me } = useChat.getState();
  const gen = generation;
  if (!eventID || !me) return;
  try {
    const info = await getReadInfo(eventID, roomID, me).catch((error: unknown) => {
      log("read info failed", error);
      return null;
    });
    const anchor = info && info.LastReadChatMessageID !== NULL_ID ? info.LastReadChatMessageID : null;
    const messages = await loadInitialWindow(fetcherFor(eventID, roomID), anchor);
    if (gen !== generation) return;
    update((state) =>
      updateRoom(mergeHistory(state, roomID, messages), roomID, (entry) => ({
        loaded: true,
        lastReadID: maxId(entry.lastReadID, anchor),
      })),
    );
    wantNames([...sendersOf(messages), ...(useChat.getState().rooms[roomID]?.members ?? [])]);
  } catch (error) {
    // Failed chat loads are logged and treated as empty (spec §8).
    log("history failed", error);
    update((state) => updateRoom(state, roomID, () => ({ loaded: true })));
  }
}

/** A room this page did not know (a message arrived for it): fetched, then loaded. */
export async function ensureRoom(roomID: string): Promise<void> {
  const { eventID, rooms } = useChat.getState();
  if (!eventID || rooms[roomID]) return;
  try {
    addSources([fromRest(await getRoom(eventID, roomID))]);
    await loadRoom(roomID);
  } catch (error) {
    log("unknown room", error);
  }
}

export async function loadRoles(roomID: string): Promise<void> {
  const { eventID } = useChat.getState();
  if (!eventID) return;
  try {
    const roles = await getRoomRoles(eventID, roomID);
    update((state) => updateRoom(state, roomID, () => roles));
  } catch (error) {
    log("roles failed", error);
  }
}

/** The first load: the person's rooms, then every room's read info and history in parallel. */
export async function loadRooms(): Promise<void> {
  const { eventID, me } = useChat.getState();
  if (!eventID || !me) return;
  const gen = generation;
  let sources: RoomSource[] = [];
  // Mutes first (in parallel with the rooms), so no message of a muted person is shown even
  // for a moment, should the server's history still hold one.
  const mutes = loadMutes();
  try {
    sources = (await getRooms(eventID, me)).map(fromRest);
  } catch (error) {
    log("rooms failed", error);
  }
  await mutes;
  if (gen !== generation) return;
  addSources(sources);
  await Promise.all(sources.map((source) => loadRoom(source.room.ID)));
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
  void loadMutes();
  try {
    const sources = (await getRooms(eventID, me)).map(fromRest);
    if (gen !== generation) return;
    const known = useChat.getState().rooms;
    const fresh = sources.filter((source) => !known[source.room.ID]);
    addSources(sources);
    await Promise.all(fresh.map((source) => loadRoom(source.room.ID)));
  } catch (error) {
    log("room refresh failed", error);
  }
  const roomIDs = [...anchors.keys()].filter((roomID) => useChat.getState().rooms[roomID]);
  await Promise.all(
    roomIDs.map(async (roomID) => {
      try {
        const after = await loadAfter(fetcherFor(eventID, roomID), anchors.get(roomID) ?? null);
        if (gen !== generation || after.length === 0) return;
        update((state) => mergeHistory(state, roomID, after));
        wantNames(sendersOf(after));
        const newest = after.at(-1);
        if (newest && newest.SenderID !== me) useChat.setState({ lastIncoming: { roomID, messageID: newest.ID } });
      } catch (error) {
        log("catch-up failed", error);
      }
    }),
  );
}

/** One earlier page of 20, offered only once a page is loaded and the last page was full. */
export async function loadEarlier(roomID: string): Promise<void> {
  const { eventID } = useChat.getState();
  const entry = useChat.getState().rooms[roomID];
  if (!eventID || !entry?.firstID || entry.loadingEarlier) return;
  if (!canLoadEarlier(entry.messages.length, entry.lastPageSize)) return;
  update((state) => updateRoom(state, roomID, () => ({ loadingEarlier: true })));
  try {
    const page = await getHistory(eventID, roomID, earlierQuery(entry.firstID));
    update((state) => updateRoom(mergeHistory(state, roomID, page), roomID, () => ({ lastPageSize: page.length, loadingEarlier: false })));
    wantNames(sendersOf(page));
  } catch (error) {
    log("earlier page failed", error);
    update((state) => updateRoom(state, roomID, () => ({ loadingEarlier: false })));
  }
}
