/**
 * The poll form's rules (zod, read by react-hook-form), mirroring the contract's poll document:
 * the question 1–1000 characters; 2–20 options of 1–200 characters each (two is what opening
 * needs, so the form asks for it at once rather than leaving it to a refused Open), no two alike;
 * an optional schedule in the event's zone, closing after opening; a bound room or session
 * chosen when the binding says so.
 *
 * Option IDs are what ballots name: an existing option keeps its ID through edits and reorders,
 * a new one gets the next free `o<n>`.
 *
 * Messages are keys under `validation.` of the `pollsManage` namespace.
 */
import { z } from "zod";
import { RESULTS_MODES, type PollBody, type PollView } from "./api";
import { isLocalDateTime, utcToZonedLocal, zonedLocalToEpoch, zonedLocalToUtc } from "./event-time";

export const MAX_QUESTION = 1000;
export const MAX_OPTION = 200;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 20;

export const pollValidationKeys = [
  "questionRequired",
  "questionTooLong",
  "optionRequired",
  "optionTooLong",
  "optionDuplicate",
  "optionsTooFew",
  "optionsTooMany",
  "dateInvalid",
  "closeBeforeOpen",
  "roomRequired",
  "sessionRequired",
] as const;
export type PollValidationKey = (typeof pollValidationKeys)[number];

export function isPollValidationKey(value: unknown): value is PollValidationKey {
  return typeof value === "string" && (pollValidationKeys as readonly string[]).includes(value);
}

/** Characters as the server counts them (code points). */
const charCount = (value: string): number => Array.from(value).length;

export const BINDINGS = ["none", "room", "session"] as const;
export type Binding = (typeof BINDINGS)[number];

export function pollFormSchema(timeZone: string) {
  return z
    .object({
      Question: z.string(),
      /** `ID` is "" for an option added in this form (it gets one on save). */
      Options: z.array(z.object({ ID: z.string(), Text: z.string() })),
      Multiple: z.enum(["single", "multiple"]),
      AllowOther: z.boolean(),
      AllowChange: z.boolean(),
      Results: z.enum(RESULTS_MODES),
      OpensAt: z.string(),
      ClosesAt: z.string(),
      Binding: z.enum(BINDINGS),
      PanoNodeID: z.string(),
      SessionID: z.string(),
    })
    .superRefine((v, ctx) => {
      const add = (path: (string | number)[], message: PollValidationKey) => ctx.addIssue({ code: "custom", path, message });
      const question = v.Question.trim();
      if (question === "") add(["Question"], "questionRequired");
      else if (charCount(question) > MAX_QUESTION) add(["Question"], "questionTooLong");

      const seen = new Set<string>();
      v.Options.forEach((option, i) => {
        const text = option.Text.trim();
        if (text === "") add(["Options", i, "Text"], "optionRequired");
        else if (charCount(text) > MAX_OPTION) add(["Options", i, "Text"], "optionTooLong");
        else if (seen.has(text.toLocaleLowerCase())) add(["Options", i, "Text"], "optionDuplicate");
        seen.add(text.toLocaleLowerCase());
      });
      // On the list itself (`Options.root`), where the form shows it above the options.
      if (v.Options.length < MIN_OPTIONS) add(["Options", "root"], "optionsTooFew");
      if (v.Options.length > MAX_OPTIONS) add(["Options", "root"], "optionsTooMany");

      const opens = v.OpensAt === "" ? null : zonedLocalToEpoch(v.OpensAt, timeZone);
      const closes = v.ClosesAt === "" ? null : zonedLocalToEpoch(v.ClosesAt, timeZone);
      if (v.OpensAt !== "" && (!isLocalDateTime(v.OpensAt) || opens === null)) add(["OpensAt"], "dateInvalid");
      if (v.ClosesAt !== "" && (!isLocalDateTime(v.ClosesAt) || closes === null)) add(["ClosesAt"], "dateInvalid");
      else if (opens !== null && closes !== null && closes <= opens) add(["ClosesAt"], "closeBeforeOpen");

      if (v.Binding === "room" && v.PanoNodeID.trim() === "") add(["PanoNodeID"], "roomRequired");
      if (v.Binding === "session" && v.SessionID === "") add(["SessionID"], "sessionRequired");
    });
}

export type PollFormValues = z.infer<ReturnType<typeof pollFormSchema>>;

/** The form's values for a stored poll, or a new poll's defaults (two empty options). */
export function pollValues(poll: PollView | null, timeZone: string): PollFormValues {
  const local = (iso: string | null) => (iso ? utcToZonedLocal(iso, timeZone) : "");
  const binding: Binding = poll?.SessionID ? "session" : poll?.PanoNodeID ? "room" : "none";
  return {
    Question: poll?.Question ?? "",
    Options: poll ? poll.Options.map((o) => ({ ID: o.ID, Text: o.Text })) : [{ ID: "", Text: "" }, { ID: "", Text: "" }],
    Multiple: poll?.Multiple ? "multiple" : "single",
    AllowOther: poll?.AllowOther ?? false,
    AllowChange: poll?.AllowChange ?? true,
    Results: poll?.Results ?? "live",
    OpensAt: local(poll?.OpensAt ?? null),
    ClosesAt: local(poll?.ClosesAt ?? null),
    Binding: binding,
    PanoNodeID: poll?.PanoNodeID ?? "",
    SessionID: poll?.SessionID ?? "",
  };
}

/** Gives every new option the next free `o<n>` ID, keeping existing IDs (ballots name them). */
export function withOptionIds(options: readonly { ID: string; Text: string }[]): { ID: string; Text: string }[] {
  const used = new Set(options.map((o) => o.ID).filter((id) => id !== ""));
  let next = 1;
  return options.map((option) => {
    if (option.ID !== "") return { ID: option.ID, Text: option.Text.trim() };
    while (used.has(`o${next}`)) next += 1;
    const id = `o${next}`;
    used.add(id);
    return { ID: id, Text: option.Text.trim() };
  });
}

/** The poll document: times in UTC, only the chosen binding, the stored names and hand-opened flag kept. */
export function toPollBody(v: PollFormValues, stored: PollView | null, timeZone: string): PollBody {
  return {
    InternalName: stored?.InternalName ?? "",
    Title: stored?.Title ?? "",
    Question: v.Question.trim(),
    Options: withOptionIds(v.Options),
    Multiple: v.Multiple === "multiple",
    AllowOther: v.AllowOther,
    AllowChange: v.AllowChange,
    Results: v.Results,
    OpensAt: v.OpensAt === "" ? null : zonedLocalToUtc(v.OpensAt, timeZone),
    ClosesAt: v.ClosesAt === "" ? null : zonedLocalToUtc(v.ClosesAt, timeZone),
    PanoNodeID: v.Binding === "room" ? v.PanoNodeID.trim() : "",
    SessionID: v.Binding === "session" ? v.SessionID : null,
    IsActive: stored?.IsActive ?? false,
  };
}
