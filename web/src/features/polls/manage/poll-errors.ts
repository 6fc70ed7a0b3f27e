/**
 * What a refused poll write says, and where. Rejected input names its field in
 * `Data.Problems[].Name` (`Question`, `Options.2.Text`, `ClosesAt`, …); the poll's own codes get
 * this section's sentences (the generated error table may not know them yet, and "a poll needs
 * two options" says more than "invalid input"); anything else reads as lib/errors.ts says.
 */
import { ApiError } from "@/lib/api-client";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";
import type { PollFormValues } from "./poll-schema";
import type { PollsKey } from "./polls-manage-i18n";

export type PollField = "Question" | "OpensAt" | "ClosesAt" | "PanoNodeID" | "SessionID" | `Options.${number}.Text`;

/** A message: one of this section's keys, or a shared error key. */
export type PollMessage = { own: PollsKey } | { shared: ErrorMessageKey };

const OWN_CODES: Partial<Record<string, PollsKey>> = {
  POLL_INCOMPLETE: "errors.incomplete",
  POLL_NOT_FOUND: "errors.notFound",
};

export function pollErrorMessage(error: unknown): PollMessage {
  const own = error instanceof ApiError ? OWN_CODES[error.code] : undefined;
  return own ? { own } : { shared: errorMessageKey(error) };
}

export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The form fields a refusal names, in the form's order. */
export function pollErrorFields(error: unknown, values: PollFormValues): PollField[] {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== "object") return [];
  const problems = (error.data as { Problems?: unknown }).Problems;
  const names = Array.isArray(problems)
    ? problems.flatMap((p: unknown) => {
        const name = p && typeof p === "object" ? (p as { Name?: unknown }).Name : undefined;
        return typeof name === "string" ? [name] : [];
      })
    : [];
  const fields: PollField[] = [];
  const add = (field: PollField) => {
    if (!fields.includes(field)) fields.push(field);
  };
  for (const name of names) {
    const option = /^Options\.(\d+)/.exec(name);
    if (option) {
      const index = Number(option[1]);
      if (index < values.Options.length) add(`Options.${index}.Text`);
    } else if (name === "Question" || name === "OpensAt" || name === "ClosesAt" || name === "PanoNodeID" || name === "SessionID") {
      add(name);
    }
  }
  return fields;
}
