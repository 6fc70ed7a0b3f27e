/**
 * What a session's stream fields may hold, checked before sending:
 *
 * - URLs (`ConferenceJoinURL`, a speaker's links and picture) are absolute http(s) URLs with a host
 *   and no whitespace, the server's `http_url` (events/schemas.py): `javascript:`, `data:`,
 *   relative and scheme-less addresses never reach a player.
 * - YouTube: the attendee app embeds `ConferenceID` as a video id (`youtubeEmbedURL`), so a typed
 *   youtube.com / youtu.be URL is reduced to its 11-character id.
 * - Vimeo: the stream call plays `ConferenceJoinURL` or `player.vimeo.com/video/<ConferenceID>`,
 *   so a vimeo.com URL is reduced to its numeric id; the private hash of an unlisted video
 *   (`vimeo.com/<id>/<hash>`, `?h=<hash>`) is kept as the player URL.
 */

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

export const URL_MAX = 2000;

/** An absolute http(s) URL with a host, as the server accepts it. */
export function isHttpUrl(value: string): boolean {
  if (!HTTP_URL.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const YOUTUBE_PATHS = ["/embed/", "/shorts/", "/live/", "/v/"];

/** The YouTube video id a typed id or URL names, or null. */
export function youtubeId(value: string): string | null {
  const v = value.trim();
  if (YOUTUBE_ID.test(v)) return v;
  if (!isHttpUrl(v)) return null;
  const url = new URL(v);
  const host = url.hostname.toLowerCase();
  let candidate = "";
  if (host === "youtu.be") candidate = url.pathname.replace(/^\/+|\/+$/g, "");
  else if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === "/watch") candidate = url.searchParams.get("v") ?? "";
    else {
      const prefix = YOUTUBE_PATHS.find((p) => url.pathname.startsWith(p));
      candidate = prefix ? url.pathname.slice(prefix.length).replace(/\/+$/, "") : "";
    }
  }
  return YOUTUBE_ID.test(candidate) ? candidate : null;
}

const VIMEO_ID = /^[0-9]{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,40}$/i;
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

export interface VimeoRef {
  id: string;
  /** The player URL of an unlisted video (with its private hash), else "". */
  playerURL: string;
}

/** The Vimeo video a typed id or URL names, or null. */
export function vimeoRef(value: string): VimeoRef | null {
  const v = value.trim();
  if (VIMEO_ID.test(v)) return { id: v, playerURL: "" };
  if (!isHttpUrl(v)) return null;
  const url = new URL(v);
  const host = url.hostname.toLowerCase();
  if (!VIMEO_HOSTS.has(host)) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  const onPlayer = host === "player.vimeo.com";
  if (onPlayer && segments[0] !== "video") return null;
  const id = (onPlayer ? segments[1] : segments[0]) ?? "";
  if (!VIMEO_ID.test(id)) return null;
  const hash = url.searchParams.get("h") ?? (onPlayer ? "" : (segments[1] ?? ""));
  return { id, playerURL: VIMEO_HASH.test(hash) ? `https://player.vimeo.com/video/${id}?h=${hash}` : "" };
}
