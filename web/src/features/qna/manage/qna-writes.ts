/**
 * The Q&A section's writes, each putting the server's answer into the cached lists: a moderated
 * question into its session's list (pinning one unpins the others, as the server does), a deleted
 * one out of it, and a session's switches into the event's sessions.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  deleteQuestion,
  moderateQuestion,
  putInteraction,
  qnaKeys,
  type Interaction,
  type QnaSession,
  type QuestionChange,
  type QuestionView,
} from "./api";
import { withQuestion } from "./qna-model";

export function useQnaWrites(eventId: string, sessionId: string) {
  const client = useQueryClient();
  return useMemo(() => {
    const key = qnaKeys.questions(eventId, sessionId);
    const change = (fn: (list: QuestionView[]) => QuestionView[]) => client.setQueryData<QuestionView[]>(key, (old) => (old ? fn(old) : old));
    const forget = (questionId: string) => change((list) => list.filter((q) => q.ID !== questionId));
    return {
      async moderate(questionId: string, body: QuestionChange): Promise<QuestionView> {
        const question = await moderateQuestion(eventId, sessionId, questionId, body);
        change((list) => withQuestion(list, question));
        return question;
      },
      async remove(questionId: string): Promise<void> {
        await deleteQuestion(eventId, sessionId, questionId);
        forget(questionId);
      },
      /** After a 404: it was deleted elsewhere. */
      forget,
      async setInteraction(body: Interaction): Promise<Interaction> {
        const { SessionID, ...saved } = await putInteraction(eventId, sessionId, body);
        client.setQueryData<QnaSession[]>(qnaKeys.sessions(eventId), (old) => old?.map((s) => (s.ID === SessionID ? { ...s, ...saved } : s)));
        return saved;
      },
    };
  }, [client, eventId, sessionId]);
}

export type QnaWrites = ReturnType<typeof useQnaWrites>;
