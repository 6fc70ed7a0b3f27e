/**
 * What a refused hunt call means. The hunt's own codes get the hunt's sentences (they say what to
 * do in the venue: a closed hunt, an item taken away); every other code reads as lib/errors.ts
 * says. The codes are compared as strings: this feature does not wait for the generated code list.
 */
import { ApiError } from "@/lib/api-client";
import { type ErrorMessageKey, errorMessageKey } from "@/lib/errors";

/** A second find of the same item: not a failure for the attendee, the item is simply found. */
export const ALREADY_FOUND = "TREASURE_ITEM_ALREADY_FOUND";
export const HUNT_CLOSED = "TREASURE_HUNT_CLOSED";
export const ITEM_NOT_FOUND = "TREASURE_ITEM_NOT_FOUND";

export const isAlreadyFound = (error: unknown): boolean => error instanceof ApiError && error.code === ALREADY_FOUND;

export type FindRefusal = { kind: "closed" } | { kind: "gone" } | { kind: "other"; key: ErrorMessageKey };

export function findRefusal(error: unknown): FindRefusal {
  if (error instanceof ApiError && error.code === HUNT_CLOSED) return { kind: "closed" };
  if (error instanceof ApiError && error.code === ITEM_NOT_FOUND) return { kind: "gone" };
  return { kind: "other", key: errorMessageKey(error) };
}

export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The fields a refusal names (`Data.Problems[].Name`), those of `fields` only, in their order. */
export function refusedFields<F extends string>(error: unknown, fields: readonly F[]): F[] {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== "object") return [];
  const problems = (error.data as { Problems?: unknown }).Problems;
  if (!Array.isArray(problems)) return [];
  const named = new Set(
    problems.flatMap((p: unknown) => {
      const name = p && typeof p === "object" ? (p as { Name?: unknown }).Name : undefined;
      return typeof name === "string" ? [name] : [];
    }),
  );
  return fields.filter((field) => named.has(field));
}
