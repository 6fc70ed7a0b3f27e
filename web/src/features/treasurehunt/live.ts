/**
 * The board kept live: TREASURE_HUNT_RANKING_NOTIFY (opcode 44, coalesced by the server per tick
 * and hunt) carries the hunt's top rows, which replace the board shown when the frame's Version is
 * newer than the newest applied (frames of several server processes cross; model.ts). The frame
 * cannot say where the caller stands outside the top, so the caller's own `/me` is read again —
 * coalesced, and after a delay drawn at random per board, so that ten thousand attendees watching
 * the board do not all ask in the same second. Frames only signal (architecture.md §5): when the
 * socket (re)opens, everything of the hunt is read again.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { realtime } from "@/lib/realtime";
import { useCoalescedReread } from "@/lib/use-coalesced-reread";
import type { HuntKeys } from "./api";
import { type Board, boardFromFrame } from "./model";

/** The own-rank reread waits between these many milliseconds after the first frame of a burst. */
export const OWN_RANK_DELAY_MS = { min: 1000, jitter: 3000 } as const;

export function useRankingFrames(eventID: string, keys: HuntKeys): void {
  const client = useQueryClient();
  const [delay] = useState(() => OWN_RANK_DELAY_MS.min + Math.floor(Math.random() * OWN_RANK_DELAY_MS.jitter));
  const reread = useCoalescedReread(delay);
  useEffect(
    () =>
      realtime.subscribe("TREASURE_HUNT_RANKING_NOTIFY", (frame) => {
        if (frame.EventID !== eventID) return;
        const key = keys.board(frame.HuntID);
        if (!boardFromFrame(client.getQueryData<Board>(key), frame)) return;
        // A read in flight started before this change: it must not land over the frame.
        void client.cancelQueries({ queryKey: key }).then(() => {
          client.setQueryData<Board>(key, (board) => boardFromFrame(board, frame) ?? board);
        });
        reread(keys.me(frame.HuntID));
      }),
    [client, eventID, keys, reread],
  );
}

/** Everything of the hunt read again whenever the socket (re)opens: frames may have been missed. */
export function useRereadOnReconnect(keys: HuntKeys): void {
  const client = useQueryClient();
  useEffect(
    () =>
      realtime.onStateChange((state) => {
        if (state === "open") void client.invalidateQueries({ queryKey: keys.all });
      }),
    [client, keys],
  );
}
