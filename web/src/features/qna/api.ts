/**
 * The attendee's Q&A calls (contract: /api/v1/events/{EventID}/sessions/{SessionID}/questions…).
 * Answers are typed, not re-checked: they come from our own server, whose schemas the contract
 * fixes; the realtime frames that update them are checked by lib/realtime.
 */
import { request } from "@/lib/api-client";
import type { QuestionNotice } from "@/lib/realtime";

/**
 * A question as the attendee reads it: the QUESTION_NOTIFY fields (without `Deleted`), whether
 * the attendee upvoted it and whether they asked it. `AuthorName` is the author's own name for
 * their anonymous questions, null for other attendees'.
 */
export interface Question extends Omit<QuestionNotice, "Deleted"> {
  Upvoted: boolean;
  Mine: boolean;
}

const questionsPath = (eventID: string, sessionID: string) =>
  `/events/${encodeURIComponent(eventID)}/sessions/${encodeURIComponent(sessionID)}/questions`;

/** GET …/questions: the visible questions and the attendee's own (any status). */
export function listQuestions(eventID: string, sessionID: string, signal?: AbortSignal): Promise<Question[]> {
  return request<Question[]>(questionsPath(eventID, sessionID), { signal });
}

/** POST …/questions: pending when the session is moderated, else visible at once. */
export function askQuestion(eventID: string, sessionID: string, body: { Text: string; Anonymous: boolean }): Promise<Question> {
  return request<Question>(questionsPath(eventID, sessionID), { method: "POST", body });
}

/** PUT (upvote) or DELETE (take the upvote back) …/questions/{Q}/vote; answers the question. */
export function setUpvote(eventID: string, sessionID: string, questionID: string, on: boolean): Promise<Question> {
  return request<Question>(`${questionsPath(eventID, sessionID)}/${encodeURIComponent(questionID)}/vote`, { method: on ? "PUT" : "DELETE" });
}
