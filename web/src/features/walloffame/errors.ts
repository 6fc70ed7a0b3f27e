/**
 * What a refused Wall of Fame call says. The module's own refusals (too many projects or
 * pictures, an action that does not fit the project's state) have sentences in this feature's
 * namespace, so the feature does not wait for lib/errors.ts to learn the new codes; everything
 * else is lib/errors.ts's. A 422 names its fields in `Data.Problems[].Name` (`Title`, `Category`,
 * `Description`, `Link`, `Reason`), so a form can put the §5 text beside each.
 */
import { ApiError } from "@/lib/api-client";
import { type ErrorMessageKey, errorMessageKey } from "@/lib/errors";

export const OWN_CODES = {
  WALLOFFAME_TOO_MANY_PROJECTS: "tooManyProjects",
  WALLOFFAME_TOO_MANY_PICTURES: "tooManyPictures",
  WALLOFFAME_INVALID_STATE: "invalidState",
} as const;
export type OwnRefusal = (typeof OWN_CODES)[keyof typeof OWN_CODES];

export type Refusal = { kind: "own"; key: OwnRefusal } | { kind: "shared"; key: ErrorMessageKey };

export function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError && Object.hasOwn(OWN_CODES, error.code)) {
    return { kind: "own", key: OWN_CODES[error.code as keyof typeof OWN_CODES] };
  }
  return { kind: "shared", key: errorMessageKey(error) };
}

/** The input fields a 422 names (`Data.Problems[].Name`). */
export function refusedFields(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const problems = (error.data as { Problems?: unknown } | null)?.Problems;
  if (!Array.isArray(problems)) return [];
  return problems.flatMap((p: unknown) => {
    const name = p && typeof p === "object" ? (p as { Name?: unknown }).Name : undefined;
    return typeof name === "string" ? [name] : [];
  });
}

/** A project that is gone, or that the caller may no longer see (the server answers both 404). */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
