/**
 * The section's live side: while it is mounted the console's socket is open and bound to the
 * event (lib/use-console-socket.ts), whose channel carries TREASURE_HUNT_RANKING_NOTIFY (opcode
 * 44) after finds and score changes. The frame holds the attendees' top ten with hidden names
 * hidden, not the organizers' 50 rows with real names, so it only signals: the hunt's board and
 * its items' find counts are read again, once per burst. Each time the socket (re)opens the whole
 * section is read again: frames may have been missed meanwhile.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { realtime } from "@/lib/realtime";
import { useCoalescedReread } from "@/lib/use-coalesced-reread";
import { useConsoleSocket } from "@/lib/use-console-socket";
import type { HuntKeys } from "../api";

/** A find storm costs one read per second, not one per find; the board is that fresh. */
export const BOARD_REREAD_MS = 1000;

export function useBoardFrames(eventId: string, keys: HuntKeys): void {
  const client = useQueryClient();
  const reread = useCoalescedReread(BOARD_REREAD_MS);
  useConsoleSocket(eventId, () => void client.invalidateQueries({ queryKey: keys.all }));
  useEffect(
    () =>
      realtime.subscribe("TREASURE_HUNT_RANKING_NOTIFY", (frame) => {
        if (frame.EventID !== eventId) return;
        reread(keys.board(frame.HuntID));
        reread(keys.items(frame.HuntID));
      }),
    [eventId, keys, reread],
  );
}
