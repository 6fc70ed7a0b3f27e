/**
 * The Q&A rules as pure functions of the list: the two orders (pinned on top in both), how each
 * frame changes the list, and what a refusal means to the attendee.
 */
import { ApiError } from "@/lib/api-client";
import type { QuestionNotice, QuestionUpvoteNotice, QuestionVotes } from "@/lib/realtime";
import type { Question } from "./api";
import type { QnaKey } from "./i18n";

/** The contract's limit on a question's text. */
export const QUESTION_MAX = 500;

export type SortMode = "top" | "newest";

const time = (iso: string) => Date.parse(iso) || 0;

/**
 * Pinned first (the organizers put it there), then by votes (ties: the older question first, as
 * the server sorts) or by time (newest first).
 */
export function sortQuestions(questions: readonly Question[], mode: SortMode): Question[] {
  return [...questions].sort((a, b) => {
    if (a.Pinned !== b.Pinned) return a.Pinned ? -1 : 1;
    if (mode === "top" && a.Votes !== b.Votes) return b.Votes - a.Votes;
    const byTime = mode === "top" ? time(a.CreatedAt) - time(b.CreatedAt) : time(b.CreatedAt) - time(a.CreatedAt);
    return byTime || a.ID.localeCompare(b.ID);
  });
}

/**
 * A QUESTION_NOTIFY applied to one session's list. A hidden question arrives without its text and
 * goes — except the attendee's own, which stays (with the text they wrote) marked as not
 * published. The frame does not say who upvoted or asked, so those stay as known.
 */
export function applyQuestion(questions: readonly Question[], notice: QuestionNotice): Question[] {
  const held = questions.find((q) => q.ID === notice.ID);
  const { Deleted, ...fields } = notice;
  if (Deleted) return questions.filter((q) => q.ID !== notice.ID);
  if (notice.Status === "hidden") {
    if (!held?.Mine) return questions.filter((q) => q.ID !== notice.ID);
    return questions.map((q) => (q.ID === notice.ID ? { ...q, Status: "hidden", Answered: notice.Answered, Pinned: notice.Pinned } : q));
  }
  // AuthorName is null in frames for anonymous questions; the author's own view keeps their name.
  const next: Question = { ...fields, AuthorName: fields.AuthorName ?? held?.AuthorName ?? null, Upvoted: held?.Upvoted ?? false, Mine: held?.Mine ?? false };
  // Pinning one question unpins the session's other one (the server's rule; its frame may come later).
  const list = next.Pinned ? questions.map((q) => (q.Pinned && q.ID !== next.ID ? { ...q, Pinned: false } : q)) : questions;
  return held ? list.map((q) => (q.ID === next.ID ? next : q)) : [...list, next];
}

/** A QUESTION_VOTES_NOTIFY: the recounted votes of the questions that changed. */
export function applyVotes(questions: readonly Question[], frame: Pick<QuestionVotes, "Votes">): Question[] {
  const votes = new Map(frame.Votes.map((v) => [v.ID, v.Votes]));
  let changed = false;
  const next = questions.map((q) => {
    const count = votes.get(q.ID);
    if (count === undefined || count === q.Votes) return q;
    changed = true;
    return { ...q, Votes: count };
  });
  return changed ? next : (questions as Question[]);
}

/** A question as the server answered the attendee's own call (asked, upvoted): added or replaced. */
export function upsertQuestion(questions: readonly Question[], question: Question): Question[] {
  return questions.some((q) => q.ID === question.ID) ? questions.map((q) => (q.ID === question.ID ? question : q)) : [...questions, question];
}

/**
 * A QUESTION_UPVOTE_NOTIFY: the attendee's own upvote as stored (from this tab's socket command,
 * or another tab's upvote by either way), with the question's count right after it.
 */
export function applyUpvote(questions: readonly Question[], upvote: Pick<QuestionUpvoteNotice, "QuestionID" | "Votes">): Question[] {
  let changed = false;
  const next = questions.map((q) => {
    if (q.ID !== upvote.QuestionID || (q.Upvoted && q.Votes === upvote.Votes)) return q;
    changed = true;
    return { ...q, Upvoted: true, Votes: upvote.Votes };
  });
  return changed ? next : (questions as Question[]);
}

/** The upvote toggled at once (the answer or the next frame corrects the count). */
export function toggleUpvote(questions: readonly Question[], questionID: string, on: boolean): Question[] {
  return questions.map((q) => (q.ID === questionID && q.Upvoted !== on ? { ...q, Upvoted: on, Votes: Math.max(0, q.Votes + (on ? 1 : -1)) } : q));
}

export interface Refusal {
  key: QnaKey;
  values?: Record<string, number>;
}

function dataNumber(error: ApiError, key: string): number | null {
  const data = typeof error.data === "object" && error.data !== null ? (error.data as Record<string, unknown>)[key] : undefined;
  return typeof data === "number" ? data : null;
}

/** The Q&A codes of the contract in words; null for others (network, …: the app's messages). */
export function refusal(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case "QNA_CLOSED":
      return { key: "errors.closed" };
    case "QUESTION_NOT_FOUND":
      return { key: "errors.notFound" };
    case "TEXT_EMPTY":
      return { key: "errors.empty" };
    case "TEXT_TOO_LONG":
      return { key: "errors.tooLong", values: { max: dataNumber(error, "MaxLength") ?? QUESTION_MAX } };
    case "RATE_LIMITED": {
      const wait = dataNumber(error, "RetryAfterMs");
      return wait === null ? null : { key: "errors.rateLimited", values: { seconds: Math.max(1, Math.ceil(wait / 1000)) } };
    }
    default:
      return null;
  }
}
