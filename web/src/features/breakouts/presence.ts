/**
 * Where the signed-in person is among the breakout rooms, for every view of this tab (the
 * sidebar panel, the /breakoutroom page, the frame's status line): one store fed by
 * BREAKOUT_PRESENCE_NOTIFY, and the join and leave commands.
 *
 * Decisions:
 * - **One feed, counted.** Each view starts the feed and stops it when it goes; the frames are
 *   subscribed once while any view is mounted, so a notice is applied once.
 * - **A reconnect rejoins.** Presence ends with the socket that joined (the server drops it when
 *   the socket closes) and a seat is not kept. A network blip should not throw someone out of a
 *   call, so when the socket that held the presence comes back, the room is joined again once; if
 *   the room filled up or closed meanwhile, the person is told why they are outside.
 * - **Things the person did not do are said** (`news`): an organizer's move, the room closing or
 *   being deleted, the presence ending with another tab's socket.
 */
import { create } from "zustand";
import { forgetRoom } from "@/features/chat";
import { CommandRefused, NoAnswer, realtime } from "@/lib/realtime";
import { joinRoom, leaveRoom } from "./api";
import { type Departure, departureOf, OUTSIDE, type Presence, presenceAfter } from "./model";

/** Why a command failed, for the room it was about. `code`: the server's error code. */
export type Failure = { roomID: string; kind: "refused"; code: string } | { roomID: string; kind: "offline" | "noAnswer" };

export interface News {
  /** Grows with every piece of news, so the same words are announced again. */
  seq: number;
  kind: Departure | "rejoinFailed";
  fromRoomID: string | null;
  toRoomID: string | null;
  code?: string;
}

interface PresenceState {
  eventID: string | null;
  personID: string | null;
  presence: Presence;
  /** The room a reconnect joins again (this connection held it when the socket closed). */
  rejoin: string | null;
  pending: { kind: "join" | "leave"; roomID: string } | null;
  failure: Failure | null;
  news: News | null;
  /** Breakout views on screen: while one is, it says the news; otherwise the frame's status line does. */
  viewers: number;
  /** Room names seen in the list, so news about a room that has just gone can still name it. */
  titles: Record<string, string>;
}

const initial: PresenceState = {
  eventID: null,
  personID: null,
  presence: OUTSIDE,
  rejoin: null,
  pending: null,
  failure: null,
  news: null,
  viewers: 0,
  titles: {},
};

export const usePresence = create<PresenceState>(() => initial);

/** TmpIDs this tab sent: a notice carrying one answers this connection. */
const ownTmpIDs = new Set<string>();
const remember = (tmpID: string) => void ownTmpIDs.add(tmpID);

let users = 0;
let stops: (() => void)[] = [];
let seq = 0;
/** The chat of the room a reconnect should rejoin: let go if the person does not get back in. */
let rejoinChat: string | null = null;

function dropRejoin(): void {
  if (rejoinChat) forgetRoom(rejoinChat);
  rejoinChat = null;
  usePresence.setState({ rejoin: null });
}

function tell(news: Omit<News, "seq">): void {
  seq += 1;
  usePresence.setState({ news: { ...news, seq } });
}

function failureOf(roomID: string, error: unknown): Failure {
  if (error instanceof CommandRefused) return { roomID, kind: "refused", code: error.code };
  if (error instanceof NoAnswer && error.reason === "not-connected") return { roomID, kind: "offline" };
  return { roomID, kind: "noAnswer" };
}

/** Joins `roomID` (leaving the room the person is in). Resolves true when inside. */
export async function join(roomID: string): Promise<boolean> {
  usePresence.setState({ pending: { kind: "join", roomID }, failure: null });
  try {
    await joinRoom(roomID, remember);
    return true;
  } catch (error) {
    usePresence.setState({ failure: failureOf(roomID, error) });
    return false;
  } finally {
    usePresence.setState({ pending: null });
  }
}

/**
 * Leaves `roomID`. Without a socket there is nothing to leave: the server ended the presence
 * when the socket closed, so the person is simply outside (and no rejoin follows).
 */
export async function leave(roomID: string): Promise<boolean> {
  if (realtime.state !== "open") {
    dropRejoin();
    usePresence.setState({ presence: OUTSIDE, failure: null });
    return true;
  }
  usePresence.setState({ pending: { kind: "leave", roomID }, failure: null });
  try {
    await leaveRoom(roomID, remember);
    return true;
  } catch (error) {
    usePresence.setState({ failure: failureOf(roomID, error) });
    return false;
  } finally {
    usePresence.setState({ pending: null });
  }
}

function onNotice(notice: Parameters<typeof presenceAfter>[1]): void {
  const { eventID, personID, presence } = usePresence.getState();
  if (notice.EventID !== eventID || notice.PersonID !== personID) return;
  const mine = ownTmpIDs.delete(notice.TmpID);
  const next = presenceAfter(presence, notice, mine);
  const previousChat = presence.chatroomID ?? rejoinChat;
  rejoinChat = null;
  usePresence.setState({ presence: next, rejoin: null });
  // Outside a room the person is no longer a member of its chat: the chat lets it go.
  if (previousChat && previousChat !== next.chatroomID) forgetRoom(previousChat);
  const departure = departureOf(notice, mine);
  // A presence another tab held ending with that tab's socket (or its server) is not news here.
  const quiet = !presence.here && (departure === "disconnected" || departure === "expired");
  if (departure && !quiet) tell({ kind: departure, fromRoomID: notice.FromRoomID, toRoomID: notice.RoomID });
}

async function rejoinAfterReconnect(): Promise<void> {
  const roomID = usePresence.getState().rejoin;
  if (!roomID) return;
  usePresence.setState({ pending: { kind: "join", roomID } });
  try {
    await joinRoom(roomID, remember);
  } catch (error) {
    if (error instanceof NoAnswer && error.reason === "closed") return; // closed again: the next open tries
    dropRejoin();
    tell({ kind: "rejoinFailed", fromRoomID: roomID, toRoomID: null, code: error instanceof CommandRefused ? error.code : undefined });
  } finally {
    usePresence.setState({ pending: null });
  }
}

function onSocket(state: "open" | "closed"): void {
  const { presence, rejoin } = usePresence.getState();
  if (state === "closed") {
    // The server ends this socket's presence; the call goes with it until the socket is back.
    if (presence.here && presence.roomID) {
      rejoinChat = presence.chatroomID;
      usePresence.setState({ presence: OUTSIDE, rejoin: presence.roomID });
    }
    return;
  }
  if (rejoin) void rejoinAfterReconnect();
}

/**
 * Starts following the person's presence in this event (counted: the last `stop` ends it).
 * A different person or event starts from outside.
 */
export function startPresence(eventID: string, personID: string): () => void {
  const state = usePresence.getState();
  if (state.eventID !== eventID || state.personID !== personID) {
    usePresence.setState({ ...initial, viewers: state.viewers, eventID, personID });
    ownTmpIDs.clear();
  }
  users += 1;
  if (users === 1) {
    stops = [realtime.subscribe("BREAKOUT_PRESENCE_NOTIFY", onNotice), realtime.onStateChange(onSocket)];
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    users -= 1;
    if (users > 0) return;
    for (const stop of stops) stop();
    stops = [];
  };
}

/** A breakout view is on screen until the returned function is called. */
export function addViewer(): () => void {
  usePresence.setState((s) => ({ viewers: s.viewers + 1 }));
  let gone = false;
  return () => {
    if (gone) return;
    gone = true;
    usePresence.setState((s) => ({ viewers: s.viewers - 1 }));
  };
}

/** Keeps the names of rooms the list showed (news may be about a room deleted since). */
export function rememberTitles(rooms: readonly { ID: string; Title: string }[]): void {
  const { titles } = usePresence.getState();
  if (rooms.every((room) => titles[room.ID] === room.Title)) return;
  const next = { ...titles };
  for (const room of rooms) next[room.ID] = room.Title;
  usePresence.setState({ titles: next });
}

/** Forgets the news once said (the person dismissed it). */
export function dismissNews(): void {
  usePresence.setState({ news: null });
}

/** Tests: back to outside, with no feed running. */
export function resetPresence(): void {
  for (const stop of stops) stop();
  stops = [];
  users = 0;
  seq = 0;
  rejoinChat = null;
  ownTmpIDs.clear();
  usePresence.setState(initial);
}
