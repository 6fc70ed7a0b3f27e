/**
 * The section's writes, each putting the server's answer into the cached list (the occupancy a
 * frame brought meanwhile is kept when its `Version` is newer).
 *
 * Saving a room that meets in Zoom is two calls: the room, then `createzoommeeting`, which makes
 * the meeting through the event's Zoom account and writes its join data into the room. If Zoom
 * refuses (not configured, unreachable) the room stays saved and the refusal is reported apart,
 * so the organizer can try again by saving once more. Leaving Zoom deletes the meeting first: its
 * delete resets the room's call, which would otherwise undo the new one.
 */
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  breakoutsKeys,
  broadcast,
  closeRoom,
  createRoom,
  createZoomMeeting,
  deleteRoom,
  deleteZoomMeeting,
  getRoom,
  movePerson,
  openRoom,
  updateRoom,
  type BreakoutRoom,
} from "./api";
import { hasZoomMeeting, toRoomBody, type RoomFormValues } from "./room-schema";

export function updateRooms(client: QueryClient, eventId: string, change: (rooms: BreakoutRoom[]) => BreakoutRoom[]): void {
  client.setQueryData<BreakoutRoom[]>(breakoutsKeys.rooms(eventId), (rooms) => (rooms ? change(rooms) : rooms));
}

/** The list with a room as a write answered it; newer occupancy already shown is kept. */
export function withRoom(rooms: readonly BreakoutRoom[], room: BreakoutRoom): BreakoutRoom[] {
  const old = rooms.find((r) => r.ID === room.ID);
  if (!old) return [...rooms, room];
  const keep = old.Version > room.Version;
  const occupancy = keep ? { Version: old.Version, Occupancy: old.Occupancy, SeatsLeft: old.SeatsLeft, PersonIDs: old.PersonIDs } : {};
  return rooms.map((r) => (r.ID === room.ID ? { ...room, ...occupancy } : r));
}

export interface Saved {
  room: BreakoutRoom;
  /** Zoom refused to make the meeting; the room itself is saved. */
  zoomError: unknown;
}

export function useRoomWrites(eventId: string, timeZone: string) {
  const client = useQueryClient();
  return useMemo(() => {
    const put = (room: BreakoutRoom) => {
      updateRooms(client, eventId, (rooms) => withRoom(rooms, room));
      return room;
    };
    const forget = (roomId: string) => updateRooms(client, eventId, (rooms) => rooms.filter((r) => r.ID !== roomId));
    return {
      async save(values: RoomFormValues, stored: BreakoutRoom | null): Promise<Saved> {
        if (stored && hasZoomMeeting(stored) && values.ConferenceType !== "Zoom") await deleteZoomMeeting(eventId, stored.ID);
        const body = toRoomBody(values, stored, timeZone);
        const room = put(stored ? await updateRoom(eventId, stored.ID, body) : await createRoom(eventId, body));
        if (values.ConferenceType !== "Zoom" || hasZoomMeeting(room)) return { room, zoomError: null };
        try {
          await createZoomMeeting(eventId, room.ID);
          return { room: put(await getRoom(eventId, room.ID)), zoomError: null };
        } catch (error) {
          return { room, zoomError: error };
        }
      },
      open: async (roomId: string) => put(await openRoom(eventId, roomId)),
      close: async (roomId: string) => put(await closeRoom(eventId, roomId)),
      move: async (roomId: string, personId: string) => put(await movePerson(eventId, roomId, personId)),
      async remove(roomId: string): Promise<void> {
        await deleteRoom(eventId, roomId);
        forget(roomId);
      },
      broadcast: (text: string, tmpId: string) => broadcast(eventId, text, tmpId),
      /** After a 404: it was deleted elsewhere. */
      forget,
      /** Reads the list again (a move changed two rooms; the answer is only one of them). */
      reread: () => void client.invalidateQueries({ queryKey: breakoutsKeys.rooms(eventId) }),
    };
  }, [client, eventId, timeZone]);
}

export type RoomWrites = ReturnType<typeof useRoomWrites>;
