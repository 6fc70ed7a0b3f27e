/**
 * Where a refused write of the Media section belongs. Rejected input names its field in
 * `Data.Problems[].Name` (`Title`, `URL`) or, for the service's own checks, in `Data.Field`
 * (`URL` naming a stored file of the wrong type, `PosterURL`). A refused upload — 413
 * `BODY_TOO_LARGE` (with `Data.MaxBytes`), 415 `UNSUPPORTED_MEDIA_TYPE`, 422 `INVALID_FILE` (the
 * server's sentence says why, in English) — belongs to the file input; a proxy's bare 413 or 415
 * reads the same.
 */
import { ApiError } from "@/lib/api-client";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";

export type VideoField = "Title" | "Description" | "Kind" | "URL" | "IsInCinema";
const FIELDS: readonly VideoField[] = ["Title", "Description", "Kind", "URL", "IsInCinema"];

function namesOf(data: unknown): string[] {
  if (!data || typeof data !== "object") return [];
  const { Problems, Field } = data as { Problems?: unknown; Field?: unknown };
  const names = Array.isArray(Problems)
    ? Problems.flatMap((p: unknown) => {
        const name = p && typeof p === "object" ? (p as { Name?: unknown }).Name : undefined;
        return typeof name === "string" ? [name.split(".")[0] ?? name] : [];
      })
    : [];
  return typeof Field === "string" ? [...names, Field] : names;
}

export interface MappedVideoError {
  message: ErrorMessageKey;
  fields: VideoField[];
}

export function mapVideoError(error: unknown): MappedVideoError {
  const message = errorMessageKey(error);
  if (!(error instanceof ApiError)) return { message, fields: [] };
  const named = new Set(namesOf(error.data));
  return { message, fields: FIELDS.filter((f) => named.has(f)) };
}

export interface UploadRefusal {
  message: ErrorMessageKey;
  /** The largest size the server takes, when it said. */
  maxBytes: number | null;
  /** The server's own reason for an unreadable file (English), when it gave one. */
  detail: string | null;
}

export function uploadRefusal(error: unknown): UploadRefusal {
  let message = errorMessageKey(error);
  if (!(error instanceof ApiError)) return { message, maxBytes: null, detail: null };
  if (message === "errors.generic" && error.status === 413) message = "errors.fileTooLarge";
  if (message === "errors.generic" && error.status === 415) message = "errors.fileType";
  const max = (error.data as { MaxBytes?: unknown } | null)?.MaxBytes;
  const detail = error.code === "INVALID_FILE" && error.message ? error.message : null;
  return { message, maxBytes: typeof max === "number" && max > 0 ? max : null, detail };
}

/** The sessions a refused delete names (409 `CONFLICT`, `Data.SessionIDs`), or null for another refusal. */
export function streamingSessions(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const ids = (error.data as { SessionIDs?: unknown } | null)?.SessionIDs;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : null;
}
