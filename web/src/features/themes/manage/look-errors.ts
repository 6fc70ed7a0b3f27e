/**
 * Reading the server's refusals for the Look screen. A refused style map names each refused key
 * in `Data.Problems[].Name` (themes/schemas.py locates every refusal at its key), so the message
 * goes beside that field. A refused upload (413 BODY_TOO_LARGE with `Data.MaxBytes`, 415
 * UNSUPPORTED_MEDIA_TYPE, 422 INVALID_FILE) belongs to its file input; a 413 or 415 without the
 * server's envelope (a proxy answered) reads the same. Messages are lib/errors.ts's translations.
 */
import { ApiError } from "@/lib/api-client";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";

/** The keys the server named as refused, in its order. */
export function refusedKeys(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== "object") return [];
  const problems = (error.data as { Problems?: unknown }).Problems;
  if (!Array.isArray(problems)) return [];
  return problems.flatMap((problem: unknown) => {
    const name = problem && typeof problem === "object" ? (problem as { Name?: unknown }).Name : undefined;
    return typeof name === "string" ? [name] : [];
  });
}

export function failureKey(error: unknown): ErrorMessageKey {
  const key = errorMessageKey(error);
  if (key === "errors.generic" && error instanceof ApiError) {
    if (error.status === 413) return "errors.fileTooLarge";
    if (error.status === 415) return "errors.fileType";
  }
  return key;
}

/** The largest upload the server said it takes, when it said. */
export function maxBytesOf(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const max = (error.data as { MaxBytes?: unknown } | null)?.MaxBytes;
  return typeof max === "number" && max > 0 ? max : null;
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";
