/**
 * The Polls section's live side: while it is mounted the console's socket is open and bound to the
 * event (so the server puts it on the event's staff channel, where drafts and hidden tallies go),
 * and the poll frames keep the cached list in step (poll-cache.ts). Frames only signal: when the
 * socket (re)opens, the list is read again, since frames may have been missed meanwhile; a
 * POLL_NOTIFY also asks for a reread shortly after (the frame lacks `ResultsVisible` and, for a
 * new poll, the tally), coalesced so a burst of changes costs one read.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { realtime } from "@/lib/realtime";
import { pollsKeys } from "./api";
import { useCoalescedReread } from "@/lib/use-coalesced-reread";
import { useConsoleSocket } from "@/lib/use-console-socket";
import { updatePolls, withNotice, withResults } from "./poll-cache";

export const REREAD_DELAY_MS = 500;

export function usePollFrames(eventId: string): void {
  const client = useQueryClient();
  const reread = useCoalescedReread(REREAD_DELAY_MS);
  useConsoleSocket(eventId, () => void client.invalidateQueries({ queryKey: pollsKeys.polls(eventId) }));

  useEffect(() => {
    const stops = [
      realtime.subscribe("POLL_RESULTS_NOTIFY", (frame) => {
        if (frame.EventID === eventId) updatePolls(client, eventId, (list) => withResults(list, frame));
      }),
      realtime.subscribe("POLL_NOTIFY", (notice) => {
        if (notice.EventID !== eventId) return;
        updatePolls(client, eventId, (list) => withNotice(list, notice).list);
        if (!notice.Deleted) reread(pollsKeys.polls(eventId));
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, eventId, reread]);
}
