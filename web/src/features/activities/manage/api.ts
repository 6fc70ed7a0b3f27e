/**
 * The Schedule and Speakers screens' calls (docs/subsystems/activities.md, media.md):
 *
 * - Sessions and speakers are activities: `GET /events/{E}/activities?EntityType=Session|Speaker`,
 *   `POST` (201), `PUT /activities/{ID}` (replaces the whole document), `DELETE` (also removes
 *   every relation naming it). Zoom: `POST /activities/{ID}/createzoommeeting` and
 *   `DELETE /activities/{ID}/deletemeeting`.
 * - A session's speakers are relations `Session → Speaker` (RelationType `Speaker`, `SortFields`
 *   `{Index}`), as the agenda reads them (lists/service.py).
 * - A session's recording: `PUT /events/{E}/recordings/{SessionID}` `{VideoID}`, `DELETE`;
 *   organizers read every recording from `GET /events/{E}/replays`.
 * - The event's videos (`GET /events/{E}/videos`) for the `Video` stream type and recordings.
 *
 * Answers are typed with the fields these screens read; the server sends more.
 */
import { queryOptions } from "@tanstack/react-query";
import { request } from "@/lib/api-client";

export const CONFERENCE_TYPES = ["None", "Iframe", "Zoom", "Vimeo", "Youtube", "Video"] as const;
export type ConferenceType = (typeof CONFERENCE_TYPES)[number];

export function isConferenceType(value: unknown): value is ConferenceType {
  return typeof value === "string" && (CONFERENCE_TYPES as readonly string[]).includes(value);
}

/** A Session activity as an organizer reads it (every stream field included). */
export interface SessionActivity {
  ID: string;
  EventID: string;
  InternalName: string;
  Title: string;
  PanoNodeID: string;
  Description?: string;
  ScreenID?: string;
  IsVirtual?: boolean;
  DateBegin: string;
  DateEnd: string;
  NoAvtoPlay?: boolean;
  StreamID?: string;
  ConferenceType?: string;
  ConferenceJoinURL?: string;
  ConferenceID?: string;
  ConferencePassword?: string;
  LocationID?: string;
  Tags?: string[];
  /** The live-interaction switches (the Q&A screen edits them); absent on older sessions. */
  QnaEnabled?: boolean;
  QnaModerated?: boolean;
  ReactionsEnabled?: boolean;
}

/** `SessionIn`: the server refuses any other field, so the body has exactly these. */
export interface SessionBody {
  InternalName: string;
  Title: string;
  Description: string;
  PanoNodeID: string;
  ScreenID: string;
  IsVirtual: boolean;
  DateBegin: string;
  DateEnd: string;
  NoAvtoPlay: boolean;
  StreamID: string;
  ConferenceType: ConferenceType;
  ConferenceJoinURL: string;
  ConferenceID: string;
  ConferencePassword: string;
  LocationID: string;
  Tags: string[];
  QnaEnabled: boolean;
  QnaModerated: boolean;
  ReactionsEnabled: boolean;
}

export interface SpeakerLink {
  Label: string;
  URL: string;
}

export interface SpeakerActivity {
  ID: string;
  EventID: string;
  InternalName: string;
  Title: string;
  PanoNodeID: string;
  FirstName?: string;
  LastName?: string;
  FullName?: string;
  Company?: string;
  JobTitle?: string;
  PictureURL?: string;
  Biography?: string;
  Links?: SpeakerLink[];
  PersonID?: string | null;
}

/** `SpeakerIn` (unknown fields refused). */
export interface SpeakerBody {
  InternalName: string;
  PanoNodeID: string;
  FirstName: string;
  LastName: string;
  FullName: string;
  Company: string;
  JobTitle: string;
  PictureURL: string;
  Biography: string;
  Links: SpeakerLink[];
  PersonID: string | null;
}

export interface Relation {
  ID: string;
  EventID: string;
  ParentType: string;
  ParentID: string;
  RelationType: string;
  ChildType: string;
  ChildID: string;
  SortFields: Record<string, unknown>;
}

/** The parts of a cinema video (`VideoOut`) the schedule shows. */
export interface VideoSummary {
  ID: string;
  Title: string;
  Kind: string;
  PosterURL: string;
  DurationSeconds: number | null;
}

/** The event's videos for a picker, or why there are none to show yet. */
export type VideoChoices = { status: "loading" } | { status: "failed" } | { status: "ready"; videos: VideoSummary[] };

/** `ReplayOut`, as organizers get it (every recording, ended or not). */
export interface Recording {
  SessionID: string;
  IsEnded: boolean;
  Video: VideoSummary;
}

/** The parts of `GET /events/{EventID}` these screens read. */
export interface ScheduleEvent {
  ID: string;
  Title: string;
  TimeZone: string;
  DateBeginUTC: string;
  DateEndUTC: string;
  PanoURL?: string;
}

export const SESSION = "Session";
export const SPEAKER = "Speaker";
/** The relation type linking a session (parent) to a speaker (child). */
export const SPEAKER_RELATION = "Speaker";
/** Most relations one read returns (the server's page limit). */
const MAX_COUNT = 1000;

const id = encodeURIComponent;
const eventPath = (eventId: string) => `/events/${id(eventId)}`;

export const scheduleKeys = {
  /** The same key and call as the console layout's, so both read one cached event. */
  event: (eventId: string) => ["manage", "events", eventId] as const,
  sessions: (eventId: string) => ["manage", "events", eventId, "activities", SESSION] as const,
  speakers: (eventId: string) => ["manage", "events", eventId, "activities", SPEAKER] as const,
  speakerLinks: (eventId: string) => ["manage", "events", eventId, "relations", SPEAKER_RELATION] as const,
  /** Shared with the Media screen, which holds the same list. */
  videos: (eventId: string) => ["manage", "events", eventId, "videos"] as const,
  recordings: (eventId: string) => ["manage", "events", eventId, "replays"] as const,
  screens: (panoURL: string) => ["manage", "tours", "screens", panoURL] as const,
};

export const scheduleEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: scheduleKeys.event(eventId),
    queryFn: ({ signal }) => request<ScheduleEvent>(eventPath(eventId), { signal }),
  });

export const sessionsQuery = (eventId: string) =>
  queryOptions({
    queryKey: scheduleKeys.sessions(eventId),
    queryFn: ({ signal }) =>
      request<SessionActivity[]>(`${eventPath(eventId)}/activities`, { query: { EntityType: SESSION, MaxCount: MAX_COUNT }, signal }),
  });

export const speakersQuery = (eventId: string) =>
  queryOptions({
    queryKey: scheduleKeys.speakers(eventId),
    queryFn: ({ signal }) =>
      request<SpeakerActivity[]>(`${eventPath(eventId)}/activities`, { query: { EntityType: SPEAKER, MaxCount: MAX_COUNT }, signal }),
  });

export const speakerLinksQuery = (eventId: string) =>
  queryOptions({
    queryKey: scheduleKeys.speakerLinks(eventId),
    queryFn: ({ signal }) =>
      request<Relation[]>("/relations", {
        query: { EventID: eventId, ParentType: SESSION, RelationType: SPEAKER_RELATION, ChildType: SPEAKER, MaxCount: MAX_COUNT, SortFields: "Index" },
        signal,
      }),
  });

export const videosQuery = (eventId: string) =>
  queryOptions({
    queryKey: scheduleKeys.videos(eventId),
    queryFn: ({ signal }) => request<VideoSummary[]>(`${eventPath(eventId)}/videos`, { signal }),
  });

export const recordingsQuery = (eventId: string) =>
  queryOptions({
    queryKey: scheduleKeys.recordings(eventId),
    queryFn: ({ signal }) => request<Recording[]>(`${eventPath(eventId)}/replays`, { signal }),
  });

// ---------------------------------------------------------------------------------------------
// Writes

export function createActivity<T>(eventId: string, entityType: typeof SESSION | typeof SPEAKER, body: SessionBody | SpeakerBody): Promise<T> {
  return request<T>(`${eventPath(eventId)}/activities`, { method: "POST", query: { EntityType: entityType }, body });
}

export function updateActivity<T>(eventId: string, activityId: string, body: SessionBody | SpeakerBody): Promise<T> {
  return request<T>(`${eventPath(eventId)}/activities/${id(activityId)}`, { method: "PUT", body });
}

export function deleteActivity(eventId: string, activityId: string): Promise<undefined> {
  return request<undefined>(`${eventPath(eventId)}/activities/${id(activityId)}`, { method: "DELETE" });
}

export function createZoomMeeting(eventId: string, sessionId: string): Promise<SessionActivity> {
  return request<SessionActivity>(`${eventPath(eventId)}/activities/${id(sessionId)}/createzoommeeting`, { method: "POST" });
}

export function deleteZoomMeeting(eventId: string, sessionId: string): Promise<SessionActivity> {
  return request<SessionActivity>(`${eventPath(eventId)}/activities/${id(sessionId)}/deletemeeting`, { method: "DELETE" });
}

export function linkSpeaker(eventId: string, sessionId: string, speakerId: string, index: number): Promise<Relation> {
  return request<Relation>("/relations", {
    method: "POST",
    body: {
      EventID: eventId,
      ParentType: SESSION,
      ParentID: sessionId,
      RelationType: SPEAKER_RELATION,
      ChildType: SPEAKER,
      ChildID: speakerId,
      SortFields: { Index: index },
    },
  });
}

export function unlinkSpeaker(relationId: string): Promise<undefined> {
  return request<undefined>(`/relations/${id(relationId)}`, { method: "DELETE" });
}

export function attachRecording(eventId: string, sessionId: string, videoId: string): Promise<Recording> {
  return request<Recording>(`${eventPath(eventId)}/recordings/${id(sessionId)}`, { method: "PUT", body: { VideoID: videoId } });
}

export function detachRecording(eventId: string, sessionId: string): Promise<undefined> {
  return request<undefined>(`${eventPath(eventId)}/recordings/${id(sessionId)}`, { method: "DELETE" });
}
