/**
 * The event's email whitelist on the organizer side: reading what a person pastes or imports, and
 * validating each entry with the server's rules, so the preview says before saving what the
 * server would refuse.
 *
 * The rules mirror `server/src/venuely/events/schemas.py` (`whitelist_entry`, `WhitelistEntryStr`,
 * `WhitelistIn`) and `accounts/whitelist.py` (`normalize_entry`): an entry is 1–320 characters;
 * it is stored trimmed, lower-cased and without one leading `@`; with an `@` it is an address
 * (something before the last `@`, no other `@`, no space, a valid domain after it), without one
 * a domain (`example.com`; `@example.com` is the same domain). A domain admits addresses at
 * exactly that domain: `example.com` does not admit `sub.example.com`. At most 5000 entries.
 */

export const MAX_ENTRIES = 5000;
export const MAX_ENTRY_LENGTH = 320;

export type EntryKind = "address" | "domain";

/** Why an entry is refused; each has a message under `access.reason.*`. */
export type InvalidReason =
  | "empty"
  | "tooLong"
  | "noLocalPart"
  | "extraAt"
  | "space"
  | "badAddressDomain"
  | "notDomain";

export type EntryCheck = { ok: true; entry: string; kind: EntryKind } | { ok: false; reason: InvalidReason };

// Python's `str.strip()` whitespace (what `normalize_entry` removes). Not JavaScript's `trim()`:
// that also strips U+FEFF and keeps U+001C–U+001F and U+0085, which Python strips.
const PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PY_STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "g");

// `_DOMAIN_RE` of the server, unchanged (the domain is lower-cased before it is matched).
const DOMAIN_RE =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** `normalize_entry`: trimmed, lower-cased, one leading `@` dropped (`@example.com` is the domain). */
export function normalizeEntry(raw: string): string {
  const entry = raw.replace(PY_STRIP, "").toLowerCase();
  return entry.startsWith("@") ? entry.slice(1) : entry;
}

/** A stored entry is an address when it has an `@`, else a domain (as the server reads it). */
export function entryKind(entry: string): EntryKind {
  return entry.includes("@") ? "address" : "domain";
}

/** Length as Python counts it (code points), which `Field(max_length=320)` checks. */
function codePoints(value: string): number {
  return Array.from(value).length;
}

/** Validates one entry exactly as the server's `WhitelistEntryStr` does; returns its stored form. */
export function checkEntry(raw: string): EntryCheck {
  const length = codePoints(raw);
  if (length === 0) return { ok: false, reason: "empty" };
  if (length > MAX_ENTRY_LENGTH) return { ok: false, reason: "tooLong" };
  const entry = normalizeEntry(raw);
  if (entry === "") return { ok: false, reason: "empty" }; // the server: not a domain either
  // What is sent is the stored form, and the server checks its length again (lower-casing can
  // lengthen a string: "İ" becomes "i̇").
  if (codePoints(entry) > MAX_ENTRY_LENGTH) return { ok: false, reason: "tooLong" };
  const at = entry.lastIndexOf("@");
  if (at >= 0) {
    const local = entry.slice(0, at);
    const domain = entry.slice(at + 1);
    if (!local) return { ok: false, reason: "noLocalPart" };
    if (local.includes("@")) return { ok: false, reason: "extraAt" };
    if (local.includes(" ")) return { ok: false, reason: "space" };
    if (!DOMAIN_RE.test(domain)) return { ok: false, reason: "badAddressDomain" };
    return { ok: true, entry, kind: "address" };
  }
  if (!DOMAIN_RE.test(entry)) return { ok: false, reason: "notDomain" };
  return { ok: true, entry, kind: "domain" };
}

/** Wrappers a copied address often carries: `<ada@example.com>`, `"ada@example.com"`, `mailto:`. */
function unwrap(token: string): string {
  let value = token;
  for (;;) {
    const next = value.replace(/^(["'<([])(.*)(["'>)\]])$/s, (whole, open: string, inner: string, close: string) =>
      PAIRS[open] === close ? inner : whole,
    );
    if (next === value) break;
    value = next;
  }
  return value.replace(/^mailto:/i, "");
}
const PAIRS: Record<string, string> = { '"': '"', "'": "'", "<": ">", "(": ")", "[": "]" };

const SEPARATORS = /[\s,;]+/u;

/** Entries pasted as text: separated by new lines, commas, semicolons or white space. */
export function splitPasted(text: string): string[] {
  return text
    .replace(/^\uFEFF/, "")
    .split(SEPARATORS)
    .map(unwrap)
    .filter((token) => token !== "");
}

// What a CSV cell must look like to be taken: anything with an `@`, or a dotted name ending in a
// letter label (`example.com`, not `3.5`, `Dr.` or `Email`). Header cells and names are skipped
// silently; what is taken is then validated, so a near miss (`ada@example`) shows as invalid.
const LOOKS_LIKE_DOMAIN = /^[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.\p{L}[\p{L}\p{N}-]*$/u;

export function looksLikeEntry(token: string): boolean {
  return token.includes("@") || LOOKS_LIKE_DOMAIN.test(token);
}

/**
 * The cells of a CSV text (RFC 4180: quoted cells may hold separators, new lines and `""`). The
 * delimiter is guessed from the first line: comma, semicolon (what spreadsheets write in many
 * European locales) or tab.
 */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, "");
  const delimiter = guessDelimiter(source);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && source[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function guessDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const outside = firstLine.replace(/"[^"]*"/g, "");
  let best = ",";
  let bestCount = 0;
  for (const candidate of [",", ";", "\t"]) {
    const count = outside.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * A CSV file's text: UTF-8 unless a byte-order mark says UTF-16 (what spreadsheets write as
 * "Unicode text"). Bytes that are not UTF-8 (an old "ANSI" export) only garble names, not the
 * ASCII of addresses and domains.
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  const bom = `${head[0]},${head[1]}`;
  const encoding = bom === "255,254" ? "utf-16le" : bom === "254,255" ? "utf-16be" : "utf-8";
  return new TextDecoder(encoding).decode(bytes);
}

/** Every token of a CSV file that looks like an address or a domain, in any column and row. */
export function entriesFromCsv(text: string): string[] {
  const found: string[] = [];
  for (const row of parseCsv(text)) {
    for (const cell of row) {
      for (const token of splitPasted(cell)) if (looksLikeEntry(token)) found.push(token);
    }
  }
  return found;
}

export interface InvalidEntry {
  /** As the person wrote it (trimmed). */
  value: string;
  reason: InvalidReason;
}

export interface Preview {
  /** Valid entries not yet on the list, stored form, in the order given. */
  added: string[];
  /** Valid entries the list already has. */
  present: string[];
  invalid: InvalidEntry[];
  /** Repeats within the input (case-insensitive, `@example.com` = `example.com`), collapsed. */
  duplicates: number;
  /** How many entries the list would have after saving. */
  total: number;
  /** How many entries over the limit saving would go (0 when it fits). */
  overLimit: number;
}

/** What adding `candidates` to `existing` would do; nothing counted twice. */
export function buildPreview(candidates: readonly string[], existing: readonly string[]): Preview {
  const current = new Set(existing.map(normalizeEntry));
  const seen = new Set<string>();
  const seenInvalid = new Set<string>();
  const preview: Preview = { added: [], present: [], invalid: [], duplicates: 0, total: 0, overLimit: 0 };
  for (const candidate of candidates) {
    const check = checkEntry(candidate);
    if (!check.ok) {
      const key = normalizeEntry(candidate);
      if (seenInvalid.has(key)) preview.duplicates++;
      else {
        seenInvalid.add(key);
        preview.invalid.push({ value: candidate.replace(PY_STRIP, ""), reason: check.reason });
      }
      continue;
    }
    if (seen.has(check.entry)) {
      preview.duplicates++;
      continue;
    }
    seen.add(check.entry);
    (current.has(check.entry) ? preview.present : preview.added).push(check.entry);
  }
  preview.total = current.size + preview.added.length;
  preview.overLimit = Math.max(0, preview.total - MAX_ENTRIES);
  return preview;
}

/** The list after adding: the stored forms, each once, sorted (the server sorts its answer too). */
export function mergeEntries(existing: readonly string[], added: readonly string[]): string[] {
  return sortEntries([...new Set([...existing.map(normalizeEntry), ...added])]);
}

/** The list without `removed` (compared in stored form). */
export function withoutEntries(existing: readonly string[], removed: readonly string[]): string[] {
  const gone = new Set(removed.map(normalizeEntry));
  return existing.filter((entry) => !gone.has(normalizeEntry(entry)));
}

/** A stable order for what is sent; the list shown is always the server's answer. */
export function sortEntries(entries: string[]): string[] {
  return entries.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Case-insensitive substring search over stored entries. */
export function filterEntries(entries: readonly string[], query: string): string[] {
  const needle = query.trim().toLowerCase();
  return needle ? entries.filter((entry) => entry.includes(needle)) : [...entries];
}

export function countKinds(entries: readonly string[]): Record<EntryKind, number> {
  let address = 0;
  for (const entry of entries) if (entry.includes("@")) address++;
  return { address, domain: entries.length - address };
}
