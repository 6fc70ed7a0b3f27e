/**
 * Encode and decode realtime frames exactly as protocol/README.md §3 and §5 define them, tested
 * against every vector of protocol/vectors.json (codec.test.ts). Pure functions, no I/O.
 */
import { inflateRaw, InflateError } from "./inflate";
import { OPCODE_NAMES, type OpcodeName, PayloadType, payloadTypeOf, PROTOCOL_VERSION } from "./protocol";

export const MAGIC = 0xb;
export const VERSION = PROTOCOL_VERSION;
export const HEADER_BYTES = 4;
export const MAX_FRAME_BYTES = 64 * 1024;
export const MAX_PAYLOAD_BYTES = 256 * 1024;

const COMPRESSED_BIT = 0x80;
const JSON_BIT = 0x40;
const OPCODE_BITS = 0x3f;

export type FrameErrorCode =
  | "FRAME_HEADER"
  | "FRAME_TOO_LARGE"
  | "BAD_MAGIC"
  | "BAD_VERSION"
  | "BAD_CHECKSUM"
  | "UNKNOWN_OPCODE"
  | "BAD_COMPRESSION"
  | "PAYLOAD_TOO_LARGE"
  | "BAD_PAYLOAD";

export class FrameError extends Error {
  constructor(
    readonly code: FrameErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "FrameError";
  }
}

export interface Frame {
  opcode: number;
  name: OpcodeName;
  payloadType: PayloadType;
  compressed: boolean;
  /** The payload after inflating. */
  payload: Uint8Array;
  /** The decoded payload: a string for TEXT, the JSON value for JSON. */
  value: unknown;
}

export interface Limits {
  maxFrameBytes?: number;
  maxPayloadBytes?: number;
}

const CRC_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[n] = crc;
  }
  return table;
})();

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, unreflected, no final XOR); pass `crc` to continue. */
export function crc16(data: Uint8Array, crc = 0xffff): number {
  let value = crc;
  for (let i = 0; i < data.length; i++) {
    value = ((value << 8) & 0xffff) ^ (CRC_TABLE[((value >> 8) ^ (data[i] ?? 0)) & 0xff] ?? 0);
  }
  return value;
}

const encoder = new TextEncoder();

/**
 * One uncompressed frame. TEXT payloads are strings; JSON payloads any JSON value, written with
 * `JSON.stringify`, which is byte-for-byte the protocol's canonical form (§3.4). The client never
 * compresses: its largest payload (4000 characters of chat text) stays far below the frame limit.
 */
export function encodeFrame(
  opcode: OpcodeName | number,
  value: unknown,
  payloadType?: PayloadType,
  limits: Limits = {},
): Uint8Array {
  const number = typeof opcode === "number" ? opcode : OPCODE_NAMES.indexOf(opcode);
  const name = OPCODE_NAMES[number];
  if (name === undefined) throw new RangeError(`opcode ${String(opcode)} is not part of protocol version ${VERSION}`);
  const type = payloadType ?? payloadTypeOf(name);
  let text: string;
  if (type === PayloadType.JSON) {
    const json = JSON.stringify(value);
    if (json === undefined) throw new TypeError("the payload is not representable as JSON");
    text = json;
  } else {
    if (typeof value !== "string") throw new TypeError("a TEXT payload must be a string");
    text = value;
  }
  const body = encoder.encode(text);
  return buildFrame(number, type, body, false, limits);
}

/** Frames an already prepared payload (`body` as sent, compressed when `compressed`). */
export function buildFrame(
  opcode: number,
  payloadType: PayloadType,
  body: Uint8Array,
  compressed: boolean,
  limits: Limits = {},
): Uint8Array {
  const maxFrame = limits.maxFrameBytes ?? MAX_FRAME_BYTES;
  if (HEADER_BYTES + body.length > maxFrame) {
    throw new RangeError(`frame of ${HEADER_BYTES + body.length} bytes exceeds ${maxFrame}`);
  }
  const frame = new Uint8Array(HEADER_BYTES + body.length);
  frame[0] = (MAGIC << 4) | VERSION;
  frame[1] = (compressed ? COMPRESSED_BIT : 0) | (payloadType === PayloadType.JSON ? JSON_BIT : 0) | opcode;
  frame.set(body, HEADER_BYTES);
  const crc = crc16(body, crc16(frame.subarray(0, 2)));
  frame[2] = crc >> 8;
  frame[3] = crc & 0xff;
  return frame;
}

function rejectNonFinite(_key: string, value: unknown): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) throw new SyntaxError("number out of range");
  return value;
}

/**
 * Parses and validates one binary message in the normative order of §5, or throws `FrameError`
 * (never anything else). The checksum is verified before any header bit but magic and version is
 * believed, and the inflated size is bounded while inflating.
 */
export function decodeFrame(data: Uint8Array, limits: Limits = {}): Frame {
  const maxFrame = limits.maxFrameBytes ?? MAX_FRAME_BYTES;
  const maxPayload = limits.maxPayloadBytes ?? MAX_PAYLOAD_BYTES;
  if (data.length < HEADER_BYTES) throw new FrameError("FRAME_HEADER", `frame of ${data.length} bytes is shorter than the header`);
  if (data.length > maxFrame) throw new FrameError("FRAME_TOO_LARGE", `frame of ${data.length} bytes exceeds ${maxFrame}`);
  const first = (data[0] ?? 0);
  const flags = (data[1] ?? 0);
  if (first >> 4 !== MAGIC) throw new FrameError("BAD_MAGIC", "bad magic number");
  if ((first & 0x0f) !== VERSION) throw new FrameError("BAD_VERSION", `version ${first & 0x0f} is not supported`);
  let body = data.subarray(HEADER_BYTES);
  if (crc16(body, crc16(data.subarray(0, 2))) !== (((data[2] ?? 0) << 8) | (data[3] ?? 0))) {
    throw new FrameError("BAD_CHECKSUM", "bad checksum");
  }
  const opcode = flags & OPCODE_BITS;
  const name = OPCODE_NAMES[opcode];
  if (name === undefined) throw new FrameError("UNKNOWN_OPCODE", `opcode ${opcode} is unknown`);
  const compressed = (flags & COMPRESSED_BIT) !== 0;
  if (compressed) {
    try {
      body = inflateRaw(body, maxPayload);
    } catch (error) {
      if (error instanceof InflateError) throw new FrameError(error.code, error.message);
      throw new FrameError("BAD_COMPRESSION", String(error));
    }
  } else if (body.length > maxPayload) {
    throw new FrameError("PAYLOAD_TOO_LARGE", `payload exceeds ${maxPayload} bytes`);
  }
  const payloadType = flags & JSON_BIT ? PayloadType.JSON : PayloadType.TEXT;
  let text: string;
  try {
    // ignoreBOM keeps a leading U+FEFF as a character (§3.4): TEXT keeps it, JSON then rejects it.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    throw new FrameError("BAD_PAYLOAD", "payload is not valid UTF-8");
  }
  let value: unknown = text;
  if (payloadType === PayloadType.JSON) {
    try {
      value = JSON.parse(text, rejectNonFinite);
    } catch {
      throw new FrameError("BAD_PAYLOAD", "payload is not valid JSON");
    }
  }
  return { opcode, name, payloadType, compressed, payload: body, value };
}
