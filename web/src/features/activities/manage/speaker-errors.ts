/**
 * Where a refused speaker save belongs: `Data.Problems[].Name` names the field (`JobTitle`,
 * `Links.2.URL`); `body` is the rule that a speaker needs a name, said at the first name. A refused
 * picture upload (413 `BODY_TOO_LARGE` with `Data.MaxBytes`, 415 `UNSUPPORTED_MEDIA_TYPE`, 422
 * `INVALID_FILE`; the same statuses from a proxy without the server's envelope) belongs to the
 * file input.
 */
import { ApiError } from "@/lib/api-client";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";
import type { SpeakerValidationKey } from "./speaker-schema";

export type SpeakerField = "FirstName" | "LastName" | "FullName" | "JobTitle" | "Company" | "Biography" | "PictureURL" | `Links.${number}.Label` | `Links.${number}.URL`;

const PLAIN = new Set(["FirstName", "LastName", "FullName", "JobTitle", "Company", "Biography", "PictureURL"]);

function fieldOf(name: string, text: string): SpeakerField | null {
  if (PLAIN.has(name)) return name as SpeakerField;
  const link = /^Links\.(\d+)\.(Label|URL)$/.exec(name);
  if (link) return `Links.${Number(link[1])}.${link[2] as "Label" | "URL"}`;
  if (name === "body" && /name/i.test(text)) return "FirstName";
  return null;
}

export interface MappedSpeakerError {
  message: ErrorMessageKey | SpeakerValidationKey;
  fields: SpeakerField[];
}

export function mapSpeakerError(error: unknown): MappedSpeakerError {
  const shared = errorMessageKey(error);
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== "object") return { message: shared, fields: [] };
  const problems = (error.data as { Problems?: unknown }).Problems;
  const fields: SpeakerField[] = [];
  let nameRule = false;
  for (const p of Array.isArray(problems) ? problems : []) {
    const { Name, Message } = (p ?? {}) as { Name?: unknown; Message?: unknown };
    if (typeof Name !== "string") continue;
    const field = fieldOf(Name, typeof Message === "string" ? Message : "");
    if (field && !fields.includes(field)) fields.push(field);
    if (Name === "body" && field === "FirstName") nameRule = true;
  }
  return { message: nameRule && fields.length === 1 ? "nameRequired" : shared, fields };
}

/** The shared message for a refused picture upload, with a proxy's bare 413/415 read alike. */
export function pictureRefusalKey(error: unknown): ErrorMessageKey {
  const key = errorMessageKey(error);
  if (key === "errors.generic" && error instanceof ApiError) {
    if (error.status === 413) return "errors.fileTooLarge";
    if (error.status === 415) return "errors.fileType";
  }
  return key;
}

/** The largest size the server named in a 413, if it did. */
export function refusedMaxBytes(error: unknown): number | null {
  const max = error instanceof ApiError ? (error.data as { MaxBytes?: unknown } | null)?.MaxBytes : undefined;
  return typeof max === "number" && max > 0 ? max : null;
}
