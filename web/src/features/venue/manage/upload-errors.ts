/**
 * What a refused tour upload tells the organizer. The message is the code's shared translation
 * (lib/errors.ts: INVALID_FILE "cannot be used", BODY_TOO_LARGE "too large", CONFLICT, ...); a
 * package refusal also names the zip entry at fault (`Data.Entry`, panoramas/service.py) and a size
 * refusal the limit (`Data.MaxBytes`). The server's own sentence says *why* (a node image that is
 * not 2:1, a link to an unknown room); codes do not carry that, so it is kept as a detail, in
 * English as the server writes it.
 */
import { ApiError, NetworkError } from "@/lib/api-client";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";

export interface UploadFailure {
  message: ErrorMessageKey;
  entry: string | null;
  maxBytes: number | null;
  /** The server's explanation (English), for refusals of the package itself. */
  detail: string | null;
  /** Another upload to the same tour took the number: uploading again works. */
  raced: boolean;
  /** No answer came: the server may have stored the version all the same. */
  unanswered: boolean;
}

const PACKAGE_CODES = new Set(["INVALID_FILE", "BODY_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"]);

function field(data: unknown, name: string): unknown {
  return data && typeof data === "object" ? (data as Record<string, unknown>)[name] : undefined;
}

export function uploadFailure(error: unknown): UploadFailure {
  const failure: UploadFailure = {
    message: errorMessageKey(error),
    entry: null,
    maxBytes: null,
    detail: null,
    raced: false,
    unanswered: error instanceof NetworkError,
  };
  if (!(error instanceof ApiError)) return failure;
  // A proxy's 413 has no envelope: it still means "too large".
  if (error.status === 413) failure.message = "errors.fileTooLarge";
  const entry = field(error.data, "Entry");
  const max = field(error.data, "MaxBytes");
  if (typeof entry === "string" && entry !== "") failure.entry = entry;
  if (typeof max === "number" && max > 0) failure.maxBytes = max;
  if (PACKAGE_CODES.has(error.code) && error.message) failure.detail = error.message;
  failure.raced = error.code === "CONFLICT";
  return failure;
}

export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === "AbortError";
