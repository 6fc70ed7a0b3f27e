/**
 * The session form's rules (zod, read by react-hook-form), mirroring `SessionIn`
 * (server/src/venuely/activities/schemas.py) plus what the console knows and the server cannot:
 *
 * - `InternalName` 1–200 characters, not `DELETED` (it marks removals in sync frames); `Title`
 *   is required here (the agenda shows it) and at most 300; `Description` at most 20,000.
 * - Begin and end are `datetime-local` values in the event's zone; the end must come after the
 *   begin once both are read in that zone (so across a DST change too).
 * - The screen is one of the tour's (`screens`); while the tour cannot be read, the stored screen
 *   stays as it is.
 * - The stream: Iframe needs an http(s) URL; Zoom takes one (or a meeting created later); YouTube
 *   and Vimeo an id or a URL naming one; Video one of the event's videos.
 * - Speakers are existing speakers of the event.
 *
 * Messages are keys under `validation.` of the `schedule` namespace.
 */
import { z } from "zod";
import type { ConferenceType, SessionActivity, SessionBody } from "./api";
import { CONFERENCE_TYPES, isConferenceType } from "./api";
import { utcToZonedLocal, zonedLocalToEpoch, zonedLocalToUtc } from "./event-time";
import { isHttpUrl, URL_MAX, vimeoRef, youtubeId } from "./stream-sources";

export const sessionValidationKeys = [
  "titleRequired",
  "titleTooLong",
  "internalNameRequired",
  "internalNameTooLong",
  "internalNameReserved",
  "descriptionTooLong",
  "dateRequired",
  "dateInvalid",
  "endBeforeBegin",
  "screenUnknown",
  "urlRequired",
  "urlInvalid",
  "urlTooLong",
  "youtubeInvalid",
  "vimeoInvalid",
  "videoRequired",
  "videoUnknown",
  "tooLong",
  "speakerUnknown",
] as const;
export type SessionValidationKey = (typeof sessionValidationKeys)[number];

export function isSessionValidationKey(value: unknown): value is SessionValidationKey {
  return typeof value === "string" && (sessionValidationKeys as readonly string[]).includes(value);
}

/** Characters as the server counts them (code points). */
export const charCount = (value: string): number => Array.from(value).length;

const FIELD_MAX = 200;

export const sessionFields = z.object({
  Title: z.string(),
  InternalName: z.string(),
  Description: z.string(),
  Begin: z.string(),
  End: z.string(),
  ScreenID: z.string(),
  IsVirtual: z.boolean(),
  NoAvtoPlay: z.boolean(),
  ConferenceType: z.enum(CONFERENCE_TYPES),
  /** Iframe: the page; Zoom: the join link. */
  JoinURL: z.string(),
  /** YouTube or Vimeo: an id or a URL naming the video. */
  ExternalVideo: z.string(),
  /** Zoom: the meeting id. */
  MeetingID: z.string(),
  /** Zoom passcode or Vimeo video password. */
  Password: z.string(),
  /** Video: one of the event's cinema videos. */
  VideoID: z.string(),
  SpeakerIDs: z.array(z.string()),
});

export type SessionFormValues = z.infer<typeof sessionFields>;

export interface SessionRules {
  timeZone: string;
  /** The tour's screen ids; null while they cannot be known (no tour, unreadable). */
  screens: ReadonlySet<string> | null;
  /** The screen the session had when the form opened (kept unchecked without a tour). */
  storedScreen: string;
  /** The event's videos; null while the list cannot be read (the server then checks). */
  videos: ReadonlySet<string> | null;
  speakers: ReadonlySet<string>;
}

type Issue = { path: keyof SessionFormValues; message: SessionValidationKey };

function textIssues(v: SessionFormValues): Issue[] {
  const issues: Issue[] = [];
  const title = v.Title.trim();
  if (title === "") issues.push({ path: "Title", message: "titleRequired" });
  else if (charCount(title) > 300) issues.push({ path: "Title", message: "titleTooLong" });
  const name = v.InternalName.trim();
  if (name === "") issues.push({ path: "InternalName", message: "internalNameRequired" });
  else if (charCount(name) > FIELD_MAX) issues.push({ path: "InternalName", message: "internalNameTooLong" });
  else if (name === "DELETED") issues.push({ path: "InternalName", message: "internalNameReserved" });
  if (charCount(v.Description) > 20_000) issues.push({ path: "Description", message: "descriptionTooLong" });
  return issues;
}

function timeIssues(v: SessionFormValues, timeZone: string): Issue[] {
  const begin = v.Begin === "" ? null : zonedLocalToEpoch(v.Begin, timeZone);
  const end = v.End === "" ? null : zonedLocalToEpoch(v.End, timeZone);
  const issues: Issue[] = [];
  if (v.Begin === "") issues.push({ path: "Begin", message: "dateRequired" });
  else if (begin === null) issues.push({ path: "Begin", message: "dateInvalid" });
  if (v.End === "") issues.push({ path: "End", message: "dateRequired" });
  else if (end === null) issues.push({ path: "End", message: "dateInvalid" });
  if (begin !== null && end !== null && end <= begin) issues.push({ path: "End", message: "endBeforeBegin" });
  return issues;
}

function urlIssue(value: string, required: boolean): SessionValidationKey | null {
  const v = value.trim();
  if (v === "") return required ? "urlRequired" : null;
  if (charCount(v) > URL_MAX) return "urlTooLong";
  return isHttpUrl(v) ? null : "urlInvalid";
}

function streamIssues(v: SessionFormValues, videos: ReadonlySet<string> | null): Issue[] {
  const issues: Issue[] = [];
  const add = (path: keyof SessionFormValues, message: SessionValidationKey | null) => {
    if (message) issues.push({ path, message });
  };
  const tooLong = (value: string) => (charCount(value.trim()) > FIELD_MAX ? "tooLong" : null);
  switch (v.ConferenceType) {
    case "Iframe":
      add("JoinURL", urlIssue(v.JoinURL, true));
      break;
    case "Zoom":
      // Empty until a meeting is created ("Create Zoom meeting" fills all three).
      add("JoinURL", urlIssue(v.JoinURL, false));
      add("MeetingID", tooLong(v.MeetingID));
      add("Password", tooLong(v.Password));
      break;
    case "Youtube":
      add("ExternalVideo", v.ExternalVideo.trim() === "" ? "urlRequired" : youtubeId(v.ExternalVideo) ? null : "youtubeInvalid");
      break;
    case "Vimeo":
      add("ExternalVideo", v.ExternalVideo.trim() === "" ? "urlRequired" : vimeoRef(v.ExternalVideo) ? null : "vimeoInvalid");
      add("Password", tooLong(v.Password));
      break;
    case "Video":
      add("VideoID", v.VideoID === "" ? "videoRequired" : videos && !videos.has(v.VideoID) ? "videoUnknown" : null);
      break;
    case "None":
      break;
  }
  return issues;
}

export function sessionFormSchema(rules: SessionRules) {
  return sessionFields.superRefine((values, ctx) => {
    const issues = [...textIssues(values), ...timeIssues(values, rules.timeZone), ...streamIssues(values, rules.videos)];
    const screen = values.ScreenID;
    const unchecked = rules.screens === null && screen === rules.storedScreen;
    if (screen !== "" && !unchecked && !rules.screens?.has(screen)) issues.push({ path: "ScreenID", message: "screenUnknown" });
    if (values.SpeakerIDs.some((s) => !rules.speakers.has(s))) issues.push({ path: "SpeakerIDs", message: "speakerUnknown" });
    for (const issue of issues) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });
}

/** The form's values for a stored session, or a new one beginning at `begin` for an hour. */
export function sessionValues(session: SessionActivity | null, timeZone: string, speakerIDs: string[], begin = ""): SessionFormValues {
  const type: ConferenceType = session && isConferenceType(session.ConferenceType) ? session.ConferenceType : "None";
  const id = session?.ConferenceID ?? "";
  const joinURL = session?.ConferenceJoinURL ?? "";
  const plusHour = (local: string) => {
    const epoch = zonedLocalToEpoch(local, timeZone);
    return epoch === null ? "" : utcToZonedLocal(new Date(epoch + 3_600_000).toISOString(), timeZone);
  };
  return {
    Title: session?.Title ?? "",
    InternalName: session?.InternalName ?? "",
    Description: session?.Description ?? "",
    Begin: session ? utcToZonedLocal(session.DateBegin, timeZone) : begin,
    End: session ? utcToZonedLocal(session.DateEnd, timeZone) : begin && plusHour(begin),
    ScreenID: session?.ScreenID ?? "",
    IsVirtual: session?.IsVirtual ?? true,
    NoAvtoPlay: session?.NoAvtoPlay ?? false,
    ConferenceType: type,
    JoinURL: type === "Iframe" || type === "Zoom" ? joinURL : "",
    ExternalVideo: type === "Youtube" ? id : type === "Vimeo" ? joinURL || id : "",
    MeetingID: type === "Zoom" ? id : "",
    Password: type === "Zoom" || type === "Vimeo" ? (session?.ConferencePassword ?? "") : "",
    VideoID: type === "Video" ? id : "",
    SpeakerIDs: speakerIDs,
  };
}

interface StreamFields {
  ConferenceJoinURL: string;
  ConferenceID: string;
  ConferencePassword: string;
}

function streamBody(v: SessionFormValues): StreamFields {
  const none = { ConferenceJoinURL: "", ConferenceID: "", ConferencePassword: "" };
  switch (v.ConferenceType) {
    case "Iframe":
      return { ...none, ConferenceJoinURL: v.JoinURL.trim() };
    case "Zoom":
      return { ConferenceJoinURL: v.JoinURL.trim(), ConferenceID: v.MeetingID.trim(), ConferencePassword: v.Password.trim() };
    case "Youtube":
      return { ...none, ConferenceID: youtubeId(v.ExternalVideo) ?? v.ExternalVideo.trim() };
    case "Vimeo": {
      const ref = vimeoRef(v.ExternalVideo);
      return { ConferenceJoinURL: ref?.playerURL ?? "", ConferenceID: ref?.id ?? v.ExternalVideo.trim(), ConferencePassword: v.Password.trim() };
    }
    case "Video":
      return { ...none, ConferenceID: v.VideoID };
    case "None":
      return none;
  }
}

export interface BodyContext {
  timeZone: string;
  /** The session as stored (its fields the form does not edit are sent back unchanged). */
  stored: SessionActivity | null;
  /** The room each known screen is in (the session's `PanoNodeID`). */
  roomOf: (screenID: string) => string | null;
}

/** The `SessionIn` body: every field (a PUT replaces the document), times in UTC. */
export function toSessionBody(v: SessionFormValues, { timeZone, stored, roomOf }: BodyContext): SessionBody {
  const sameScreen = v.ScreenID === (stored?.ScreenID ?? "");
  return {
    InternalName: v.InternalName.trim(),
    Title: v.Title.trim(),
    Description: v.Description,
    PanoNodeID: roomOf(v.ScreenID) ?? (sameScreen ? (stored?.PanoNodeID ?? "") : ""),
    ScreenID: v.ScreenID,
    IsVirtual: v.IsVirtual,
    DateBegin: zonedLocalToUtc(v.Begin, timeZone) ?? "",
    DateEnd: zonedLocalToUtc(v.End, timeZone) ?? "",
    NoAvtoPlay: v.NoAvtoPlay,
    StreamID: stored?.StreamID ?? "",
    ConferenceType: v.ConferenceType,
    ...streamBody(v),
    LocationID: stored?.LocationID ?? "",
    Tags: stored?.Tags ?? [],
    // Edited on the Q&A screen; a PUT replaces the whole document, so the stored switches go back
    // (the server's defaults for a session that has none yet: Q&A and reactions on, unmoderated).
    QnaEnabled: stored?.QnaEnabled ?? true,
    QnaModerated: stored?.QnaModerated ?? false,
    ReactionsEnabled: stored?.ReactionsEnabled ?? true,
  };
}
