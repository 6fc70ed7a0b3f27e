/**
 * What a refused help desk call says. The sentences are lib/errors.ts's (one place for every
 * server code, the HELPDESK_* ones included, which the chat's error line shows too); only the
 * send limit gets a sentence of its own here, since the help desk can say how long to wait
 * (`Data.RetryAfterMs`). Rejected input names its field in
 * `Data.Problems[].Name` (`Topic`, `Text`), so the form can put the reason beside it.
 */
import { ApiError } from "@/lib/api-client";
import { type ErrorMessageKey, errorMessageKey } from "@/lib/errors";

export type Refusal = { kind: "message"; key: ErrorMessageKey } | { kind: "rateLimited"; seconds: number };

export function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError && error.status === 429) {
    const wait = (error.data as { RetryAfterMs?: unknown } | null)?.RetryAfterMs;
    return { kind: "rateLimited", seconds: typeof wait === "number" && wait > 0 ? Math.ceil(wait / 1000) : 1 };
  }
  return { kind: "message", key: errorMessageKey(error) };
}

/** The input fields a refusal names (`Data.Problems[].Name`, or TEXT_* for the message). */
export function refusedFields(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  if (error.code === "TEXT_EMPTY" || error.code === "TEXT_TOO_LONG") return ["Text"];
  const problems = (error.data as { Problems?: unknown } | null)?.Problems;
  if (!Array.isArray(problems)) return [];
  return problems.flatMap((p: unknown) => {
    const name = p && typeof p === "object" ? (p as { Name?: unknown }).Name : undefined;
    return typeof name === "string" ? [name] : [];
  });
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}
