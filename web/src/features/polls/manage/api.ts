/**
 * The Polls section's calls (/tmp/live/contract.md "Polls"; all under `/api/v1/events/{E}`, for
 * organizers):
 *
 * - `GET /polls` every poll of the event, drafts included; `POST /polls` (201) a new one from the
 *   poll document; `PUT /polls/{P}` its new document; `DELETE` (204); `POST /polls/{P}/open` and
 *   `/close` (POLL_INCOMPLETE when opening without a question and two options).
 * - `GET /polls/{P}/ballots.csv`: the ballots as CSV, which needs the bearer token (`ballots-csv.ts`).
 * - The event (`GET /events/{E}`: its zone and tour), its sessions (`GET /activities?EntityType=
 *   Session`) and its tour's rooms (`{PanoURL}tour.json`) for the schedule and the binding.
 *
 * The poll's wire shape is POLL_NOTIFY's (lib/realtime) plus what REST adds.
 */
import { queryOptions } from "@tanstack/react-query";
import { request } from "@/lib/api-client";
import type { PollNotice, PollResults, PollState, ResultsMode } from "@/lib/realtime";

export type { PollResults, PollState, ResultsMode };

export const RESULTS_MODES = ["live", "closed", "hidden"] as const satisfies readonly ResultsMode[];

export interface PollOption {
  ID: string;
  Text: string;
}

/** The caller's own ballot (organizers rarely have one; kept for the type's sake). */
export interface Ballot {
  PollID: string;
  OptionIDs: string[];
  Other: string | null;
  UpdatedAt: string;
}

/** `PollView`: frame 27's fields without `Deleted`, plus what REST adds. */
export interface PollView extends Omit<PollNotice, "Deleted"> {
  /** Whether attendees may see the tally now (organizers always do). */
  ResultsVisible: boolean;
  /** The tally; organizers always get it, null only for a caller who may not see it. */
  Tally: PollResults | null;
  MyBallot: Ballot | null;
  IsActive: boolean;
  /** The Activity's own name fields (the demo finds its polls by InternalName). */
  InternalName?: string;
  Title?: string;
}

/** The poll document `POST /polls` and `PUT /polls/{P}` take. */
export interface PollBody {
  /** Sent back as stored: the PUT replaces the whole document, and this form does not edit them. */
  InternalName: string;
  Title: string;
  Question: string;
  Options: PollOption[];
  Multiple: boolean;
  AllowOther: boolean;
  AllowChange: boolean;
  Results: ResultsMode;
  OpensAt: string | null;
  ClosesAt: string | null;
  PanoNodeID: string;
  SessionID: string | null;
  /**
   * "Opened by hand" (the contract's `is_active`). Sent back as read, so saving an open poll's
   * text neither closes nor opens it: state changes go through Open and Close only.
   */
  IsActive: boolean;
}

/** The parts of `GET /events/{E}` this section reads. */
export interface PollsEvent {
  ID: string;
  TimeZone: string;
  PanoURL?: string;
}

/** The parts of a Session activity the binding offers. */
export interface SessionChoice {
  ID: string;
  InternalName: string;
  Title: string;
  DateBegin: string;
  DateEnd: string;
}

const id = encodeURIComponent;
const eventPath = (eventId: string) => `/events/${id(eventId)}`;
const pollsPath = (eventId: string) => `${eventPath(eventId)}/polls`;
export const pollPath = (eventId: string, pollId: string) => `${pollsPath(eventId)}/${id(pollId)}`;

export const pollsKeys = {
  /** The same key and call as the console layout's, so both read one cached event. */
  event: (eventId: string) => ["manage", "events", eventId] as const,
  polls: (eventId: string) => ["manage", "events", eventId, "polls"] as const,
  /** Shared with the Schedule and Media sections, which read the same list. */
  sessions: (eventId: string) => ["manage", "events", eventId, "activities", "Session"] as const,
  rooms: (panoURL: string) => ["manage", "polls", "tour-rooms", panoURL] as const,
};

export const pollsEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: pollsKeys.event(eventId),
    queryFn: ({ signal }) => request<PollsEvent>(eventPath(eventId), { signal }),
  });

export const pollsQuery = (eventId: string) =>
  queryOptions({
    queryKey: pollsKeys.polls(eventId),
    queryFn: ({ signal }) => request<PollView[]>(pollsPath(eventId), { signal }),
  });

export const sessionChoicesQuery = (eventId: string) =>
  queryOptions({
    queryKey: pollsKeys.sessions(eventId),
    queryFn: ({ signal }) =>
      request<SessionChoice[]>(`${eventPath(eventId)}/activities`, { query: { EntityType: "Session", MaxCount: 1000 }, signal }),
  });

export function createPoll(eventId: string, body: PollBody): Promise<PollView> {
  return request<PollView>(pollsPath(eventId), { method: "POST", body });
}

export function updatePoll(eventId: string, pollId: string, body: PollBody): Promise<PollView> {
  return request<PollView>(pollPath(eventId, pollId), { method: "PUT", body });
}

export function deletePoll(eventId: string, pollId: string): Promise<undefined> {
  return request<undefined>(pollPath(eventId, pollId), { method: "DELETE" });
}

export function openPoll(eventId: string, pollId: string): Promise<PollView> {
  return request<PollView>(`${pollPath(eventId, pollId)}/open`, { method: "POST" });
}

export function closePoll(eventId: string, pollId: string): Promise<PollView> {
  return request<PollView>(`${pollPath(eventId, pollId)}/close`, { method: "POST" });
}
