/**
 * The polls where the attendee is, kept current while the panel is open: the REST list, then the
 * frames — POLL_NOTIFY (opened, closed, edited, deleted), POLL_RESULTS_NOTIFY (the newest tally
 * wins), POLL_BALLOT_NOTIFY (the attendee's ballot from another tab). Frames only signal
 * (architecture.md §5): after a reconnect the list is read again, since frames may have been missed.
 */
import { useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { realtime } from "@/lib/realtime";
import { getResults, listPolls, type PollView, type Where } from "./api";
import { applyBallot, applyNotice, applyTally, sortPolls } from "./model";

/**
 * A tally newly visible to everybody at once (a poll with Results "closed" closing) is read by
 * the whole audience; spread over this long, so it is not read in the same second.
 */
export const TALLY_SPREAD_MS = 3000;

export const pollsKey = (eventID: string, where: Where): QueryKey => ["polls", eventID, where.nodeID, where.sessionIDs[0] ?? null];

export function usePolls(eventID: string, where: Where, random: () => number = Math.random) {
  const client = useQueryClient();
  const key = pollsKey(eventID, where);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listPolls(eventID, where, signal),
    enabled: eventID !== "",
    select: sortPolls,
  });

  // The key's parts, not the array (a new array every render), decide when to subscribe again.
  const [, , nodeID, firstSession] = key;
  const sessionList = where.sessionIDs.join(" ");
  useEffect(() => {
    const here: Where = { nodeID: nodeID as string | null, sessionIDs: sessionList ? sessionList.split(" ") : [] };
    const queryKey = pollsKey(eventID, here);
    const update = (change: (polls: PollView[]) => PollView[]) => client.setQueryData<PollView[]>(queryKey, (polls) => (polls ? change(polls) : polls));
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const readTally = (pollID: string) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        getResults(eventID, pollID)
          .then((tally) => update((polls) => applyTally(polls, tally)))
          // Not visible after all (403) or offline: the panel says the results come later.
          .catch(() => undefined);
      }, random() * TALLY_SPREAD_MS);
      timers.add(timer);
    };
    const stops = [
      realtime.subscribe("POLL_NOTIFY", (notice) => {
        if (notice.EventID !== eventID) return;
        let needsTally = false;
        update((polls) => {
          const result = applyNotice(polls, notice, here);
          needsTally = result.needsTally;
          return result.polls;
        });
        if (needsTally) readTally(notice.ID);
      }),
      realtime.subscribe("POLL_RESULTS_NOTIFY", (tally) => {
        if (tally.EventID === eventID) update((polls) => applyTally(polls, tally));
      }),
      realtime.subscribe("POLL_BALLOT_NOTIFY", (ballot) => {
        if (ballot.EventID === eventID) update((polls) => applyBallot(polls, ballot));
      }),
      realtime.onStateChange((state) => {
        if (state === "open") void client.invalidateQueries({ queryKey });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [client, eventID, nodeID, firstSession, sessionList, random]);

  return query;
}
