/**
 * The pure parts of playing media, tested without a player: where a simulated-live stream is now,
 * which player a video needs, the embed URL with its start, and how the lists are written.
 */
import type { Replay, Video, VideoKind } from "./api";

/**
 * A simulated-live clock: `offset` seconds into the video at `at` (a `performance.now()` reading,
 * taken when the stream call's answer arrived). The server computed the offset with its own clock,
 * so the viewer's wall clock never enters the sum; `performance.now()` is monotonic.
 */
export interface LiveClock {
  offset: number;
  at: number;
  loop: boolean;
}

/**
 * Seconds into the video now: `offset + elapsed`, modulo the duration when the stream loops (and
 * the duration is known and positive); otherwise the time simply runs on, and the player shows the
 * end once it is past the video.
 */
export function livePosition(offset: number, elapsedSeconds: number, duration: number | null, loop: boolean): number {
  const position = Math.max(0, offset + Math.max(0, elapsedSeconds));
  if (!loop || duration === null || !(duration > 0)) return position;
  return position % duration;
}

/** The clock `LiveClock.at` is read on: monotonic, unaffected by the wall clock being set. */
export const monotonic = (): number => performance.now();

/** `livePosition` of a clock at `now` (milliseconds on the `performance.now()` scale). */
export function clockPosition(clock: LiveClock, now: number, duration: number | null): number {
  return livePosition(clock.offset, (now - clock.at) / 1000, duration, clock.loop);
}

export type PlayerChoice =
  | { kind: "native"; src: string }
  | { kind: "hls.js"; src: string }
  | { kind: "iframe"; src: string }
  | { kind: "invalid" };

const HLS_TYPE = "application/vnd.apple.mpegurl";

/** Something that says whether it plays a type (a `<video>` element). */
export interface TypeProbe {
  canPlayType: (type: string) => string;
}

/** Our own files (`/api/v1/files/...`) and http(s) URLs; nothing a `<video>` could run or misread. */
export function playableURL(url: string): boolean {
  if (url.startsWith("/") && !url.startsWith("//")) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}

// The embed hosts the server answers for each kind (media/sources.py); a frame loads nothing else.
const EMBED_HOSTS: Record<"youtube" | "vimeo", readonly string[]> = {
  youtube: ["www.youtube-nocookie.com", "www.youtube.com"],
  vimeo: ["player.vimeo.com"],
};

/** How this browser plays `video`: MP4 natively, HLS natively (Safari, iOS) or through hls.js, embeds in a frame. */
export function choosePlayer(video: Pick<Video, "Kind" | "URL">, probe: TypeProbe): PlayerChoice {
  const kind: VideoKind = video.Kind;
  switch (kind) {
    case "mp4":
      return playableURL(video.URL) ? { kind: "native", src: video.URL } : { kind: "invalid" };
    case "hls":
      if (!playableURL(video.URL)) return { kind: "invalid" };
      return probe.canPlayType(HLS_TYPE) !== "" ? { kind: "native", src: video.URL } : { kind: "hls.js", src: video.URL };
    case "youtube":
    case "vimeo":
      return embedAllowed(kind, video.URL) ? { kind: "iframe", src: video.URL } : { kind: "invalid" };
    default:
      return { kind: "invalid" };
  }
}

function embedAllowed(kind: "youtube" | "vimeo", url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && EMBED_HOSTS[kind].includes(parsed.hostname);
  } catch {
    return false;
  }
}

export interface EmbedOptions {
  /** Seconds to start at (a live offset, whole seconds: both players take no fractions). */
  start?: number;
  /** Simulated live: muted autoplay (browsers allow no other), no controls where the host allows, loop. */
  live?: { loop: boolean };
  /** Start playing at once (the attendee chose the video). */
  autoplay?: boolean;
}

/**
 * The frame's URL for a YouTube or Vimeo video: YouTube takes `?start=<s>`, Vimeo `#t=<s>s`
 * (docs/subsystems/media.md). A live YouTube embed hides its controls (no seeking) and takes the
 * JS API so our own unmute button can reach it; `loop` needs `playlist=<id>` on YouTube.
 */
export function embedURL(kind: "youtube" | "vimeo", url: string, options: EmbedOptions = {}): string {
  const parsed = new URL(url);
  const start = options.start !== undefined && options.start > 0 ? Math.floor(options.start) : 0;
  const params = parsed.searchParams;
  if (options.autoplay || options.live) params.set("autoplay", "1");
  if (kind === "youtube") {
    params.set("playsinline", "1");
    if (start > 0) params.set("start", String(start));
    if (options.live) {
      params.set("mute", "1");
      params.set("controls", "0");
      params.set("disablekb", "1");
      params.set("enablejsapi", "1");
      if (options.live.loop) {
        params.set("loop", "1");
        params.set("playlist", parsed.pathname.split("/").pop() ?? "");
      }
    }
  } else {
    if (options.live) {
      params.set("muted", "1");
      if (options.live.loop) params.set("loop", "1");
    }
    parsed.hash = start > 0 ? `t=${start}s` : "";
  }
  return parsed.toString();
}

/** "4:05", "1:02:03": durations read the same in every language. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return "";
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * A replay's local date "2026-03-29" as DD.MM.YYYY (attendee-app.md §9). The server already gives
 * the date in the event's time zone; reading it through `Date` would shift it to the browser's.
 */
export function localDateLabel(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : date;
}

export interface ReplayDay {
  dayNumber: number;
  date: string;
  replays: Replay[];
}

/** Replays grouped by event day, days ascending, each day in the server's order (session begin). */
export function groupByDay(replays: readonly Replay[]): ReplayDay[] {
  const days = new Map<number, ReplayDay>();
  for (const replay of replays) {
    const day = days.get(replay.DayNumber) ?? { dayNumber: replay.DayNumber, date: replay.Date, replays: [] };
    day.replays.push(replay);
    days.set(replay.DayNumber, day);
  }
  return [...days.values()].sort((a, b) => a.dayNumber - b.dayNumber);
}

/** setTimeout's longest delay (about 24.8 days); a later end is waited for in steps. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * How long until the next of `ends` (ISO times) passes, or null when none lies ahead. The replays
 * are read again then: a session's recording is listed from the moment it ends.
 */
export function untilNextEnd(ends: readonly string[], now: number): number | null {
  let next: number | null = null;
  for (const end of ends) {
    const at = Date.parse(end);
    if (Number.isFinite(at) && at > now && (next === null || at < next)) next = at;
  }
  return next === null ? null : Math.min(next - now, MAX_TIMER_MS);
}
