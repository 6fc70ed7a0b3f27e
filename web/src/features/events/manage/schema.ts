/**
 * The event settings form's rules (zod, read by react-hook-form through its resolver) and the
 * conversion of its values to the server's body. The rules mirror the server's
 * (`server/src/venuely/events/schemas.py`): the internal name's format and the reserved names
 * (generated from the server's list), a title of 1–200 characters, an IANA zone, end after
 * begin, isolation names of at most 200 characters. Whether a name is taken is asked of the
 * server while the person types (`use-name-check.ts`), not here.
 *
 * Messages are keys under `validation.*` of the console namespace (`EventValidationKey`).
 */
import { z } from "zod";
import { RESERVED_NAMES } from "@/lib/generated/reserved-names";
import { supportedLanguages } from "@/lib/locale";
import { isLocalDateTime, isValidTimeZone, zonedLocalToEpoch, zonedLocalToUtc } from "./time";

export const INTERNAL_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;
export const TITLE_MAX = 200;
export const ISOLATION_MAX_LENGTH = 200;
export const ISOLATIONS_MAX = 200;
/** Chat retention in days after the event's end (events/schemas.py `ChatRetentionDays`). */
export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 3650;

/** Empty keeps the chat (null); otherwise a whole number of days in range. */
function retentionDays(value: string): number | null | undefined {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const days = Number(trimmed);
  return days >= RETENTION_MIN_DAYS && days <= RETENTION_MAX_DAYS ? days : undefined;
}

export const eventValidationKeys = [
  "titleRequired",
  "titleTooLong",
  "nameRequired",
  "nameFormat",
  "nameReserved",
  "nameTaken",
  "timeZoneInvalid",
  "dateRequired",
  "dateInvalid",
  "endBeforeBegin",
  "languageInvalid",
  "customerRequired",
  "isolationRequired",
  "isolationTooLong",
  "tooManyIsolations",
  "retentionInvalid",
] as const;
export type EventValidationKey = (typeof eventValidationKeys)[number];

export function isEventValidationKey(value: unknown): value is EventValidationKey {
  return typeof value === "string" && (eventValidationKeys as readonly string[]).includes(value);
}

const reserved = new Set(RESERVED_NAMES);

/** What is wrong with an internal name as typed, or null (the server's rules, before "taken"). */
export function internalNameProblem(name: string): EventValidationKey | null {
  if (name === "") return "nameRequired";
  if (!INTERNAL_NAME_PATTERN.test(name)) return "nameFormat";
  if (reserved.has(name)) return "nameReserved";
  return null;
}

const isolationSchema = z.object({
  value: z
    .string()
    .refine((v) => v.trim() !== "", "isolationRequired")
    .refine((v) => v.trim().length <= ISOLATION_MAX_LENGTH, "isolationTooLong"),
});

/** One message per date field: missing, else not a real date-time. */
function localDateTime() {
  return z.string().superRefine((value, ctx) => {
    if (value === "") ctx.addIssue({ code: "custom", message: "dateRequired" });
    else if (!isLocalDateTime(value)) ctx.addIssue({ code: "custom", message: "dateInvalid" });
  });
}

const fields = {
  Title: z
    .string()
    .refine((v) => v.trim() !== "", "titleRequired")
    .refine((v) => v.trim().length <= TITLE_MAX, "titleTooLong"),
  InternalName: z.string().superRefine((value, ctx) => {
    const problem = internalNameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  TimeZone: z.string().refine(isValidTimeZone, "timeZoneInvalid"),
  DateBegin: localDateTime(),
  DateEnd: localDateTime(),
  DefaultLanguage: z.enum(supportedLanguages, { error: "languageInvalid" }),
  IsListed: z.boolean(),
  IsUseIsolation: z.boolean(),
  Isolations: z.array(isolationSchema).max(ISOLATIONS_MAX, "tooManyIsolations"),
  ChatRetentionDays: z.string().refine((v) => retentionDays(v) !== undefined, "retentionInvalid"),
};

type DateFields = { DateBegin: string; DateEnd: string; TimeZone: string };

/** End after begin, both read in the event's zone; the issue goes on the end field. */
function checkDateOrder(values: DateFields, ctx: z.RefinementCtx): void {
  const begin = zonedLocalToEpoch(values.DateBegin, values.TimeZone);
  const end = zonedLocalToEpoch(values.DateEnd, values.TimeZone);
  if (begin !== null && end !== null && end <= begin) {
    ctx.addIssue({ code: "custom", message: "endBeforeBegin", path: ["DateEnd"] });
  }
}

/**
 * The form's rules. Creating an event also chooses the customer it belongs to; editing keeps
 * `CustomerID` as it is (an event cannot move), so there it is not checked.
 */
export function eventFormSchema({ requireCustomer }: { requireCustomer: boolean }) {
  const CustomerID = requireCustomer ? z.string().refine((v) => v !== "", "customerRequired") : z.string();
  return z.object({ ...fields, CustomerID }).superRefine(checkDateOrder);
}

export const eventCreateSchema = eventFormSchema({ requireCustomer: true });
export const eventSettingsSchema = eventFormSchema({ requireCustomer: false });

export type EventFormValues = z.infer<typeof eventCreateSchema>;

/** The server's body for create (`POST /customers/{id}/events`) and edit (`PUT /events/{id}`). */
export interface EventSettingsBody {
  Title: string;
  InternalName: string;
  DateBeginUTC: string;
  DateEndUTC: string;
  TimeZone: string;
  DefaultLanguage: string;
  IsListed: boolean;
  IsUseIsolation: boolean;
  Isolations: string[];
  /** Null keeps the chat's messages; N deletes them N days after the event ends. */
  ChatRetentionDays: number | null;
}

/** Only the form's fields, the dates converted to UTC. Call with values the schema accepted. */
export function toSettingsBody(values: EventFormValues): EventSettingsBody {
  const begin = zonedLocalToUtc(values.DateBegin, values.TimeZone);
  const end = zonedLocalToUtc(values.DateEnd, values.TimeZone);
  if (begin === null || end === null) throw new Error("toSettingsBody needs validated values");
  return {
    Title: values.Title.trim(),
    InternalName: values.InternalName,
    DateBeginUTC: begin,
    DateEndUTC: end,
    TimeZone: values.TimeZone,
    DefaultLanguage: values.DefaultLanguage,
    IsListed: values.IsListed,
    IsUseIsolation: values.IsUseIsolation,
    Isolations: values.Isolations.map((i) => i.value.trim()),
    ChatRetentionDays: retentionDays(values.ChatRetentionDays) ?? null,
  };
}
