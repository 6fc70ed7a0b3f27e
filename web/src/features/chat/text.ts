/**
 * Message text: emoji shortcuts (applied when sending), link markdown (`[label](url)`) and bare
 * URLs split into segments that React renders as text or as safe links, previews, avatars.
 * Nothing here produces HTML: a segment is data, and the components render it as text nodes.
 */

/** Named shortcuts, replaced anywhere outside URLs. */
const NAMED: Record<string, string> = {
  ":fire:": "🔥",
  ":heart:": "❤️",
  ":thumbsup:": "👍",
  ":+1:": "👍",
  ":thumbsdown:": "👎",
  ":clap:": "👏",
  ":tada:": "🎉",
  ":rocket:": "🚀",
  ":eyes:": "👀",
  ":joy:": "😂",
  ":smile:": "😄",
  ":wave:": "👋",
  ":star:": "⭐",
  ":100:": "💯",
  ":ok:": "👌",
  ":pray:": "🙏",
  ":thinking:": "🤔",
};

/** Smileys, replaced only as whole words, so "a:b" or a URL's ":/" stay as typed. */
const SMILEYS: Record<string, string> = {
  ":)": "🙂",
  ":-)": "🙂",
  ":(": "🙁",
  ":-(": "🙁",
  ":D": "😄",
  ":-D": "😄",
  ";)": "😉",
  ";-)": "😉",
  ":P": "😛",
  ":-P": "😛",
  ":p": "😛",
  ":O": "😮",
  ":o": "😮",
  ":'(": "😢",
  "<3": "❤️",
  "B)": "😎",
};

const NAMED_PATTERN = /:[a-z0-9+_]+:/g;
const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|mailto:|www\.)/i;

function replaceNamed(part: string): string {
  return part.replace(NAMED_PATTERN, (code) => NAMED[code] ?? code);
}

/** Converts shortcuts in text typed by the attendee; URLs and link targets are left alone. */
export function applyEmojiShortcuts(text: string): string {
  return text
    .split(/(\s+)/)
    .map((token) => {
      if (/^\s*$/.test(token)) return token;
      const smiley = SMILEYS[token];
      if (smiley) return smiley;
      if (URL_LIKE.test(token)) return token;
      const link = token.indexOf("](");
      if (link >= 0) return replaceNamed(token.slice(0, link)) + token.slice(link);
      return replaceNamed(token);
    })
    .join("");
}

export type Segment = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

/** A URL safe to put in `href`: http, https or mailto only; the parsed form, never the raw text. */
export function safeHref(raw: string): string | null {
  const trimmed = raw.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:" && url.protocol !== "mailto:") return null;
  // An origin-less "http:foo" parses too; insist on the slashes the attendee actually typed.
  if (url.protocol !== "mailto:" && !/^https?:\/\//i.test(trimmed)) return null;
  return url.href;
}

const LINK_PATTERN = /\[([^\]\n]{1,500})\]\(([^)\s]{1,2000})\)|\bhttps?:\/\/[^\s<>"]+/gi;

/** Splits text into plain and link segments; a markdown link with an unsafe target stays text. */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  const push = (s: string) => {
    if (!s) return;
    const prev = out.at(-1);
    if (prev?.kind === "text") prev.text += s;
    else out.push({ kind: "text", text: s });
  };
  for (const match of text.matchAll(LINK_PATTERN)) {
    const index = match.index;
    push(text.slice(last, index));
    const [whole, label, target] = match;
    if (label !== undefined && target !== undefined) {
      const href = safeHref(target);
      if (href) out.push({ kind: "link", text: label, href });
      else push(whole);
    } else {
      // Trailing punctuation usually ends the sentence, not the URL.
      const trimmed = whole.replace(/[.,;:!?)\]]+$/, "");
      const href = safeHref(trimmed);
      if (href) out.push({ kind: "link", text: trimmed, href });
      else push(trimmed);
      push(whole.slice(trimmed.length));
    }
    last = index + whole.length;
  }
  push(text.slice(last));
  return out;
}

/** Text for previews and notifications: link markdown reduced to its label, one line, shortened. */
export function previewText(text: string, max = 80): string {
  const flat = text.replace(/\[([^\]\n]{1,500})\]\(([^)\s]{1,2000})\)/g, "$1").replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : flat;
}

/** A reply's quote of its original: the first line that is not blank, shortened like a preview. */
export function quoteLine(text: string, max = 80): string {
  const first = text.split("\n").find((line) => line.trim() !== "") ?? "";
  return previewText(first, max);
}

/** Length in code points, as the server counts it (protocol §1). */
export function textLength(text: string): number {
  return [...text].length;
}

/**
 * Avatar colour from the name: `hsl(hash % 460, 80%, 42%)` (spec §9; hues above 360 wrap
 * around the colour wheel, as CSS defines). The hash is the classic 31-multiplier string hash over
 * UTF-16 units, kept unsigned 32-bit, so the same name gets the same colour everywhere.
 */
export function nameHash(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(hash, 31) + name.charCodeAt(i)) >>> 0;
  return hash;
}

export function avatarColor(name: string): string {
  return `hsl(${nameHash(name) % 460}, 80%, 42%)`;
}

/** sRGB channels (0–1) of an HSL colour, per CSS Color 4. */
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * White or near-black initials, whichever contrasts more with the avatar colour: at 42 %
 * lightness, white is too faint on yellows and greens (WCAG 1.4.3 asks for 4.5:1).
 */
export function avatarTextColor(name: string): string {
  const bg = luminance(hslToRgb((nameHash(name) % 460) % 360, 0.8, 0.42));
  const onWhite = 1.05 / (bg + 0.05);
  const onBlack = (bg + 0.05) / 0.05;
  return onWhite >= onBlack ? "#ffffff" : "#000000";
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ? [...words[0]][0] ?? "" : "";
  const lastWord = words.length > 1 ? words[words.length - 1] : undefined;
  const last = lastWord ? [...lastWord][0] ?? "" : "";
  return (first + last).toUpperCase();
}
