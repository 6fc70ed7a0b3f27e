/**
 * The video form's rules (zod), mirroring `VideoIn` (server/src/venuely/media/schemas.py): title
 * 1–200 characters, description at most 5000, the source checked for its kind (video-sources.ts,
 * at most 2000 characters). A video is added from an address or from an uploaded file: an MP4 of
 * at most 200 MiB, the server's default `VENUELY_MAX_VIDEO_UPLOAD_BYTES` (it does not publish its
 * limit). A poster is a PNG, JPEG, WebP or GIF image of at most 10 MiB (`VENUELY_MAX_UPLOAD_BYTES`).
 *
 * Messages are keys under `validation.` of the `mediaManage` namespace.
 */
import { z } from "zod";
import { VIDEO_KINDS, type Video, type VideoBody } from "./api";
import { sourceProblem } from "./video-sources";

export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const MAX_POSTER_BYTES = 10 * 1024 * 1024;
export const VIDEO_ACCEPT = "video/mp4,.mp4,.m4v";
export const POSTER_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const POSTER_ACCEPT = POSTER_TYPES.join(",");

export const mediaValidationKeys = [
  "titleRequired",
  "titleTooLong",
  "descriptionTooLong",
  "urlRequired",
  "urlInvalid",
  "urlTooLong",
  "hlsInvalid",
  "youtubeInvalid",
  "vimeoInvalid",
  "fileRequired",
  "fileEmpty",
  "videoType",
  "videoTooLarge",
  "posterType",
  "posterTooLarge",
] as const;
export type MediaValidationKey = (typeof mediaValidationKeys)[number];

export function isMediaValidationKey(value: unknown): value is MediaValidationKey {
  return typeof value === "string" && (mediaValidationKeys as readonly string[]).includes(value);
}

const charCount = (value: string) => Array.from(value).length;

export const videoFormSchema = z
  .object({
    Title: z.string(),
    Description: z.string(),
    /** Where the video comes from: an address, or a file uploaded with the form. */
    Source: z.enum(["url", "upload"]),
    Kind: z.enum(VIDEO_KINDS),
    URL: z.string(),
    IsInCinema: z.boolean(),
    RemovePoster: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const add = (path: "Title" | "Description" | "URL", message: MediaValidationKey) => ctx.addIssue({ code: "custom", path: [path], message });
    const title = v.Title.trim();
    if (title === "") add("Title", "titleRequired");
    else if (charCount(title) > 200) add("Title", "titleTooLong");
    if (charCount(v.Description) > 5000) add("Description", "descriptionTooLong");
    if (v.Source === "url") {
      const problem = charCount(v.URL.trim()) > 2000 ? "urlTooLong" : sourceProblem(v.Kind, v.URL);
      if (problem) add("URL", problem);
    }
  });

export type VideoFormValues = z.infer<typeof videoFormSchema>;

export function videoValues(video: Video | null): VideoFormValues {
  return {
    Title: video?.Title ?? "",
    Description: video?.Description ?? "",
    Source: "url",
    Kind: video?.Kind ?? "mp4",
    URL: video?.URL ?? "",
    IsInCinema: video?.IsInCinema ?? true,
    RemovePoster: false,
  };
}

/**
 * The `VideoIn` body: the whole new state (a PUT replaces it), the uploaded file's URL when one was
 * uploaded. The stored duration is kept while the source stays; a new source leaves it to the
 * server (which reads it from a stored file).
 */
export function toVideoBody(v: VideoFormValues, stored: Video | null, uploadedURL: string | null): VideoBody {
  const kind = uploadedURL ? "mp4" : v.Kind;
  const url = uploadedURL ?? v.URL.trim();
  const sameSource = stored !== null && stored.Kind === kind && stored.URL === url;
  return {
    Title: v.Title.trim(),
    Description: v.Description,
    Kind: kind,
    URL: url,
    DurationSeconds: sameSource ? stored.DurationSeconds : null,
    PosterURL: v.RemovePoster ? "" : (stored?.PosterURL ?? ""),
    IsInCinema: v.IsInCinema,
  };
}

/** What is wrong with a chosen video file before it is sent (the server reads the bytes). */
export function videoFileProblem(file: File): MediaValidationKey | null {
  if (file.size === 0) return "fileEmpty";
  const mp4Name = /\.(mp4|m4v)$/i.test(file.name);
  if (file.type !== "" && file.type !== "video/mp4" && !(file.type === "application/octet-stream" && mp4Name)) return "videoType";
  if (file.type === "" && !mp4Name) return "videoType";
  if (file.size > MAX_VIDEO_BYTES) return "videoTooLarge";
  return null;
}

export function posterProblem(file: File): MediaValidationKey | null {
  if (file.size === 0) return "fileEmpty";
  if (file.type !== "" && !(POSTER_TYPES as readonly string[]).includes(file.type)) return "posterType";
  if (file.size > MAX_POSTER_BYTES) return "posterTooLarge";
  return null;
}
