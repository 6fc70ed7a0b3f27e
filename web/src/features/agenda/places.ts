/**
 * Where a session takes place in the venue, and the agenda's "by location" grouping.
 *
 * A session is in a room when its screen is one of the tour's screens (`screenRooms`, the same
 * rule the start page uses), else when its `PanoNodeID` names a node of the tour. "Go there" on a
 * screen's session is `watchPath` — the room with `?id=<session>` — so the room plays it when it
 * runs (§2, §4); any other session leads to its room plainly.
 * The venue's own helpers are reused, not rewritten.
 */
import { nodeByID, nodeName, roomSegment, screenRooms, watchPath, type Tour, type TourNode } from "@/features/venue";

export type Room = TourNode;
export { nodeName as roomName };

export interface SessionPlace {
  room: Room;
  /** On one of the room's screens: the room can play it. */
  onScreen: boolean;
  /** The app path that goes there (relative to the event's base path). */
  path: string;
}

export interface PlacedSession {
  ID: string;
  ScreenID: string;
  PanoNodeID: string;
}

export interface Venue {
  tour: Tour | null;
  rooms: Map<string, Room>;
}

export function venueOf(tour: Tour | null): Venue {
  return { tour, rooms: screenRooms(tour) };
}

export const roomPath = (room: Room): string => `/${encodeURIComponent(roomSegment(room))}`;

export function placeOf(session: PlacedSession, venue: Venue): SessionPlace | null {
  const screenRoom = session.ScreenID ? venue.rooms.get(session.ScreenID) : undefined;
  if (screenRoom) return { room: screenRoom, onScreen: true, path: watchPath(screenRoom, session.ID) };
  const node = venue.tour && session.PanoNodeID ? nodeByID(venue.tour, session.PanoNodeID) : null;
  return node ? { room: node, onScreen: false, path: roomPath(node) } : null;
}

export interface PlaceGroup<S> {
  /** The room's node id, or "" for sessions without a room in the tour. */
  key: string;
  room: Room | null;
  sessions: S[];
}

/**
 * Sessions by room, rooms in the tour's own order (the organizer's), keeping the sessions' order
 * within a room; sessions in no room of the tour come last, together.
 */
export function groupByPlace<S extends PlacedSession>(sessions: readonly S[], venue: Venue): PlaceGroup<S>[] {
  const groups = new Map<string, PlaceGroup<S>>();
  for (const session of sessions) {
    const room = placeOf(session, venue)?.room ?? null;
    const key = room?.id ?? "";
    const group = groups.get(key) ?? { key, room, sessions: [] };
    group.sessions.push(session);
    groups.set(key, group);
  }
  const order = new Map((venue.tour?.nodes ?? []).map((n, i) => [n.id, i]));
  const rank = (g: PlaceGroup<S>) => (g.room ? (order.get(g.room.id) ?? Number.MAX_SAFE_INTEGER - 1) : Number.MAX_SAFE_INTEGER);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b));
}
