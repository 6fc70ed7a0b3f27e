/**
 * The event's rooms, kept current while a breakout view is shown: the REST list, then the
 * frames — BREAKOUT_OCCUPANCY_NOTIFY (who is inside; the newest `Version` per room wins) and
 * BREAKOUT_ROOM_NOTIFY (made, changed, opened, closed, deleted). Frames only signal
 * (architecture.md §5): when the socket (re)opens the list is read again. The way into a room's
 * call is not read from here: the person's own BREAKOUT_PRESENCE_NOTIFY brings it.
 */
import { useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { realtime } from "@/lib/realtime";
import { type BreakoutRoom, listRooms } from "./api";
import { withOccupancy, withRoomNotice } from "./model";

export const roomsKey = (eventID: string): QueryKey => ["breakouts", eventID];

export function useRooms(eventID: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: roomsKey(eventID),
    queryFn: ({ signal }) => listRooms(eventID, signal),
    enabled: eventID !== "",
  });

  useEffect(() => {
    const key = roomsKey(eventID);
    const update = (change: (rooms: BreakoutRoom[]) => BreakoutRoom[]) => client.setQueryData<BreakoutRoom[]>(key, (rooms) => (rooms ? change(rooms) : rooms));
    const stops = [
      realtime.subscribe("BREAKOUT_OCCUPANCY_NOTIFY", (notice) => {
        if (notice.EventID === eventID) update((rooms) => withOccupancy(rooms, notice));
      }),
      realtime.subscribe("BREAKOUT_ROOM_NOTIFY", (notice) => {
        if (notice.EventID === eventID) update((rooms) => withRoomNotice(rooms, notice));
      }),
      realtime.onStateChange((state) => {
        if (state === "open") void client.invalidateQueries({ queryKey: key });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, eventID]);

  return query;
}
