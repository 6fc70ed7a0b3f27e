/**
 * Where a refused save belongs on the form. The server names the field of a refusal in two
 * ways (core/errors.py): input it rejected lists `Data.Problems[]` with `Name` (`InternalName`,
 * `Isolations.2`; `body` for a rule over several fields), and its own checks put the offending
 * value under the field's name in `Data` (`{InternalName: "demo"}` for INTERNAL_NAME_TAKEN,
 * `{DateBeginUTC, DateEndUTC}` for dates out of order). The message itself is the code's
 * translation (lib/errors.ts); a refusal that names no field of the form is shown above the
 * buttons.
 */
import { ApiError } from "@/lib/api-client";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";

/** A form field a server error can point at (the form's names, not the server's). */
export type ServerFieldPath = "Title" | "InternalName" | "TimeZone" | "DateBegin" | "DateEnd" | "DefaultLanguage" | "IsListed" | "IsUseIsolation" | "ChatRetentionDays" | "CustomerID" | "Isolations" | `Isolations.${number}.value`;

export interface MappedServerError {
  message: ErrorMessageKey;
  /** Fields to mark, in form order; empty when the error names none. */
  fields: ServerFieldPath[];
}

const serverToForm: Record<string, ServerFieldPath> = {
  Title: "Title",
  InternalName: "InternalName",
  TimeZone: "TimeZone",
  DateBeginUTC: "DateBegin",
  DateEndUTC: "DateEnd",
  DefaultLanguage: "DefaultLanguage",
  IsListed: "IsListed",
  IsUseIsolation: "IsUseIsolation",
  ChatRetentionDays: "ChatRetentionDays",
  Isolations: "Isolations",
  CustomerID: "CustomerID",
};

const formOrder: readonly string[] = ["CustomerID", "Title", "InternalName", "TimeZone", "DateBegin", "DateEnd", "DefaultLanguage", "IsListed", "IsUseIsolation", "Isolations", "ChatRetentionDays"];

function fieldOf(serverName: string): ServerFieldPath | null {
  const [head, index] = serverName.split(".");
  const field = head === undefined ? undefined : serverToForm[head];
  if (!field) return null;
  if (field === "Isolations" && index !== undefined && /^\d+$/.test(index)) return `Isolations.${Number(index)}.value`;
  return field;
}

function fromProblems(data: Record<string, unknown>): ServerFieldPath[] {
  if (!Array.isArray(data.Problems)) return [];
  const out: ServerFieldPath[] = [];
  for (const problem of data.Problems as unknown[]) {
    const name = problem && typeof problem === "object" ? (problem as { Name?: unknown }).Name : undefined;
    const field = typeof name === "string" ? fieldOf(name) : null;
    if (field) out.push(field);
  }
  return out;
}

function fromDataKeys(data: Record<string, unknown>): ServerFieldPath[] {
  const out = Object.keys(data)
    .map((key) => serverToForm[key])
    .filter((f): f is ServerFieldPath => f !== undefined);
  // Dates out of order name both; the end is the one to change.
  return out.includes("DateBegin") && out.includes("DateEnd") ? out.filter((f) => f !== "DateBegin") : out;
}

export function mapServerError(error: unknown): MappedServerError {
  const message = errorMessageKey(error);
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== "object" || Array.isArray(error.data)) {
    return { message, fields: [] };
  }
  const data = error.data as Record<string, unknown>;
  const named = [...new Set([...fromProblems(data), ...fromDataKeys(data)])];
  const rank = (f: ServerFieldPath) => formOrder.indexOf(f.split(".")[0] ?? f);
  return { message, fields: named.sort((a, b) => rank(a) - rank(b)) };
}
