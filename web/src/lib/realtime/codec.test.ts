import { describe, expect, it } from "vitest";
import vectors from "../../../../protocol/vectors.json";
import { buildFrame, crc16, decodeFrame, encodeFrame, FrameError } from "./codec";
import { inflateRaw } from "./inflate";
import { CLIENT_OPCODES, OPCODE_NAMES, PayloadType, payloadTypeOf } from "./protocol";

interface VectorLimits {
  max_frame_bytes?: number;
  max_payload_bytes?: number;
}

const hex = (s: string): Uint8Array => Uint8Array.from(s.match(/../g) ?? [], (b) => parseInt(b, 16));
const toHex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const limitsOf = (l?: VectorLimits) => ({ maxFrameBytes: l?.max_frame_bytes, maxPayloadBytes: l?.max_payload_bytes });

// The platform's CompressionStream stands in for another DEFLATE implementation (§3.3: only the
// inflated payload is significant); small inputs give fixed-Huffman blocks, large ones dynamic.
async function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(data);
      controller.close();
    },
  });
  const reader = source.pipeThrough(new CompressionStream("deflate-raw") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>).getReader();
  const chunks: number[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(...(value as Uint8Array));
  }
  return Uint8Array.from(chunks);
}

/** One final stored (uncompressed) block. */
function storedBlock(data: Uint8Array): Uint8Array {
  const n = data.length;
  return Uint8Array.from([0x01, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff, ...data]);
}

describe("checksum", () => {
  it("is CRC-16/CCITT-FALSE with the vectors' check value", () => {
    expect(vectors.checksum.algorithm).toBe("CRC-16/CCITT-FALSE");
    expect(crc16(new TextEncoder().encode(vectors.checksum.check_input))).toBe(vectors.checksum.check);
  });
});

describe("opcodes", () => {
  it("match the vectors' table in number, name, direction and payload type", () => {
    expect(OPCODE_NAMES.length).toBe(vectors.opcodes.length);
    for (const op of vectors.opcodes) {
      const name = OPCODE_NAMES[op.value];
      expect(name).toBe(op.name);
      if (name === undefined) continue;
      expect(payloadTypeOf(name) === PayloadType.JSON ? "JSON" : "TEXT").toBe(op.payload_type);
      expect(CLIENT_OPCODES.has(name)).toBe(op.direction !== "server_to_client");
    }
  });
});

describe("valid vectors", () => {
  it.each(vectors.valid.map((v) => [v.name, v] as const))("%s decodes", (_name, v) => {
    const limits = limitsOf((v as { limits?: VectorLimits }).limits);
    const frame = decodeFrame(hex(v.hex), limits);
    expect(frame.opcode).toBe(v.opcode);
    expect(frame.name).toBe(v.opcode_name);
    expect(frame.payloadType).toBe(v.payload_type === "JSON" ? PayloadType.JSON : PayloadType.TEXT);
    expect(frame.compressed).toBe(v.compressed);
    expect(toHex(frame.payload)).toBe(v.payload_hex);
    expect(frame.value).toEqual(v.payload);
  });

  it.each(vectors.valid.filter((v) => v.encode_exact).map((v) => [v.name, v] as const))(
    "%s encodes to the same bytes",
    (_name, v) => {
      const limits = limitsOf((v as { limits?: VectorLimits }).limits);
      const type = v.payload_type === "JSON" ? PayloadType.JSON : PayloadType.TEXT;
      expect(toHex(encodeFrame(v.opcode, v.payload, type, limits))).toBe(v.hex);
    },
  );

  it.each(vectors.valid.filter((v) => v.compressed).map((v) => [v.name, v] as const))(
    "%s round-trips through our own compression",
    async (_name, v) => {
      const limits = limitsOf((v as { limits?: VectorLimits }).limits);
      const type = v.payload_type === "JSON" ? PayloadType.JSON : PayloadType.TEXT;
      const frame = buildFrame(v.opcode, type, await deflateRaw(hex(v.payload_hex)), true, limits);
      const decoded = decodeFrame(frame, limits);
      expect(toHex(decoded.payload)).toBe(v.payload_hex);
      expect(decoded.value).toEqual(v.payload);
    },
  );
});

describe("malformed vectors", () => {
  it.each(vectors.malformed.map((v) => [v.name, v] as const))("%s is rejected", (_name, v) => {
    const limits = limitsOf((v as { limits?: VectorLimits }).limits);
    let caught: unknown = null;
    try {
      decodeFrame(hex(v.hex), limits);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FrameError);
    expect((caught as FrameError).code).toBe(v.error);
  });
});

describe("inflate", () => {
  it.each([10, 4000])("inflates fixed and dynamic blocks (%i words)", async (count) => {
    const words = Array.from({ length: count }, (_, i) => `w${(i * 7919) % 997} ✓`).join(" ");
    const text = new TextEncoder().encode(JSON.stringify({ Text: words }));
    expect(toHex(inflateRaw(await deflateRaw(text), 1 << 20))).toBe(toHex(text));
  });

  it("inflates a stored block and refuses a wrong length complement", () => {
    const data = new TextEncoder().encode("stored ✓");
    expect(toHex(inflateRaw(storedBlock(data), 100))).toBe(toHex(data));
    const broken = storedBlock(data);
    broken[3] = 0;
    expect(() => inflateRaw(broken, 100)).toThrow(/complement/);
  });

  it("stops one byte past the bound", async () => {
    const compressed = await deflateRaw(new Uint8Array(100));
    expect(inflateRaw(compressed, 100).length).toBe(100);
    expect(() => inflateRaw(compressed, 99)).toThrow(/exceeds 99/);
  });
});

describe("encoder", () => {
  it("refuses opcodes outside the protocol and frames above the limit", () => {
    expect(() => encodeFrame(48, "x", PayloadType.TEXT)).toThrow(RangeError);
    expect(() => encodeFrame("PING", "x".repeat(20), PayloadType.TEXT, { maxFrameBytes: 16 })).toThrow(RangeError);
  });
});
