/**
 * The Media section's calls (docs/subsystems/media.md, "Routes"), all for organizers:
 *
 * - `GET /events/{E}/videos`: every video, in cinema order; `POST` creates (`VideoIn`, appended
 *   to the order); `PUT /videos/{ID}` is the whole new state (`Position` left out keeps the place);
 *   `DELETE` (409 `CONFLICT` with `Data.SessionIDs` while a `Video` session streams it).
 * - `POST /videos/upload`: a multipart MP4 (`file`) → the stored file, whose `URL` then makes a
 *   video. `POST /videos/{ID}/poster`: a multipart image → the video with its `PosterURL`. Both go
 *   through `sendForm` (XMLHttpRequest) for upload progress.
 * - `PUT /videos/order` `{VideoIDs}`: every video of the event, once each, in the new order.
 * - The event's sessions (`GET /activities?EntityType=Session`) name the sessions a refused
 *   delete reports.
 */
import { queryOptions } from "@tanstack/react-query";
import { request, sendForm, type UploadProgress } from "@/lib/api-client";
import type { Video, VideoKind } from "../api";

// The wire shape is the attendee side's (one `VideoOut` type for the whole feature).
export type { Video, VideoKind };

export const VIDEO_KINDS = ["mp4", "hls", "youtube", "vimeo"] as const satisfies readonly VideoKind[];

/** `VideoIn` (unknown fields are refused). */
export interface VideoBody {
  Title: string;
  Description: string;
  Kind: VideoKind;
  URL: string;
  DurationSeconds: number | null;
  PosterURL: string;
  IsInCinema: boolean;
}

/** `StoredVideoOut`: an uploaded MP4, not yet a video. */
export interface StoredVideo {
  URL: string;
  FileHash: string;
  ContentType: string;
  Size: number;
  Width: number;
  Height: number;
  DurationSeconds: number;
}

/** The parts of a session the refused delete names. */
export interface SessionName {
  ID: string;
  InternalName: string;
  Title: string;
}

export interface SendOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

const id = encodeURIComponent;
const videos = (eventId: string) => `/events/${id(eventId)}/videos`;

export const mediaKeys = {
  /** Shared with the Schedule section, which offers the same list. */
  videos: (eventId: string) => ["manage", "events", eventId, "videos"] as const,
  sessions: (eventId: string) => ["manage", "events", eventId, "activities", "Session"] as const,
};

export const videosQuery = (eventId: string) =>
  queryOptions({
    queryKey: mediaKeys.videos(eventId),
    queryFn: ({ signal }) => request<Video[]>(videos(eventId), { signal }),
  });

export const sessionNamesQuery = (eventId: string) =>
  queryOptions({
    queryKey: mediaKeys.sessions(eventId),
    queryFn: ({ signal }) => request<SessionName[]>(`/events/${id(eventId)}/activities`, { query: { EntityType: "Session", MaxCount: 1000 }, signal }),
  });

export function createVideo(eventId: string, body: VideoBody): Promise<Video> {
  return request<Video>(videos(eventId), { method: "POST", body });
}

export function updateVideo(eventId: string, videoId: string, body: VideoBody): Promise<Video> {
  return request<Video>(`${videos(eventId)}/${id(videoId)}`, { method: "PUT", body });
}

export function deleteVideo(eventId: string, videoId: string): Promise<undefined> {
  return request<undefined>(`${videos(eventId)}/${id(videoId)}`, { method: "DELETE" });
}

export function orderVideos(eventId: string, videoIds: readonly string[]): Promise<Video[]> {
  return request<Video[]>(`${videos(eventId)}/order`, { method: "PUT", body: { VideoIDs: videoIds } });
}

export function uploadVideoFile(eventId: string, file: File, options: SendOptions = {}): Promise<StoredVideo> {
  const form = new FormData();
  form.set("file", file, file.name);
  return sendForm<StoredVideo>(`${videos(eventId)}/upload`, form, options);
}

export function uploadPoster(eventId: string, videoId: string, file: File, options: SendOptions = {}): Promise<Video> {
  const form = new FormData();
  form.set("file", file, file.name);
  return sendForm<Video>(`${videos(eventId)}/${id(videoId)}/poster`, form, options);
}
