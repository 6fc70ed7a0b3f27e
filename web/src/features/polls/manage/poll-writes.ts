/**
 * The Polls section's writes, each putting the server's answer into the cached list (a tally a
 * frame brought meanwhile is kept when it is newer; poll-cache.ts).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { closePoll, createPoll, deletePoll, openPoll, updatePoll, type PollBody, type PollView } from "./api";
import { updatePolls, withPoll } from "./poll-cache";

export function usePollWrites(eventId: string) {
  const client = useQueryClient();
  return useMemo(() => {
    const put = (poll: PollView) => {
      updatePolls(client, eventId, (list) => withPoll(list, poll));
      return poll;
    };
    const forget = (pollId: string) => updatePolls(client, eventId, (list) => list.filter((p) => p.ID !== pollId));
    return {
      create: async (body: PollBody) => put(await createPoll(eventId, body)),
      update: async (pollId: string, body: PollBody) => put(await updatePoll(eventId, pollId, body)),
      open: async (pollId: string) => put(await openPoll(eventId, pollId)),
      close: async (pollId: string) => put(await closePoll(eventId, pollId)),
      async remove(pollId: string): Promise<void> {
        await deletePoll(eventId, pollId);
        forget(pollId);
      },
      /** After a 404: it was deleted elsewhere. */
      forget,
    };
  }, [client, eventId]);
}

export type PollWrites = ReturnType<typeof usePollWrites>;
