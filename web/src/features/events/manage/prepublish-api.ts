/**
 * The pre-publish check (events.md, "Pre-publish check"): `GET /events/{EventID}/prepublish-check`
 * answers `{EventID, CheckedAt, Findings, Errors, Warnings}`, findings worst first. The server
 * allows 20 runs per person per minute (429 `RATE_LIMITED` after), because a run fetches the
 * event's embedded pages. A refused listing (409 `PREPUBLISH_FAILED`) carries the error findings in
 * `Data.Findings`: `prepublishFindingsOf` reads them for the settings form.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, request } from "@/lib/api-client";
import type { PrepublishScreen, PrepublishSeverity } from "@/lib/generated/prepublish-codes";

export type PrepublishParam = string | number | string[];

export interface PrepublishFinding {
  /** A code of `PREPUBLISH_CODES`, or one a newer server added (shown with its English `Message`). */
  Code: string;
  Severity: PrepublishSeverity;
  /** English, for logs and API users; the screen builds its own text from Code and Params. */
  Message: string;
  Params: Record<string, PrepublishParam>;
  Fix: { Screen: PrepublishScreen; ItemID?: string | null };
}

export interface PrepublishReport {
  EventID: string;
  CheckedAt: string;
  Findings: PrepublishFinding[];
  Errors: number;
  Warnings: number;
}

export async function getPrepublishCheck(eventId: string, signal?: AbortSignal): Promise<PrepublishReport> {
  return request<PrepublishReport>(`/events/${encodeURIComponent(eventId)}/prepublish-check`, signal ? { signal } : {});
}

/**
 * Run on opening the screen and on demand only: never on focus, reconnect or by a timer (each run
 * counts against the rate limit and fetches pages elsewhere), and a failed run is not retried.
 */
export const prepublishQuery = (eventId: string) =>
  queryOptions({
    queryKey: ["manage", "events", eventId, "prepublish-check"] as const,
    queryFn: ({ signal }) => getPrepublishCheck(eventId, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function usePrepublishCheck(eventId: string) {
  return useQuery(prepublishQuery(eventId));
}

function isFinding(value: unknown): value is PrepublishFinding {
  if (!value || typeof value !== "object") return false;
  const f = value as Partial<PrepublishFinding>;
  return (
    typeof f.Code === "string" &&
    typeof f.Severity === "string" &&
    typeof f.Message === "string" &&
    !!f.Fix &&
    typeof f.Fix === "object" &&
    typeof f.Fix.Screen === "string"
  );
}

/** The findings of a 409 `PREPUBLISH_FAILED` (listing refused); empty for any other failure. */
export function prepublishFindingsOf(error: unknown): PrepublishFinding[] {
  if (!(error instanceof ApiError) || error.code !== "PREPUBLISH_FAILED") return [];
  const findings = (error.data as { Findings?: unknown } | null)?.Findings;
  if (!Array.isArray(findings)) return [];
  return findings.filter(isFinding).map((f) => ({ ...f, Params: f.Params && typeof f.Params === "object" ? f.Params : {} }));
}
