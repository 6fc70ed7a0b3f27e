/**
 * The realtime frames the web app knows: protocol/README.md §4 as one table, `FRAMES`, from which
 * every other view is derived — the opcode numbers the codec uses, the payload type per opcode, and
 * the discriminated unions of frames per direction that `realtime.subscribe` and `realtime.send`
 * are typed with.
 *
 * Adding a frame is one entry in `FRAMES` (plus its checker in `payloads.ts`):
 *
 * ```ts
 * SOME_NEW_NOTIFY: json(43, "toClient", someNotice),
 * ```
 *
 * Opcodes 0–23 keep the meaning the spec gives them, 24–33 are Venuely's live interaction, 34–39
 * breakout rooms, 40–42 Q&A upvotes, 43 the help desk's ticket notice, 44 the treasure hunt's board,
 * 45 the Wall of Fame's project notice, 46 the chat's mute list, 47 the tracker's items; new ones
 * take the next free number (the header has room for 63) and are written into §4 of the protocol
 * first, with a JSON example, which `payloads.test.ts` then parses with the new checker.
 */
import { type Checker, type Infer, parsePayload, type ParseResult } from "./check";
import * as P from "./payloads";

/** The header's version field (§3); a different layout or meaning needs a new one (§11). */
export const PROTOCOL_VERSION = 0;

export const PayloadType = { TEXT: 0, JSON: 1 } as const;
export type PayloadType = (typeof PayloadType)[keyof typeof PayloadType];

/** Who may send the frame: the server answers a client frame of a "toClient" opcode with an error. */
export type Direction = "toServer" | "toClient" | "both";

export interface FrameSpec<T> {
  readonly opcode: number;
  readonly direction: Direction;
  readonly payloadType: PayloadType;
  readonly check: Checker<T>;
}

function json<const O extends number, const D extends Direction, T>(opcode: O, direction: D, check: Checker<T>) {
  return { opcode, direction, payloadType: PayloadType.JSON, check };
}

function text<const O extends number>(opcode: O) {
  return { opcode, direction: "both" as const, payloadType: PayloadType.TEXT, check: P.text };
}

export const FRAMES = {
  PING: text(0),
  PONG: text(1),
  ERROR: json(2, "toClient", P.errorFrame),
  MAX_ALLOWED_CONNS_REACHED: json(3, "toClient", P.maxConnsReached),
  CHATROOM_CREATE: json(4, "toServer", P.roomCreate),
  CHATROOM_CREATE_NOTIFY: json(5, "toClient", P.roomCreated),
  CHAT_MESSAGE_SEND: json(6, "toServer", P.messageSend),
  CHAT_MESSAGE_SEND_NOTIFY: json(7, "toClient", P.chatMessage),
  CHAT_MESSAGE_SEND_ERROR: json(8, "toClient", P.sendError),
  CHAT_MESSAGE_EDIT: json(9, "toServer", P.messageEdit),
  CHAT_MESSAGE_EDIT_NOTIFY: json(10, "toClient", P.chatMessage),
  CHAT_MESSAGE_EDIT_ERROR: json(11, "toClient", P.editError),
  CHAT_MESSAGE_DELETE: json(12, "toServer", P.messageDelete),
  CHAT_MESSAGE_DELETE_NOTIFY: json(13, "toClient", P.deleteNotice),
  CHAT_MESSAGE_DELETE_ERROR: json(14, "toClient", P.deleteError),
  CHAT_MESSAGE_READ: json(15, "toServer", P.messageRead),
  CHAT_MESSAGE_READ_NOTIFY: json(16, "toClient", P.readInfo),
  PANO_EVENT_VAR_SYNC: json(17, "toClient", P.eventVarSync),
  PANO_ATTENDEE_VAR_SYNC: json(18, "toClient", P.attendeeVarSync),
  PANO_UPLOADER_PROGRESS: json(19, "toClient", P.uploaderProgress),
  PANO_UPLOADER_SUCCESS: json(20, "toClient", P.uploaderSuccess),
  PANO_UPLOADER_ERROR: json(21, "toClient", P.uploaderError),
  ACTIVITY_SYNC_NOTIFY: json(22, "toClient", P.activitySync),
  CHATROOM_CREATE_ERROR: json(23, "toClient", P.createError),
  POLL_VOTE: json(24, "toServer", P.pollVote),
  POLL_VOTE_ERROR: json(25, "toClient", P.pollVoteError),
  POLL_BALLOT_NOTIFY: json(26, "toClient", P.ballotNotice),
  POLL_NOTIFY: json(27, "toClient", P.pollNotice),
  POLL_RESULTS_NOTIFY: json(28, "toClient", P.pollResults),
  QUESTION_NOTIFY: json(29, "toClient", P.questionNotice),
  QUESTION_VOTES_NOTIFY: json(30, "toClient", P.questionVotes),
  REACTION_SEND: json(31, "toServer", P.reactionSend),
  REACTION_ERROR: json(32, "toClient", P.reactionError),
  REACTION_BURST_NOTIFY: json(33, "toClient", P.reactionBurst),
  BREAKOUT_JOIN: json(34, "toServer", P.breakoutJoin),
  BREAKOUT_JOIN_ERROR: json(35, "toClient", P.breakoutJoinError),
  BREAKOUT_LEAVE: json(36, "toServer", P.breakoutLeave),
  BREAKOUT_PRESENCE_NOTIFY: json(37, "toClient", P.breakoutPresence),
  BREAKOUT_OCCUPANCY_NOTIFY: json(38, "toClient", P.breakoutOccupancyNotice),
  BREAKOUT_ROOM_NOTIFY: json(39, "toClient", P.breakoutRoomNotice),
  QUESTION_UPVOTE: json(40, "toServer", P.questionUpvote),
  QUESTION_UPVOTE_ERROR: json(41, "toClient", P.questionUpvoteError),
  QUESTION_UPVOTE_NOTIFY: json(42, "toClient", P.questionUpvoteNotice),
  HELPDESK_TICKET_NOTIFY: json(43, "toClient", P.helpdeskTicket),
  TREASURE_HUNT_RANKING_NOTIFY: json(44, "toClient", P.treasureRankingNotice),
  WALLOFFAME_PROJECT_NOTIFY: json(45, "toClient", P.wallProjectNotice),
  CHAT_MUTES_NOTIFY: json(46, "toClient", P.chatMutesNotice),
  ANALYTICS_TRACK: json(47, "toServer", P.analyticsTrack),
} as const satisfies Record<string, FrameSpec<unknown>>;

export type OpcodeName = keyof typeof FRAMES;
export type PayloadOf<N extends OpcodeName> = Infer<(typeof FRAMES)[N]["check"]>;

type NamesGoing<D extends Direction> = { [N in OpcodeName]: (typeof FRAMES)[N]["direction"] extends D ? N : never }[OpcodeName];

/** Frames the server sends that features subscribe to (PING/PONG are the connection's own). */
export type ServerFrameName = NamesGoing<"toClient">;
/** Frames features send (PING/PONG are the connection's own). */
export type ClientFrameName = NamesGoing<"toServer">;
export type ServerPayload<N extends ServerFrameName> = PayloadOf<N>;
export type ClientPayload<N extends ClientFrameName> = PayloadOf<N>;

/**
 * A frame from the server, discriminated by `name`.
 *
 * @example { name: "CHAT_MESSAGE_DELETE_NOTIFY", payload: { ID: "…0101", DeleterID: "…00a1", ReceiverIDs: [], ChatroomID: "…00f1" } }
 */
export type ServerFrame = { [N in ServerFrameName]: { name: N; payload: ServerPayload<N> } }[ServerFrameName];
/** A frame to the server, discriminated by `name`. */
export type ClientFrame = { [N in ClientFrameName]: { name: N; payload: ClientPayload<N> } }[ClientFrameName];

const entries = Object.entries(FRAMES) as [OpcodeName, FrameSpec<unknown>][];

/**
 * Opcode names in wire order: the index is the opcode number. Numbers this app does not speak are
 * holes (never a shifted name), so the codec refuses them as UNKNOWN_OPCODE and never encodes a
 * frame under another frame's number.
 */
export const OPCODE_NAMES: readonly OpcodeName[] = (() => {
  const names: OpcodeName[] = [];
  for (const [name, spec] of entries) names[spec.opcode] = name;
  return names;
})();

/** Opcode numbers by name, e.g. `Opcode.CHAT_MESSAGE_READ` (15) where an error's `Data.Opcode` names it. */
export const Opcode = Object.fromEntries(entries.map(([name, spec]) => [name, spec.opcode])) as {
  readonly [N in OpcodeName]: (typeof FRAMES)[N]["opcode"];
};

/** Opcodes a client may send (direction "toServer" or "both"). */
export const CLIENT_OPCODES: ReadonlySet<OpcodeName> = new Set(entries.filter(([, spec]) => spec.direction !== "toClient").map(([name]) => name));

export function payloadTypeOf(name: OpcodeName): PayloadType {
  return FRAMES[name].payloadType;
}

/** Checks a decoded payload against its opcode's shape; unknown fields are dropped (§1). */
export function checkPayload<N extends OpcodeName>(name: N, value: unknown): ParseResult<PayloadOf<N>> {
  return parsePayload(FRAMES[name].check as Checker<PayloadOf<N>>, value);
}
