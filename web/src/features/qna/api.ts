/**
 * The attendee's Q&A calls (contract: /api/v1/events/{EventID}/sessions/{SessionID}/questions…).
 * Answers are typed, not re-checked: they come from our own server, whose schemas the contract
 * fixes; the realtime frames that update them are checked by lib/realtime. An upvote goes over the
 * socket when it is open (`addUpvote`), since a whole audience may like a question at once.
 */
import { request } from "@/lib/api-client";
import { newTmpID, NoAnswer, type QuestionNotice, type QuestionUpvoteNotice, realtime, sendCommand } from "@/lib/realtime";

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

/** What adding an upvote answered: the question over REST, the stored upvote (its count) over the socket. */
export type UpvoteAnswer = { via: "rest"; question: Question } | { via: "socket"; upvote: QuestionUpvoteNotice };

/**
 * Upvotes: QUESTION_UPVOTE over the open socket (answered by QUESTION_UPVOTE_NOTIFY, refused with
 * QUESTION_UPVOTE_ERROR — the same codes as the PUT), else the PUT. A socket that is closed, or
 * gives no answer in time, means the PUT: if the socket's upvote was stored after all, the PUT is
 * refused ALREADY_UPVOTED, which counts as upvoted. Taking an upvote back is `setUpvote(…, false)`.
 */
export async function addUpvote(eventID: string, sessionID: string, questionID: string): Promise<UpvoteAnswer> {
  try {
    const payload = { SessionID: sessionID, QuestionID: questionID, TmpID: newTmpID() };
    const upvote = await sendCommand(realtime, "QUESTION_UPVOTE", payload, "QUESTION_UPVOTE_NOTIFY", "QUESTION_UPVOTE_ERROR");
    return { via: "socket", upvote };
  } catch (error) {
    if (error instanceof NoAnswer) return { via: "rest", question: await setUpvote(eventID, sessionID, questionID, true) };
    throw error;
  }
}
