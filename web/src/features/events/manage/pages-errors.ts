/**
 * Where a refused save of the Pages screen belongs. Input the server rejected names its field in
 * `Data.Problems[].Name` (`Title`, `ImageHeight`, `Slug`; core/errors.py); a refused file (413
 * BODY_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 422 INVALID_FILE, files/service.py) belongs to the
 * file input, with the size limit the server named (`Data.MaxBytes`) when it did. The message is
 * the code's translation (lib/errors.ts); a 413 or 415 without the server's envelope (a proxy)
 * still reads as "too large" or "not accepted".
 */
import { ApiError } from "@/lib/api-client";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";

const FILE_CODES = new Set(["BODY_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "INVALID_FILE"]);

export interface MappedPagesError<F extends string> {
  message: ErrorMessageKey;
  /** Fields to mark, in the order given; empty when the error names none of them. */
  fields: F[];
  /** For a refused file: the largest size the server takes, when it said. */
  maxBytes: number | null;
}

export function isFileRefusal(error: unknown): boolean {
  return error instanceof ApiError && (FILE_CODES.has(error.code) || error.status === 413 || error.status === 415);
}

function messageOf(error: unknown): ErrorMessageKey {
  const key = errorMessageKey(error);
  if (key === "errors.generic" && error instanceof ApiError) {
    if (error.status === 413) return "errors.fileTooLarge";
    if (error.status === 415) return "errors.fileType";
  }
  return key;
}

function problemNames(data: unknown): string[] {
  if (!data || typeof data !== "object") return [];
  const problems = (data as { Problems?: unknown }).Problems;
  if (!Array.isArray(problems)) return [];
  return problems.flatMap((p: unknown) => {
    const name = p && typeof p === "object" ? (p as { Name?: unknown }).Name : undefined;
    return typeof name === "string" ? [name] : [];
  });
}

/**
 * `fields` are the form's fields in form order (server names); `fileField` takes a refused file.
 */
export function mapPagesError<F extends string>(error: unknown, fields: readonly F[], fileField?: F): MappedPagesError<F> {
  const message = messageOf(error);
  if (!(error instanceof ApiError)) return { message, fields: [], maxBytes: null };
  if (fileField !== undefined && isFileRefusal(error)) {
    const max = (error.data as { MaxBytes?: unknown } | null)?.MaxBytes;
    return { message, fields: [fileField], maxBytes: typeof max === "number" && max > 0 ? max : null };
  }
  const named = new Set(problemNames(error.data));
  return { message, fields: fields.filter((f) => named.has(f)), maxBytes: null };
}
