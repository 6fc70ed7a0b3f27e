/**
 * What a video's `URL` may be for each kind, checked before sending with the server's rules
 * (server/src/venuely/media/sources.py), so a wrong address is said beside the field at once:
 *
 * - `mp4`: an http(s) URL, or `/api/v1/files/<hash>` of a stored MP4 (an upload's `URL`);
 * - `hls`: an http(s) URL whose path ends in `.m3u8`, or the path of a stored playlist;
 * - `youtube`: the 11-character id, or a youtube.com / youtu.be / youtube-nocookie.com URL naming
 *   one (`watch?v=`, `/embed/`, `/shorts/`, `/live/`, `/v/`);
 * - `vimeo`: the numeric id, or a vimeo.com or player.vimeo.com/video URL naming one.
 *
 * `javascript:`, `data:`, `file:`, `ftp:` and relative addresses are refused. The URL the server
 * answers (an embed URL for YouTube and Vimeo) passes again unchanged.
 */
import type { VideoKind } from "./api";

export type SourceProblem = "urlRequired" | "urlInvalid" | "hlsInvalid" | "youtubeInvalid" | "vimeoInvalid";

const STORED = /^\/api\/v1\/files\/[0-9a-f]{64}$/;
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const YOUTUBE_PATHS = ["/embed/", "/shorts/", "/live/", "/v/"];
const VIMEO_ID = /^[0-9]{1,12}$/;
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

/** Whether `value` is a same-origin path of a stored file. */
export function isStoredPath(value: string): boolean {
  return STORED.test(value);
}

/** An absolute http(s) URL with a host and no whitespace, or null. */
export function httpUrl(value: string): URL | null {
  if (!HTTP_URL.test(value)) return null;
  try {
    const url = new URL(value);
    return url.hostname ? url : null;
  } catch {
    return null;
  }
}

function youtubeId(value: string): string | null {
  if (YOUTUBE_ID.test(value)) return value;
  const url = httpUrl(value);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  let candidate = "";
  if (host === "youtu.be") candidate = url.pathname.replace(/^\/+|\/+$/g, "");
  else if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === "/watch") candidate = url.searchParams.get("v") ?? "";
    else {
      const prefix = YOUTUBE_PATHS.find((p) => url.pathname.startsWith(p));
      candidate = prefix ? url.pathname.slice(prefix.length).replace(/^\/+|\/+$/g, "") : "";
    }
  }
  return YOUTUBE_ID.test(candidate) ? candidate : null;
}

function vimeoId(value: string): string | null {
  if (VIMEO_ID.test(value)) return value;
  const url = httpUrl(value);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let candidate = "";
  if (host === "player.vimeo.com" && segments.length >= 2 && segments[0] === "video") candidate = segments[1] ?? "";
  else if (VIMEO_HOSTS.has(host)) candidate = segments[0] ?? "";
  return VIMEO_ID.test(candidate) ? candidate : null;
}

/** What is wrong with `value` as the source of a `kind` video, or null when the server takes it. */
export function sourceProblem(kind: VideoKind, value: string): SourceProblem | null {
  const v = value.trim();
  if (v === "") return "urlRequired";
  if (kind === "youtube") return youtubeId(v) ? null : "youtubeInvalid";
  if (kind === "vimeo") return vimeoId(v) ? null : "vimeoInvalid";
  if (isStoredPath(v)) return null;
  const url = httpUrl(v);
  if (!url) return "urlInvalid";
  if (kind === "hls" && !url.pathname.toLowerCase().endsWith(".m3u8")) return "hlsInvalid";
  return null;
}
