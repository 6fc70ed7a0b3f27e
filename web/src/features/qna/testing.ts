/** Fixtures and a fake REST server for the Q&A tests (not shipped: only tests import it). */
import type { QuestionNotice } from "@/lib/realtime";
import type { Question } from "./api";

export function question(id: string, over: Partial<Question> = {}): Question {
  return {
    ID: id,
    EventID: "e1",
    SessionID: "s1",
    Text: `Question ${id}?`,
    AuthorName: "Ada Lovelace",
    Anonymous: false,
    Status: "visible",
    Answered: false,
    Pinned: false,
    Votes: 0,
    CreatedAt: "2026-05-09T12:00:00Z",
    Upvoted: false,
    Mine: false,
    ...over,
  };
}

export function questionNotice(id: string, over: Partial<QuestionNotice> = {}): QuestionNotice {
  const fields: Partial<Question> = question(id);
  delete fields.Upvoted;
  delete fields.Mine;
  return { ...(fields as Omit<Question, "Upvoted" | "Mine">), Deleted: false, ...over };
}

export { type Reply, refused, routeServer as fakeServer } from "@/test/route-server";
