/**
 * The speaker form's rules (zod), mirroring `SpeakerIn` (activities/schemas.py): a first, last or
 * display name (at least one), first and last name at most 100 characters, display name, company
 * and job title at most 200, biography at most 20,000, the picture an http(s) URL, a stored file's
 * path `/api/v1/files/<64 lowercase hex>` (what the picture upload sets, sent back as read) or
 * none, at most 10 links of a label (1–100) and an http(s) URL. A chosen picture file is PNG, JPEG,
 * GIF or WebP (the image types the server re-encodes) of at most 10 MiB, the server's default
 * `VENUELY_MAX_UPLOAD_BYTES` (it does not publish its limit).
 *
 * Messages are keys under `validation.` of the `schedule` namespace.
 */
import { z } from "zod";
import type { SpeakerActivity, SpeakerBody } from "./api";
import { charCount } from "./session-schema";
import { isHttpUrl, URL_MAX } from "./stream-sources";

export const MAX_LINKS = 10;
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
export const PICTURE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const PICTURE_ACCEPT = PICTURE_TYPES.join(",");

export const speakerValidationKeys = [
  "nameRequired",
  "nameTooLong",
  "textTooLong",
  "biographyTooLong",
  "urlRequired",
  "urlInvalid",
  "urlTooLong",
  "labelRequired",
  "labelTooLong",
  "tooManyLinks",
  "fileEmpty",
  "fileType",
  "fileTooLarge",
] as const;
export type SpeakerValidationKey = (typeof speakerValidationKeys)[number];

export function isSpeakerValidationKey(value: unknown): value is SpeakerValidationKey {
  return typeof value === "string" && (speakerValidationKeys as readonly string[]).includes(value);
}

const upTo = (max: number, key: SpeakerValidationKey) => z.string().refine((v) => charCount(v.trim()) <= max, key);

/** Exactly a stored file's path, as the server's `picture_url` (activities/schemas.py) takes it. */
const STORED_FILE_PATH = /^\/api\/v1\/files\/[0-9a-f]{64}$/;

export function isPictureUrl(value: string): boolean {
  return STORED_FILE_PATH.test(value) || isHttpUrl(value);
}

const optionalPicture = z.string().superRefine((value, ctx) => {
  const v = value.trim();
  if (v === "") return;
  if (charCount(v) > URL_MAX) ctx.addIssue({ code: "custom", message: "urlTooLong" });
  else if (!isPictureUrl(v)) ctx.addIssue({ code: "custom", message: "urlInvalid" });
});

const link = z.object({
  Label: z.string().superRefine((value, ctx) => {
    const v = value.trim();
    if (v === "") ctx.addIssue({ code: "custom", message: "labelRequired" });
    else if (charCount(v) > 100) ctx.addIssue({ code: "custom", message: "labelTooLong" });
  }),
  URL: z.string().superRefine((value, ctx) => {
    const v = value.trim();
    if (v === "") ctx.addIssue({ code: "custom", message: "urlRequired" });
    else if (charCount(v) > URL_MAX) ctx.addIssue({ code: "custom", message: "urlTooLong" });
    else if (!isHttpUrl(v)) ctx.addIssue({ code: "custom", message: "urlInvalid" });
  }),
});

export const speakerFormSchema = z
  .object({
    FirstName: upTo(100, "nameTooLong"),
    LastName: upTo(100, "nameTooLong"),
    FullName: upTo(200, "nameTooLong"),
    JobTitle: upTo(200, "textTooLong"),
    Company: upTo(200, "textTooLong"),
    Biography: z.string().refine((v) => charCount(v) <= 20_000, "biographyTooLong"),
    PictureURL: optionalPicture,
    Links: z.array(link).max(MAX_LINKS, "tooManyLinks"),
  })
  .superRefine((v, ctx) => {
    if (v.FirstName.trim() === "" && v.LastName.trim() === "" && v.FullName.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["FirstName"], message: "nameRequired" });
    }
  });

export type SpeakerFormValues = z.infer<typeof speakerFormSchema>;

/**
 * The form's values. A display name the server derived from first and last name is left empty,
 * so it follows a changed name instead of keeping the old one.
 */
export function speakerValues(speaker: SpeakerActivity | null): SpeakerFormValues {
  const first = speaker?.FirstName ?? "";
  const last = speaker?.LastName ?? "";
  const full = speaker?.FullName ?? "";
  return {
    FirstName: first,
    LastName: last,
    FullName: full === `${first} ${last}`.trim() ? "" : full,
    JobTitle: speaker?.JobTitle ?? "",
    Company: speaker?.Company ?? "",
    Biography: speaker?.Biography ?? "",
    PictureURL: speaker?.PictureURL ?? "",
    Links: (speaker?.Links ?? []).map((l) => ({ Label: l.Label, URL: l.URL })),
  };
}

/** `SpeakerIn`: what the form edits, and the stored fields it does not, sent back unchanged. */
export function toSpeakerBody(v: SpeakerFormValues, stored: SpeakerActivity | null): SpeakerBody {
  return {
    InternalName: stored?.InternalName ?? "",
    PanoNodeID: stored?.PanoNodeID ?? "",
    FirstName: v.FirstName.trim(),
    LastName: v.LastName.trim(),
    FullName: v.FullName.trim(),
    Company: v.Company.trim(),
    JobTitle: v.JobTitle.trim(),
    PictureURL: v.PictureURL.trim(),
    Biography: v.Biography,
    Links: v.Links.map((l) => ({ Label: l.Label.trim(), URL: l.URL.trim() })),
    PersonID: stored?.PersonID ?? null,
  };
}

const EXTENSION_TYPES: Record<string, (typeof PICTURE_TYPES)[number]> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" };

/**
 * The picture's type as the upload declares it (the server checks it against the bytes): the
 * browser's, else the one its extension names; null when it is none of the accepted ones.
 */
export function pictureType(file: File): string | null {
  if (file.type !== "") return (PICTURE_TYPES as readonly string[]).includes(file.type) ? file.type : null;
  return EXTENSION_TYPES[file.name.split(".").pop()?.toLowerCase() ?? ""] ?? null;
}

/** What is wrong with a chosen picture before it is sent, or null. */
export function pictureProblem(file: File): SpeakerValidationKey | null {
  if (file.size === 0) return "fileEmpty";
  if (pictureType(file) === null) return "fileType";
  if (file.size > MAX_PICTURE_BYTES) return "fileTooLarge";
  return null;
}
