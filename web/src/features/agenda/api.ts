/**
 * The agenda's calls (server: `lists/router.py`, `agenda/router.py`; docs/subsystems/lists.md):
 *
 * - `GET /events/{E}/lists/agenda?DayNumber` — the day's sessions with their `Speakers`;
 * - `GET /events/{E}/lists/speakers?DayNumber` — the day's speakers with their `SessionIDs`;
 * - `GET /events/{E}/agenda/personal`, `PUT|DELETE …/personal/{S}` — the caller's own agenda;
 * - `GET /events/{E}/agenda/sessions/{S}.ics` — one session as a calendar file;
 * - `GET|POST|DELETE /events/{E}/agenda/calendar` — the secret calendar feed URL.
 *
 * Answers are read through small normalizers: a field the server leaves out becomes an empty
 * value instead of a crash in a list of thirty sessions.
 */
import { currentToken } from "@/features/accounts";
import { request } from "@/lib/api-client";
import { downloadFile } from "@/lib/download";

export interface SpeakerLink {
  Label: string;
  URL: string;
}

/** A Speaker activity (activities/schemas.py `SpeakerIn`), as lists and sessions carry it. */
export interface Speaker {
  ID: string;
  FullName: string;
  FirstName: string;
  LastName: string;
  Company: string;
  JobTitle: string;
  PictureURL: string;
  Biography: string;
  Links: SpeakerLink[];
  /** Only in `lists/speakers`: the day's sessions the speaker is in. */
  SessionIDs: string[];
}

/** A session as the agenda reads it (`lists/agenda` and `agenda/personal`). */
export interface AgendaSession {
  ID: string;
  InternalName: string;
  Title: string;
  Description: string;
  /** The tour node the session is in (its room), when the organizer set one. */
  PanoNodeID: string;
  ScreenID: string;
  IsVirtual: boolean;
  DateBegin: string;
  DateEnd: string;
  Speakers: Speaker[];
  /** Only in the personal agenda: the agenda day it is listed on (0 before the first day). */
  DayNumber: number | null;
}

export interface CalendarFeedState {
  Active: boolean;
  CreatedAt: string | null;
}

export interface IssuedFeed {
  URL: string;
  CreatedAt: string;
}

type Raw = Record<string, unknown>;

const isRaw = (value: unknown): value is Raw => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (raw: Raw, key: string): string => (typeof raw[key] === "string" ? (raw[key] as string) : "");
const rows = (value: unknown): Raw[] => (Array.isArray(value) ? value.filter(isRaw) : []);

/** Links are shown as links only when they are http(s): nothing else may run from a biography page. */
export const isHttpURL = (value: string): boolean => /^https?:\/\/[^\s]+$/i.test(value);

export function toSpeaker(raw: Raw): Speaker | null {
  const ID = text(raw, "ID");
  if (!ID) return null;
  const first = text(raw, "FirstName");
  const last = text(raw, "LastName");
  return {
    ID,
    FullName: text(raw, "FullName") || [first, last].filter(Boolean).join(" ") || text(raw, "Title"),
    FirstName: first,
    LastName: last,
    Company: text(raw, "Company"),
    JobTitle: text(raw, "JobTitle"),
    PictureURL: text(raw, "PictureURL"),
    Biography: text(raw, "Biography"),
    Links: rows(raw.Links)
      .map((l) => ({ Label: text(l, "Label"), URL: text(l, "URL") }))
      .filter((l) => l.Label !== "" && isHttpURL(l.URL)),
    SessionIDs: Array.isArray(raw.SessionIDs) ? raw.SessionIDs.filter((id): id is string => typeof id === "string") : [],
  };
}

export function toAgendaSession(raw: Raw): AgendaSession | null {
  const ID = text(raw, "ID");
  const DateBegin = text(raw, "DateBegin");
  const DateEnd = text(raw, "DateEnd");
  if (!ID || !Number.isFinite(Date.parse(DateBegin)) || !Number.isFinite(Date.parse(DateEnd))) return null;
  return {
    ID,
    InternalName: text(raw, "InternalName"),
    Title: text(raw, "Title") || text(raw, "InternalName"),
    Description: text(raw, "Description"),
    PanoNodeID: text(raw, "PanoNodeID"),
    ScreenID: text(raw, "ScreenID"),
    IsVirtual: raw.IsVirtual !== false,
    DateBegin,
    DateEnd,
    Speakers: rows(raw.Speakers).flatMap((s) => toSpeaker(s) ?? []),
    DayNumber: typeof raw.DayNumber === "number" ? raw.DayNumber : null,
  };
}

const eventPath = (eventID: string) => `/events/${encodeURIComponent(eventID)}`;
const personalPath = (eventID: string, sessionID: string) => `${eventPath(eventID)}/agenda/personal/${encodeURIComponent(sessionID)}`;

export async function getAgendaDay(eventID: string, day: number, signal?: AbortSignal): Promise<AgendaSession[]> {
  const answer = await request<unknown>(`${eventPath(eventID)}/lists/agenda`, { query: { DayNumber: day }, signal });
  return rows(answer).flatMap((r) => toAgendaSession(r) ?? []);
}

export async function getSpeakersDay(eventID: string, day: number, signal?: AbortSignal): Promise<Speaker[]> {
  const answer = await request<unknown>(`${eventPath(eventID)}/lists/speakers`, { query: { DayNumber: day }, signal });
  return rows(answer).flatMap((r) => toSpeaker(r) ?? []);
}

export async function getPersonalAgenda(eventID: string, signal?: AbortSignal): Promise<AgendaSession[]> {
  const answer = await request<unknown>(`${eventPath(eventID)}/agenda/personal`, { signal });
  return rows(answer).flatMap((r) => toAgendaSession(r) ?? []);
}

export async function addToPersonalAgenda(eventID: string, sessionID: string): Promise<void> {
  await request<unknown>(personalPath(eventID, sessionID), { method: "PUT" });
}

export async function removeFromPersonalAgenda(eventID: string, sessionID: string): Promise<void> {
  await request<unknown>(personalPath(eventID, sessionID), { method: "DELETE" });
}

export async function getCalendarFeed(eventID: string, signal?: AbortSignal): Promise<CalendarFeedState> {
  const answer = await request<unknown>(`${eventPath(eventID)}/agenda/calendar`, { signal });
  const raw = isRaw(answer) ? answer : {};
  return { Active: raw.Active === true, CreatedAt: text(raw, "CreatedAt") || null };
}

/** Issues the feed URL; issuing again rotates it (the previous URL stops working). */
export async function issueCalendarFeed(eventID: string): Promise<IssuedFeed> {
  const answer = await request<unknown>(`${eventPath(eventID)}/agenda/calendar`, { method: "POST" });
  const raw = isRaw(answer) ? answer : {};
  return { URL: text(raw, "URL"), CreatedAt: text(raw, "CreatedAt") };
}

export async function revokeCalendarFeed(eventID: string): Promise<void> {
  await request<unknown>(`${eventPath(eventID)}/agenda/calendar`, { method: "DELETE" });
}

/** "Add to calendar": the session's .ics, fetched with the attendee's token (lib/download.ts). */
export function downloadSessionCalendar(eventID: string, sessionID: string): Promise<void> {
  return downloadFile({
    path: `${eventPath(eventID)}/agenda/sessions/${encodeURIComponent(sessionID)}.ics`,
    token: currentToken(),
    type: "text/calendar",
    fallbackName: `session-${sessionID}.ics`,
  });
}
