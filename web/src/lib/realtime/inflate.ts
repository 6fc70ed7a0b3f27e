/**
 * A bounded raw-DEFLATE (RFC 1951) decoder for inbound frames (protocol/README.md §3.3, §5 step
 * 7 and 7′). The browser's DecompressionStream is asynchronous, cannot stop at an output bound
 * before it has produced the whole chunk, and browsers differ on whether bytes after the final
 * block are an error; the protocol pins all three, so the client inflates itself. Frames are at
 * most 64 KiB, so a straightforward canonical-Huffman decoder is fast enough.
 */

export class InflateError extends Error {
  constructor(
    readonly code: "BAD_COMPRESSION" | "PAYLOAD_TOO_LARGE",
    message: string,
  ) {
    super(message);
    this.name = "InflateError";
  }
}

const MAX_BITS = 15;
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

interface Huffman {
  counts: Uint16Array;
  symbols: Uint16Array;
}

function bad(message: string): never {
  throw new InflateError("BAD_COMPRESSION", message);
}

/** Canonical code from code lengths; returns how many codes are left unused (0 = complete). */
function buildHuffman(lengths: ArrayLike<number>, n: number): { table: Huffman; left: number } {
  const counts = new Uint16Array(MAX_BITS + 1);
  for (let i = 0; i < n; i++) {
    const len = lengths[i] ?? 0;
    counts[len] = (counts[len] ?? 0) + 1;
  }
  const table = { counts, symbols: new Uint16Array(n) };
  if (counts[0] === n) return { table, left: 0 };
  let left = 1;
  for (let len = 1; len <= MAX_BITS; len++) {
    left = (left << 1) - (counts[len] ?? 0);
    if (left < 0) bad("over-subscribed Huffman code");
  }
  const offsets = new Uint16Array(MAX_BITS + 1);
  for (let len = 1; len < MAX_BITS; len++) offsets[len + 1] = (offsets[len] ?? 0) + (counts[len] ?? 0);
  for (let symbol = 0; symbol < n; symbol++) {
    const len = lengths[symbol] ?? 0;
    if (len === 0) continue;
    const slot = offsets[len] ?? 0;
    offsets[len] = slot + 1;
    table.symbols[slot] = symbol;
  }
  return { table, left };
}

let fixedTables: { lit: Huffman; dist: Huffman } | null = null;

function fixed(): { lit: Huffman; dist: Huffman } {
  if (!fixedTables) {
    const lengths = new Uint8Array(288);
    lengths.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
    const dist = new Uint8Array(30).fill(5);
    fixedTables = { lit: buildHuffman(lengths, 288).table, dist: buildHuffman(dist, 30).table };
  }
  return fixedTables;
}

/**
 * Inflates `input` completely or throws. Output above `limit` bytes throws PAYLOAD_TOO_LARGE as
 * soon as the first byte past it is produced; a missing final block, a broken stream or any byte
 * after the final block throws BAD_COMPRESSION.
 */
export function inflateRaw(input: Uint8Array, limit: number): Uint8Array {
  let pos = 0;
  let bitBuf = 0;
  let bitCnt = 0;
  let out = new Uint8Array(Math.min(limit + 1, Math.max(1024, input.length * 4)));
  let outLen = 0;

  const bits = (need: number): number => {
    let value = bitBuf;
    while (bitCnt < need) {
      if (pos >= input.length) bad("DEFLATE stream is truncated");
      value |= (input[pos++] ?? 0) << bitCnt;
      bitCnt += 8;
    }
    bitBuf = value >>> need;
    bitCnt -= need;
    return value & ((1 << need) - 1);
  };

  const put = (byte: number): void => {
    if (outLen >= limit) throw new InflateError("PAYLOAD_TOO_LARGE", `inflated payload exceeds ${limit} bytes`);
    if (outLen === out.length) {
      const grown = new Uint8Array(Math.min(limit + 1, out.length * 2));
      grown.set(out);
      out = grown;
    }
    out[outLen++] = byte;
  };

  const decode = (h: Huffman): number => {
    let code = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len <= MAX_BITS; len++) {
      code |= bits(1);
      const count = (h.counts[len] ?? 0);
      if (code - count < first) return (h.symbols[index + (code - first)] ?? 0);
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    return bad("invalid Huffman code");
  };

  const codes = (lit: Huffman, dist: Huffman): void => {
    for (;;) {
      const symbol = decode(lit);
      if (symbol < 256) {
        put(symbol);
        continue;
      }
      if (symbol === 256) return;
      const li = symbol - 257;
      if (li >= 29) bad("invalid length symbol");
      const length = (LENGTH_BASE[li] ?? 0) + bits((LENGTH_EXTRA[li] ?? 0));
      const di = decode(dist);
      if (di >= 30) bad("invalid distance symbol");
      const distance = (DIST_BASE[di] ?? 0) + bits((DIST_EXTRA[di] ?? 0));
      if (distance > outLen) bad("distance too far back");
      for (let i = 0; i < length; i++) put((out[outLen - distance] ?? 0));
    }
  };

  const stored = (): void => {
    bitBuf = 0;
    bitCnt = 0; // drop the rest of the current byte
    if (pos + 4 > input.length) bad("DEFLATE stream is truncated");
    const len = (input[pos] ?? 0) | ((input[pos + 1] ?? 0) << 8);
    const nlen = (input[pos + 2] ?? 0) | ((input[pos + 3] ?? 0) << 8);
    pos += 4;
    if (len !== (~nlen & 0xffff)) bad("stored block length does not match its complement");
    if (pos + len > input.length) bad("DEFLATE stream is truncated");
    for (let i = 0; i < len; i++) put(input[pos++] ?? 0);
  };

  const dynamic = (): void => {
    const nlen = bits(5) + 257;
    const ndist = bits(5) + 1;
    const ncode = bits(4) + 4;
    if (nlen > 286 || ndist > 30) bad("bad dynamic block counts");
    const lengths = new Uint8Array(320);
    for (let i = 0; i < ncode; i++) lengths[CODE_LENGTH_ORDER[i] ?? 0] = bits(3);
    const lencode = buildHuffman(lengths, 19);
    if (lencode.left !== 0) bad("incomplete code-length code");
    lengths.fill(0);
    let index = 0;
    while (index < nlen + ndist) {
      let symbol = decode(lencode.table);
      if (symbol < 16) {
        lengths[index++] = symbol;
        continue;
      }
      let len = 0;
      if (symbol === 16) {
        if (index === 0) bad("repeat with no previous length");
        len = (lengths[index - 1] ?? 0);
        symbol = 3 + bits(2);
      } else if (symbol === 17) {
        symbol = 3 + bits(3);
      } else {
        symbol = 11 + bits(7);
      }
      if (index + symbol > nlen + ndist) bad("too many code lengths");
      while (symbol--) lengths[index++] = len;
    }
    if (lengths[256] === 0) bad("no end-of-block code");
    const lit = buildHuffman(lengths.subarray(0, nlen), nlen);
    if (lit.left !== 0 && nlen - (lit.table.counts[0] ?? 0) !== 1) bad("incomplete literal/length code");
    const dist = buildHuffman(lengths.subarray(nlen, nlen + ndist), ndist);
    if (dist.left !== 0 && ndist - (dist.table.counts[0] ?? 0) !== 1) bad("incomplete distance code");
    codes(lit.table, dist.table);
  };

  let last: number;
  do {
    last = bits(1);
    const type = bits(2);
    if (type === 0) stored();
    else if (type === 1) codes(fixed().lit, fixed().dist);
    else if (type === 2) dynamic();
    else bad("invalid block type");
  } while (!last);
  // Bits left in the current byte are padding; whole bytes after it are not.
  if (pos < input.length) bad("bytes follow the end of the DEFLATE stream");
  return out.slice(0, outLen);
}
