// Brotli and gzip copies of the built bundles, next to them (`x.js.br`, `x.js.gz`), for the
// server to send as they are (server/src/venuely/web/spa.py). Compressed once here at the
// strongest settings rather than per request: a phone on a slow link otherwise downloads the
// JavaScript before the login form at about three times its compressed size. A copy that would
// not be smaller is not written.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = new URL("../dist/assets/", import.meta.url);
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|wasm|txt)$/;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(assets)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const source = readFileSync(new URL(name, assets));
  const copies = {
    br: brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz: gzipSync(source, { level: 9 }),
  };
  for (const [suffix, data] of Object.entries(copies)) {
    if (data.length < source.length) writeFileSync(new URL(`${name}.${suffix}`, assets), data);
  }
  files += 1;
  before += source.length;
  after += Math.min(source.length, copies.br.length);
}
const kib = (bytes) => (bytes / 1024).toFixed(0);
console.log(`precompressed ${files} assets: ${kib(before)} KiB, ${kib(after)} KiB as brotli`);
