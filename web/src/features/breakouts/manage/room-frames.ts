/**
 * The section's live side: while it is mounted the console's socket is open and bound to the
 * event (lib/use-console-socket.ts), whose channel carries BREAKOUT_OCCUPANCY_NOTIFY and
 * BREAKOUT_ROOM_NOTIFY. Occupancy goes into the cached list by `Version` (the newest per room
 * wins, as for attendees: ../model.ts); a room notice updates a known room at once, removes a
 * deleted one and asks for a reread shortly after, coalesced, since only REST carries a new
 * room's call and chat. Each time the socket (re)opens the list is read again: frames may have
 * been missed meanwhile.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { realtime } from "@/lib/realtime";
import { useCoalescedReread } from "@/lib/use-coalesced-reread";
import { useConsoleSocket } from "@/lib/use-console-socket";
import { withOccupancy, withRoomNotice } from "../model";
import { breakoutsKeys } from "./api";
import { updateRooms } from "./room-writes";

export const REREAD_DELAY_MS = 500;

export function useRoomFrames(eventId: string): void {
  const client = useQueryClient();
  const reread = useCoalescedReread(REREAD_DELAY_MS);
  useConsoleSocket(eventId, () => void client.invalidateQueries({ queryKey: breakoutsKeys.rooms(eventId) }));

  useEffect(() => {
    const stops = [
      realtime.subscribe("BREAKOUT_OCCUPANCY_NOTIFY", (notice) => {
        if (notice.EventID === eventId) updateRooms(client, eventId, (rooms) => withOccupancy(rooms, notice));
      }),
      realtime.subscribe("BREAKOUT_ROOM_NOTIFY", (notice) => {
        if (notice.EventID !== eventId) return;
        updateRooms(client, eventId, (rooms) => (notice.Deleted || rooms.some((r) => r.ID === notice.ID) ? withRoomNotice(rooms, notice) : rooms));
        if (!notice.Deleted) reread(breakoutsKeys.rooms(eventId));
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, eventId, reread]);
}
