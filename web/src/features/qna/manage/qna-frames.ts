/**
 * The Q&A section's live side: while it is mounted the console's socket is open and bound to the
 * event (the event's staff channel carries pending and hidden questions in full), and:
 *
 * - QUESTION_NOTIFY makes that session's list be read again, coalesced (one read per burst,
 *   REREAD_DELAY_MS after the first frame): frames leave out anonymous authors' names, which
 *   organizers read over REST. A deleted question goes at once.
 * - QUESTION_VOTES_NOTIFY puts the new counts into the cached list directly.
 * - When the socket (re)opens, the shown session's list is read again (frames may have been
 *   missed while it was closed).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { realtime } from "@/lib/realtime";
import { qnaKeys, type QuestionView } from "./api";
import { useCoalescedReread } from "@/lib/use-coalesced-reread";
import { useConsoleSocket } from "@/lib/use-console-socket";
import { withVotes } from "./qna-model";

export const REREAD_DELAY_MS = 300;

export function useQnaFrames(eventId: string, sessionId: string | null): void {
  const client = useQueryClient();
  // Only a list on screen is read at once; another session's is read when it is shown.
  const reread = useCoalescedReread(REREAD_DELAY_MS);
  useConsoleSocket(eventId, () => {
    if (sessionId) void client.invalidateQueries({ queryKey: qnaKeys.questions(eventId, sessionId) });
  });

  useEffect(() => {
    const change = (session: string, fn: (list: QuestionView[]) => QuestionView[]) =>
      client.setQueryData<QuestionView[]>(qnaKeys.questions(eventId, session), (old) => (old ? fn(old) : old));
    const stops = [
      realtime.subscribe("QUESTION_NOTIFY", (notice) => {
        if (notice.EventID !== eventId) return;
        if (notice.Deleted) change(notice.SessionID, (list) => list.filter((q) => q.ID !== notice.ID));
        reread(qnaKeys.questions(eventId, notice.SessionID));
      }),
      realtime.subscribe("QUESTION_VOTES_NOTIFY", (frame) => {
        if (frame.EventID === eventId) change(frame.SessionID, (list) => withVotes(list, frame.Votes));
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, eventId, reread]);
}
