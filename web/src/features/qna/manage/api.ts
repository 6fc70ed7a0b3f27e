/**
 * The Q&A section's calls (/tmp/live/contract.md "Q&A"; under `/api/v1/events/{E}/sessions/{S}`,
 * for organizers):
 *
 * - `GET /questions`: every question of the session, pending and hidden included, with the
 *   author's name even when they asked anonymously (`AuthorName`; attendees get null).
 * - `PATCH /questions/{Q}` `{Status?, Answered?, Pinned?}`: moderation (pinning one unpins the
 *   session's other pinned question); `DELETE /questions/{Q}` (204).
 * - `PUT /interaction` `{QnaEnabled, QnaModerated, ReactionsEnabled}`: the session's switches.
 * - The event's sessions (`GET /activities?EntityType=Session`) to pick from; their documents
 *   carry the switches (absent in older documents: Q&A on, no pre-moderation, reactions on).
 *
 * The question's wire shape is QUESTION_NOTIFY's (lib/realtime) plus what REST adds.
 */
import { queryOptions } from "@tanstack/react-query";
import { request } from "@/lib/api-client";
import type { QuestionNotice, QuestionStatus } from "@/lib/realtime";

export type { QuestionStatus };

/** `QuestionView`: frame 29's fields without `Deleted`, plus the caller's own marks. */
export interface QuestionView extends Omit<QuestionNotice, "Deleted"> {
  Upvoted: boolean;
  Mine: boolean;
}

export interface QuestionChange {
  Status?: Exclude<QuestionStatus, "pending">;
  Answered?: boolean;
  Pinned?: boolean;
}

export interface Interaction {
  QnaEnabled: boolean;
  QnaModerated: boolean;
  ReactionsEnabled: boolean;
}

export type InteractionAnswer = Interaction & { SessionID: string };

/** The parts of a Session activity this section reads. */
export interface QnaSession extends Partial<Interaction> {
  ID: string;
  InternalName: string;
  Title: string;
  DateBegin: string;
  DateEnd: string;
}

/** The parts of `GET /events/{E}` this section reads. */
export interface QnaEvent {
  ID: string;
  TimeZone: string;
}

/** The switches of a session, with the contract's defaults for documents written before them. */
export function interactionOf(session: QnaSession): Interaction {
  return {
    QnaEnabled: session.QnaEnabled ?? true,
    QnaModerated: session.QnaModerated ?? false,
    ReactionsEnabled: session.ReactionsEnabled ?? true,
  };
}

const id = encodeURIComponent;
const eventPath = (eventId: string) => `/events/${id(eventId)}`;
const sessionPath = (eventId: string, sessionId: string) => `${eventPath(eventId)}/sessions/${id(sessionId)}`;
const questionPath = (eventId: string, sessionId: string, questionId: string) => `${sessionPath(eventId, sessionId)}/questions/${id(questionId)}`;

export const qnaKeys = {
  /** The same key and call as the console layout's, so both read one cached event. */
  event: (eventId: string) => ["manage", "events", eventId] as const,
  /** Shared with the Schedule, Media and Polls sections, which read the same list. */
  sessions: (eventId: string) => ["manage", "events", eventId, "activities", "Session"] as const,
  questions: (eventId: string, sessionId: string) => ["manage", "events", eventId, "sessions", sessionId, "questions"] as const,
};

export const qnaEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: qnaKeys.event(eventId),
    queryFn: ({ signal }) => request<QnaEvent>(eventPath(eventId), { signal }),
  });

export const qnaSessionsQuery = (eventId: string) =>
  queryOptions({
    queryKey: qnaKeys.sessions(eventId),
    queryFn: ({ signal }) => request<QnaSession[]>(`${eventPath(eventId)}/activities`, { query: { EntityType: "Session", MaxCount: 1000 }, signal }),
  });

export const questionsQuery = (eventId: string, sessionId: string) =>
  queryOptions({
    queryKey: qnaKeys.questions(eventId, sessionId),
    queryFn: ({ signal }) => request<QuestionView[]>(`${sessionPath(eventId, sessionId)}/questions`, { signal }),
  });

export function moderateQuestion(eventId: string, sessionId: string, questionId: string, change: QuestionChange): Promise<QuestionView> {
  return request<QuestionView>(questionPath(eventId, sessionId, questionId), { method: "PATCH", body: change });
}

export function deleteQuestion(eventId: string, sessionId: string, questionId: string): Promise<undefined> {
  return request<undefined>(questionPath(eventId, sessionId, questionId), { method: "DELETE" });
}

export function putInteraction(eventId: string, sessionId: string, body: Interaction): Promise<InteractionAnswer> {
  return request<InteractionAnswer>(`${sessionPath(eventId, sessionId)}/interaction`, { method: "PUT", body });
}
