/**
 * The realtime connection: the binary frame codec (`codec.ts`), the socket state machine
 * (`connection.ts`) and the typed frame table (`protocol.ts`, shapes in `payloads.ts`). Start-up
 * calls `connect` once the session is loaded. Features subscribe to the server frames they care
 * about by opcode name, and the handler receives that opcode's payload type, already checked:
 *
 * ```ts
 * realtime.subscribe("CHAT_MESSAGE_DELETE_NOTIFY", (notice) => remove(notice.ChatroomID, notice.ID));
 * realtime.send("CHAT_MESSAGE_READ", { ChatroomID, LastReadChatMessageID });
 * ```
 *
 * A command the server answers by TmpID (a ballot, an upvote) goes through `sendCommand`
 * (`command.ts`), which waits for the answer and says when REST must be used instead.
 *
 * Features build their own types on the wire types exported here. The chat feature also registers
 * its HTTP fallback with `setFallbackPoller` and catches up on `onStateChange("open")`.
 */
import { API_BASE } from "../api-client";
import {
  type ConnectOptions,
  Connection,
  type FrameHandler,
  type RealtimeState,
  type SocketLike,
  TICKET_TIMEOUT_MS,
} from "./connection";
import type { ClientFrameName, ClientPayload, ServerFrameName } from "./protocol";

export { COMMAND_TIMEOUT_MS, CommandRefused, newTmpID, NoAnswer, sendCommand } from "./command";
export type { CommandConnection } from "./command";
export type { ConnectOptions, FrameHandler, RealtimeState } from "./connection";
export { Opcode } from "./protocol";
export type {
  ClientFrame,
  ClientFrameName,
  ClientPayload,
  OpcodeName,
  ServerFrame,
  ServerFrameName,
  ServerPayload,
} from "./protocol";
export type {
  ActivitySync,
  AnalyticsTrack,
  AttendeeVarSync,
  BallotNotice,
  BreakoutCall,
  BreakoutJoin,
  BreakoutJoinError,
  BreakoutLeave,
  BreakoutOccupancy,
  BreakoutOccupancyNotice,
  BreakoutPresence,
  BreakoutRoomNotice,
  BreakoutState,
  PollNotice,
  PollResults,
  PollState,
  PollVote,
  PollVoteError,
  QuestionNotice,
  QuestionStatus,
  QuestionUpvote,
  QuestionUpvoteError,
  QuestionUpvoteNotice,
  QuestionVotes,
  ReactionBurst,
  ReactionError,
  ReactionName,
  ReactionSend,
  ResultsMode,
  ChatMessage,
  ChatMute,
  ChatMutesNotice,
  ChatroomModel,
  CreateError,
  DeleteError,
  DeleteNotice,
  EditError,
  ErrorFrame,
  EventVarSync,
  HelpdeskPerson,
  HelpdeskState,
  HelpdeskTicket,
  TreasureRanking,
  TreasureRankingNotice,
  WallProjectNotice,
  WallProjectState,
  MaxConnsReached,
  MessageDelete,
  MessageEdit,
  MessageRead,
  MessageSend,
  ReadInfo,
  RoomCreate,
  RoomCreated,
  SendError,
  UploaderError,
  UploaderProgress,
  UploaderSuccess,
} from "./payloads";

export interface RealtimeConnection {
  readonly state: RealtimeState;
  connect(token: string, options?: ConnectOptions): void;
  close(): void;
  /** Registers a handler for one server opcode; returns the unsubscribe function. */
  subscribe<N extends ServerFrameName>(name: N, handler: FrameHandler<N>): () => void;
  /** Sends a frame now, or queues it until the socket is open (retried every 1 s on failure). */
  send<N extends ClientFrameName>(name: N, payload: ClientPayload<N>): void;
  /** Listens to open/closed changes; returns the unsubscribe function. */
  onStateChange(listener: (state: RealtimeState) => void): () => void;
  /** The HTTP poll run every 15 s while the socket is closed (one poller; null removes it). */
  setFallbackPoller(poller: (() => void) | null): void;
}

/** The ticket: a JSON string answered by the authenticate call, within 2 s (spec §7, §9). */
export async function fetchTicket(token: string, eventId?: string): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TICKET_TIMEOUT_MS);
  const query = eventId ? `?EventID=${encodeURIComponent(eventId)}` : "";
  try {
    const response = await fetch(`${API_BASE}/amvproto/authenticate${query}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`authenticate answered ${response.status}`);
    const ticket: unknown = await response.json();
    if (typeof ticket !== "string" || !ticket) throw new Error("authenticate answered no ticket");
    return ticket;
  } finally {
    clearTimeout(timer);
  }
}

export function socketUrl(ticket: string): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/realtime/${encodeURIComponent(ticket)}`;
}

export const realtime: RealtimeConnection = new Connection({
  socketFactory: (url) => new WebSocket(url) as unknown as SocketLike,
  fetchTicket,
  socketUrl,
  timers: {
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (id) => window.clearInterval(id as number),
    now: () => Date.now(),
    random: () => Math.random(),
  },
  // Frame and handler failures are logged only (spec §8); nothing is shown to the attendee.
  log: (message, detail) => console.warn(message, detail),
});
