/**
 * The organizer's calls for the event's email whitelist (admin-api.md, events):
 * `GET /events/{EventID}/email-whitelist` answers an admin `{IsAllowed: true, Entries: [...]}`;
 * `PUT` with `{Entries: [...]}` replaces the whole list and answers the stored list. Every change
 * is therefore a read-modify-write of the cached list; the screen serializes them.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, request } from "@/lib/api-client";

interface WhitelistAnswer {
  IsAllowed?: boolean;
  Entries?: string[] | null;
}

const path = (eventId: string) => `/events/${encodeURIComponent(eventId)}/email-whitelist`;

/** An answer without `Entries` is what an attendee sees: never read it as an empty (open) list. */
function entriesOf(answer: WhitelistAnswer | undefined): string[] {
  if (!answer || !Array.isArray(answer.Entries)) {
    throw new ApiError(403, "FORBIDDEN", "The whitelist is visible to event admins only");
  }
  return answer.Entries;
}

export async function getWhitelist(eventId: string, signal?: AbortSignal): Promise<string[]> {
  return entriesOf(await request<WhitelistAnswer>(path(eventId), signal ? { signal } : {}));
}

export async function putWhitelist(eventId: string, entries: string[]): Promise<string[]> {
  return entriesOf(await request<WhitelistAnswer>(path(eventId), { method: "PUT", body: { Entries: entries } }));
}

export const whitelistQuery = (eventId: string) =>
  queryOptions({
    queryKey: ["manage", "events", eventId, "email-whitelist"] as const,
    queryFn: ({ signal }) => getWhitelist(eventId, signal),
  });

export function useWhitelist(eventId: string) {
  return useQuery(whitelistQuery(eventId));
}

/** Replaces the list; the cache takes the server's answer (normalized, sorted). */
export function useReplaceWhitelist(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entries: string[]) => putWhitelist(eventId, entries),
    onSuccess: (stored) => client.setQueryData(whitelistQuery(eventId).queryKey, stored),
  });
}

/**
 * Entries the server refused in a 422 (`Data.Problems[].Name` is `Entries.<index>` into what was
 * sent): local validation mirrors the server, so this only shows when the two disagree.
 */
export function refusedEntries(error: unknown, sent: readonly string[]): string[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const problems = (error.data as { Problems?: unknown } | null)?.Problems;
  if (!Array.isArray(problems)) return [];
  const refused = new Set<string>();
  for (const problem of problems) {
    const name = (problem as { Name?: unknown } | null)?.Name;
    const match = typeof name === "string" ? /^Entries\.(\d+)$/.exec(name) : null;
    const entry = match ? sent[Number(match[1])] : undefined;
    if (entry !== undefined) refused.add(entry);
  }
  return [...refused];
}

/** A 413: the list (sent whole on every change) is larger than the server takes in one body. */
export function isBodyTooLarge(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 413 || error.code === "BODY_TOO_LARGE");
}

/** What a section reports after a write; the screen runs one write at a time. */
export interface WriteOutcome {
  success: (stored: string[], before: string[]) => void;
  failure: (error: unknown, sent: string[]) => void;
}

/**
 * Replaces the list with `change(current)`, where `current` is the freshest cached list; a
 * `null` change writes nothing. Ignored while another write runs (no double submits).
 */
export type WriteList = (change: (current: string[]) => string[] | null, outcome: WriteOutcome) => Promise<void>;
