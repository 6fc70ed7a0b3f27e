/**
 * Where a refused session save belongs on the form. Rejected input names its field in
 * `Data.Problems[].Name` (core/errors.py): the body's own names (`DateEnd`, `ConferenceJoinURL`),
 * or `body` for a rule over several fields, whose message says which ("DateEnd must be after
 * DateBegin", "ConferenceType Video needs the video's ID"). A `Video` stream naming a video the
 * event lacks is 404 `VIDEO_NOT_FOUND`. The stream fields map to the form field the chosen type
 * uses. The message is the code's translation (lib/errors.ts) or, where the console knows better,
 * one of the form's own validation keys.
 */
import { ApiError } from "@/lib/api-client";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";
import type { ConferenceType } from "./api";
import type { SessionFormValues, SessionValidationKey } from "./session-schema";

export type SessionField = keyof SessionFormValues;

export interface MappedSessionError {
  /** A shared error message, or the form's own validation message. */
  message: ErrorMessageKey | SessionValidationKey;
  /** Fields to mark, in form order; empty when the error names none. */
  fields: SessionField[];
}

const FORM_ORDER: readonly SessionField[] = [
  "Title",
  "InternalName",
  "Description",
  "Begin",
  "End",
  "ScreenID",
  "IsVirtual",
  "NoAvtoPlay",
  "ConferenceType",
  "JoinURL",
  "ExternalVideo",
  "MeetingID",
  "VideoID",
  "Password",
  "SpeakerIDs",
];

/** The form field holding a stream field for the chosen type. */
function streamField(serverName: string, type: ConferenceType): SessionField | null {
  if (serverName === "ConferencePassword") return "Password";
  if (serverName === "ConferenceJoinURL") return type === "Vimeo" ? "ExternalVideo" : "JoinURL";
  if (serverName !== "ConferenceID") return null;
  if (type === "Zoom") return "MeetingID";
  if (type === "Video") return "VideoID";
  return type === "Youtube" || type === "Vimeo" ? "ExternalVideo" : null;
}

const DIRECT: Record<string, SessionField> = {
  Title: "Title",
  InternalName: "InternalName",
  Description: "Description",
  DateBegin: "Begin",
  DateEnd: "End",
  ScreenID: "ScreenID",
  PanoNodeID: "ScreenID",
  IsVirtual: "IsVirtual",
  NoAvtoPlay: "NoAvtoPlay",
  ConferenceType: "ConferenceType",
};

interface Problem {
  name: string;
  text: string;
}

function problemsOf(data: unknown): Problem[] {
  if (!data || typeof data !== "object" || !Array.isArray((data as { Problems?: unknown }).Problems)) return [];
  return ((data as { Problems: unknown[] }).Problems ?? []).flatMap((p) => {
    if (!p || typeof p !== "object") return [];
    const { Name, Message } = p as { Name?: unknown; Message?: unknown };
    return typeof Name === "string" ? [{ name: Name, text: typeof Message === "string" ? Message : "" }] : [];
  });
}

function fieldOf(problem: Problem, type: ConferenceType): SessionField | null {
  const head = problem.name.split(".")[0] ?? "";
  if (head === "body") {
    if (problem.text.includes("DateEnd")) return "End";
    if (problem.text.includes("ConferenceID")) return streamField("ConferenceID", type);
    return null;
  }
  return DIRECT[head] ?? streamField(head, type);
}

export function mapSessionError(error: unknown, type: ConferenceType): MappedSessionError {
  const shared = errorMessageKey(error);
  if (!(error instanceof ApiError)) return { message: shared, fields: [] };
  if (error.code === "VIDEO_NOT_FOUND") return { message: "videoUnknown", fields: type === "Video" ? ["VideoID"] : [] };
  const problems = problemsOf(error.data);
  const fields = [...new Set(problems.map((p) => fieldOf(p, type)).filter((f): f is SessionField => f !== null))];
  fields.sort((a, b) => FORM_ORDER.indexOf(a) - FORM_ORDER.indexOf(b));
  const datesOnly = fields.length === 1 && fields[0] === "End" && problems.some((p) => p.name === "body");
  return { message: datesOnly ? "endBeforeBegin" : shared, fields };
}
