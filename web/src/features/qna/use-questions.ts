/**
 * One session's questions, kept current while the Q&A is shown: the REST list, then
 * QUESTION_NOTIFY (asked, approved, answered, pinned, hidden, deleted), QUESTION_VOTES_NOTIFY
 * (recounted votes) and QUESTION_UPVOTE_NOTIFY (the attendee's own upvote, from any of their tabs,
 * also one whose socket command this tab stopped waiting for). Frames only signal
 * (architecture.md §5): after a reconnect the list is read again.
 */
import { useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { realtime } from "@/lib/realtime";
import { listQuestions, type Question } from "./api";
import { applyQuestion, applyUpvote, applyVotes } from "./model";

export const questionsKey = (eventID: string, sessionID: string): QueryKey => ["qna", eventID, sessionID];

export function useQuestions(eventID: string, sessionID: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: questionsKey(eventID, sessionID),
    queryFn: ({ signal }) => listQuestions(eventID, sessionID, signal),
    enabled: eventID !== "" && sessionID !== "",
  });

  useEffect(() => {
    const queryKey = questionsKey(eventID, sessionID);
    const update = (change: (questions: Question[]) => Question[]) =>
      client.setQueryData<Question[]>(queryKey, (questions) => (questions ? change(questions) : questions));
    const ours = (frame: { EventID: string; SessionID: string }) => frame.EventID === eventID && frame.SessionID === sessionID;
    const stops = [
      realtime.subscribe("QUESTION_NOTIFY", (notice) => {
        if (ours(notice)) update((questions) => applyQuestion(questions, notice));
      }),
      realtime.subscribe("QUESTION_VOTES_NOTIFY", (votes) => {
        if (ours(votes)) update((questions) => applyVotes(questions, votes));
      }),
      realtime.subscribe("QUESTION_UPVOTE_NOTIFY", (upvote) => {
        if (ours(upvote)) update((questions) => applyUpvote(questions, upvote));
      }),
      realtime.onStateChange((state) => {
        if (state === "open") void client.invalidateQueries({ queryKey });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, eventID, sessionID]);

  return query;
}
