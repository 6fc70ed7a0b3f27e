/**
 * The attendee's media calls (docs/subsystems/media.md, "Routes"), with the wire shapes of
 * server/src/venuely/media/schemas.py: the cinema, the replays, one video, and the stream of a
 * `Video` session played as simulated live.
 */
import { ApiError, request } from "@/lib/api-client";

export type VideoKind = "mp4" | "hls" | "youtube" | "vimeo";

/** `VideoOut`. `URL` is what a player loads (our `/api/v1/files/<hash>`, an http(s) URL, or the embed URL). */
export interface Video {
  ID: string;
  EventID: string;
  Title: string;
  Description: string;
  Kind: VideoKind;
  URL: string;
  /** Set when the server stores the file (an uploaded MP4, the demo's HLS playlist). */
  FileHash: string | null;
  /** The YouTube / Vimeo id; empty for the other kinds. */
  ExternalID: string;
  /** Null when unknown (an external URL). */
  DurationSeconds: number | null;
  PosterURL: string;
  Position: number;
  IsInCinema: boolean;
  CreatedAt: string;
  UpdatedAt: string;
}

/**
 * The session of a replay as the activities routes answer it to this caller (`ActivityOut`, which
 * keeps the session's own fields: `DateBegin`, `DateEnd`, ...).
 */
export interface ReplaySession {
  ID: string;
  EventID: string;
  Type: string;
  EntityType: string;
  InternalName: string;
  Title: string;
  PanoNodeID: string;
  CreatedAt: string;
  UpdatedAt: string;
  DateBegin?: string;
  DateEnd?: string;
  readonly [field: string]: unknown;
}

/** `ReplayOut`: a session's recording, listed to attendees once the session has ended. */
export interface Replay {
  SessionID: string;
  /** The event day the session began on, in the event's time zone (1 = the first day). */
  DayNumber: number;
  /** That local date, "YYYY-MM-DD". */
  Date: string;
  /** Attendees only ever get ended sessions; organizers also see recordings still waiting. */
  IsEnded: boolean;
  Session: ReplaySession;
  Video: Video;
}

/** `LiveVideoOut`: a `Video` session played as if live; everyone is at the same point. */
export interface LiveVideo {
  SessionID: string;
  Video: Video;
  StartedAt: string;
  EndsAt: string;
  ServerTime: string;
  /** Seconds into the video at `ServerTime` (the server's clock). */
  Offset: number;
  /** The video restarts at its end (false when its duration is unknown). */
  Loop: boolean;
}

/** A speaker of a session as the agenda lists it (`lists/agenda`). */
export interface AgendaSpeaker {
  ID: string;
  FullName?: string;
  FirstName?: string;
  LastName?: string;
  Title?: string;
}

/** A session of the agenda: only what the replays read from it. */
export interface AgendaEntry {
  ID: string;
  Speakers?: AgendaSpeaker[];
}

const eventPath = (eventID: string) => `/events/${encodeURIComponent(eventID)}`;

/** GET events/{EventID}/cinema: the cinema's videos, in order. */
export function getCinema(eventID: string, signal?: AbortSignal): Promise<Video[]> {
  return request<Video[]>(`${eventPath(eventID)}/cinema`, { signal });
}

/** GET events/{EventID}/replays[?DayNumber=]: by session begin; every day without `dayNumber`. */
export function listReplays(eventID: string, dayNumber?: number, signal?: AbortSignal): Promise<Replay[]> {
  return request<Replay[]>(`${eventPath(eventID)}/replays`, { query: { DayNumber: dayNumber }, signal });
}

/** GET events/{EventID}/videos/{VideoID}. */
export function getVideo(eventID: string, videoID: string, signal?: AbortSignal): Promise<Video> {
  return request<Video>(`${eventPath(eventID)}/videos/${encodeURIComponent(videoID)}`, { signal });
}

/** GET events/{EventID}/stream/video/{sessionID}: 410 MEDIA_EXPIRED once the session is over. */
export function getLiveVideo(eventID: string, sessionID: string, signal?: AbortSignal): Promise<LiveVideo> {
  return request<LiveVideo>(`${eventPath(eventID)}/stream/video/${encodeURIComponent(sessionID)}`, { signal });
}

/** GET events/{EventID}/lists/agenda?DayNumber=: the day's sessions with their speakers. */
export function agendaOfDay(eventID: string, dayNumber: number, signal?: AbortSignal): Promise<AgendaEntry[]> {
  return request<AgendaEntry[]>(`${eventPath(eventID)}/lists/agenda`, { query: { DayNumber: dayNumber }, signal });
}

/** The stream call's refusal of a session that no longer plays (410 `MEDIA_EXPIRED`). */
export const isMediaExpired = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === "MEDIA_EXPIRED" || error.status === 410);
