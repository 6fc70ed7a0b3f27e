/**
 * Opcodes and payload types of the realtime frame format (protocol/README.md §3.4 and §4).
 * The numbers are the wire format: appended to, never renumbered.
 */

export const PayloadType = { TEXT: 0, JSON: 1 } as const;
export type PayloadType = (typeof PayloadType)[keyof typeof PayloadType];

/** Opcode names in wire order: the index is the opcode number. */
export const OPCODE_NAMES = [
  "PING",
  "PONG",
  "ERROR",
  "MAX_ALLOWED_CONNS_REACHED",
  "CHATROOM_CREATE",
  "CHATROOM_CREATE_NOTIFY",
  "CHAT_MESSAGE_SEND",
  "CHAT_MESSAGE_SEND_NOTIFY",
  "CHAT_MESSAGE_SEND_ERROR",
  "CHAT_MESSAGE_EDIT",
  "CHAT_MESSAGE_EDIT_NOTIFY",
  "CHAT_MESSAGE_EDIT_ERROR",
  "CHAT_MESSAGE_DELETE",
  "CHAT_MESSAGE_DELETE_NOTIFY",
  "CHAT_MESSAGE_DELETE_ERROR",
  "CHAT_MESSAGE_READ",
  "CHAT_MESSAGE_READ_NOTIFY",
  "PANO_EVENT_VAR_SYNC",
  "PANO_ATTENDEE_VAR_SYNC",
  "PANO_UPLOADER_PROGRESS",
  "PANO_UPLOADER_SUCCESS",
  "PANO_UPLOADER_ERROR",
  "ACTIVITY_SYNC_NOTIFY",
  "CHATROOM_CREATE_ERROR",
] as const;

export type OpcodeName = (typeof OPCODE_NAMES)[number];

export const Opcode = Object.fromEntries(OPCODE_NAMES.map((name, value) => [name, value])) as {
  readonly [K in OpcodeName]: number;
};

/** Opcodes a client may send (direction "client → server" or "both"). */
export const CLIENT_OPCODES: ReadonlySet<OpcodeName> = new Set<OpcodeName>([
  "PING",
  "PONG",
  "CHATROOM_CREATE",
  "CHAT_MESSAGE_SEND",
  "CHAT_MESSAGE_EDIT",
  "CHAT_MESSAGE_DELETE",
  "CHAT_MESSAGE_READ",
]);

/** The payload type §4 lists for each opcode: PING and PONG are TEXT, everything else JSON. */
export function payloadTypeOf(name: OpcodeName): PayloadType {
  return name === "PING" || name === "PONG" ? PayloadType.TEXT : PayloadType.JSON;
}
