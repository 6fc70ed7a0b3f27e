/**
 * What a refused write says, and where. Rejected input names its field in `Data.Problems[].Name`
 * (`Title`, `Capacity`, `ConferenceJoinURL`, …); the words are lib/errors.ts's, which
 * has the breakout codes' sentences (a full or closed room, a person in no room).
 */
import { ApiError } from "@/lib/api-client";

export type RoomField = "Title" | "Topic" | "Capacity" | "OpensAt" | "ClosesAt" | "ConferenceJoinURL";
const FIELDS: readonly RoomField[] = ["Title", "Topic", "Capacity", "OpensAt", "ClosesAt", "ConferenceJoinURL"];


export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The form fields a refusal names, in the form's order. */
export function roomErrorFields(error: unknown): RoomField[] {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== "object") return [];
  const problems = (error.data as { Problems?: unknown }).Problems;
  if (!Array.isArray(problems)) return [];
  const named = new Set(
    problems.flatMap((p: unknown) => {
      const name = p && typeof p === "object" ? (p as { Name?: unknown }).Name : undefined;
      return typeof name === "string" ? [name] : [];
    }),
  );
  return FIELDS.filter((field) => named.has(field));
}
