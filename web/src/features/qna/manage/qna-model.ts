/**
 * The moderation queue's rules, apart from the screen:
 *
 * - Every question is in exactly one tab: hidden ones under Hidden, those waiting for approval
 *   under Pending, the visible ones under Answered or Visible by their mark.
 * - Within a tab: pinned first, then most votes, then oldest first (the server's order, kept
 *   when frames change the counts); Pending is oldest first only, the order they came in.
 * - The session shown first: the one running now, else the next to begin, else the last to end.
 */
import type { QnaSession, QuestionView } from "./api";

export const TABS = ["pending", "visible", "answered", "hidden"] as const;
export type QnaTab = (typeof TABS)[number];

export function tabOf(question: Pick<QuestionView, "Status" | "Answered">): QnaTab {
  if (question.Status === "hidden") return "hidden";
  if (question.Status === "pending") return "pending";
  return question.Answered ? "answered" : "visible";
}

const time = (iso: string) => Date.parse(iso) || 0;

export function questionsIn(tab: QnaTab, questions: readonly QuestionView[]): QuestionView[] {
  const chosen = questions.filter((q) => tabOf(q) === tab);
  if (tab === "pending") return chosen.sort((a, b) => time(a.CreatedAt) - time(b.CreatedAt));
  return chosen.sort((a, b) => Number(b.Pinned) - Number(a.Pinned) || b.Votes - a.Votes || time(a.CreatedAt) - time(b.CreatedAt));
}

export function countByTab(questions: readonly QuestionView[]): Record<QnaTab, number> {
  const counts: Record<QnaTab, number> = { pending: 0, visible: 0, answered: 0, hidden: 0 };
  for (const q of questions) counts[tabOf(q)] += 1;
  return counts;
}

/** The list with the new vote counts of a QUESTION_VOTES_NOTIFY; the same list when none changed. */
export function withVotes(list: QuestionView[], votes: readonly { ID: string; Votes: number }[]): QuestionView[] {
  const byId = new Map(votes.map((v) => [v.ID, v.Votes]));
  let changed = false;
  const next = list.map((q) => {
    const count = byId.get(q.ID);
    if (count === undefined || count === q.Votes) return q;
    changed = true;
    return { ...q, Votes: count };
  });
  return changed ? next : list;
}

/** The list with a moderated question as the server answered; pinning one unpins the others. */
export function withQuestion(list: QuestionView[], question: QuestionView): QuestionView[] {
  return list.map((q) => (q.ID === question.ID ? question : question.Pinned && q.Pinned ? { ...q, Pinned: false } : q));
}

export function defaultSession(sessions: readonly QnaSession[], now: number): QnaSession | undefined {
  const running = sessions.filter((s) => time(s.DateBegin) <= now && now < time(s.DateEnd));
  if (running.length > 0) return running.sort((a, b) => time(b.DateBegin) - time(a.DateBegin))[0];
  const next = sessions.filter((s) => time(s.DateBegin) > now).sort((a, b) => time(a.DateBegin) - time(b.DateBegin))[0];
  return next ?? [...sessions].sort((a, b) => time(b.DateEnd) - time(a.DateEnd))[0];
}
