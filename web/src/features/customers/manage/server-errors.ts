/**
 * Which form field a refused write names: a 422's `Data.Problems[].Name` is the body's field
 * (`AdminEMail`, `Name`, …); the caller maps those it shows to its own field names.
 */
import { ApiError } from "@/lib/api-client";

export function problemNames(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const problems = (error.data as { Problems?: unknown } | null)?.Problems;
  if (!Array.isArray(problems)) return [];
  const names = problems
    .map((p: unknown) => (p && typeof p === "object" ? (p as { Name?: unknown }).Name : undefined))
    .filter((name): name is string => typeof name === "string");
  return [...new Set(names)];
}

/** The form fields of `map` that the error names, in the form's order of `map`. */
export function fieldsOf<F extends string>(error: unknown, map: Readonly<Record<string, F>>): F[] {
  const named = new Set(problemNames(error).map((name) => map[name]).filter((f): f is F => f !== undefined));
  return [...new Set(Object.values(map))].filter((field) => named.has(field));
}
