import { describe, expect, it } from "vitest";
import { departureOf, facesOf, OUTSIDE, presenceAfter, stateAt, withOccupancy, withRoomNotice } from "./model";
import { BOB, CARA, EVENT, ME, occupancy, presence, room, roomNotice } from "./testing";

describe("occupancy frames", () => {
  const rooms = [room("r1", { Version: 5, PersonIDs: [BOB] }), room("r2", { Version: 2 })];

  it("take a room's newer version and leave the others alone", () => {
    const next = withOccupancy(rooms, { EventID: EVENT, Rooms: [occupancy("r1", 6, [BOB, CARA])] });
    expect(next[0]).toMatchObject({ Version: 6, Occupancy: 2, SeatsLeft: 2, PersonIDs: [BOB, CARA] });
    expect(next[1]).toBe(rooms[1]);
  });

  it("never go back to an older or the same version, in whatever order frames of two processes cross", () => {
    const newer = withOccupancy(rooms, { EventID: EVENT, Rooms: [occupancy("r1", 8, [CARA])] });
    const stale = withOccupancy(newer, { EventID: EVENT, Rooms: [occupancy("r1", 7, [BOB, CARA, ME])] });
    expect(stale[0]).toMatchObject({ Version: 8, PersonIDs: [CARA] });
    expect(withOccupancy(rooms, { EventID: EVENT, Rooms: [occupancy("r1", 5, [])] })[0]?.PersonIDs).toEqual([BOB]);
    // A frame older than the REST read is ignored too: the list carries the version it was read at.
    expect(withOccupancy(rooms, { EventID: EVENT, Rooms: [occupancy("r1", 3, [])] })).toEqual(rooms);
  });

  it("take the complete list of the same version over the first faces, never the other way", () => {
    const faces = { ...occupancy("r1", 9, [BOB]), Occupancy: 3 };
    const complete = occupancy("r1", 9, [BOB, CARA, ME]);
    const cut = withOccupancy(rooms, { EventID: EVENT, Rooms: [faces] });
    expect(cut[0]).toMatchObject({ Version: 9, Occupancy: 3, PersonIDs: [BOB] });
    const whole = withOccupancy(cut, { EventID: EVENT, Rooms: [complete] });
    expect(whole[0]?.PersonIDs).toEqual([BOB, CARA, ME]);
    expect(withOccupancy(whole, { EventID: EVENT, Rooms: [faces] })[0]?.PersonIDs).toEqual([BOB, CARA, ME]);
  });

  it("ignore rooms the list does not know", () => {
    expect(withOccupancy(rooms, { EventID: EVENT, Rooms: [occupancy("r9", 1, [BOB])] })).toEqual(rooms);
  });
});

describe("room frames", () => {
  const rooms = [room("r1", { Version: 5, PersonIDs: [BOB, CARA], Capacity: 4 })];

  it("change a room's definition and keep who is inside, seats following the capacity", () => {
    const [changed] = withRoomNotice(rooms, roomNotice("r1", { Title: "Renamed", Capacity: 3, Topic: "New topic" }));
    expect(changed).toMatchObject({ Title: "Renamed", Topic: "New topic", Capacity: 3, SeatsLeft: 1, PersonIDs: [BOB, CARA], Version: 5 });
    // A capacity lowered below the occupancy sends nobody out: no seat left, never fewer than none.
    expect(withRoomNotice(rooms, roomNotice("r1", { Capacity: 1 }))[0]?.SeatsLeft).toBe(0);
  });

  it("add a new room, empty, and remove a deleted one", () => {
    const added = withRoomNotice(rooms, roomNotice("r2", { Title: "New", Capacity: 6 }));
    expect(added.map((r) => r.ID)).toEqual(["r1", "r2"]);
    expect(added[1]).toMatchObject({ Title: "New", Occupancy: 0, SeatsLeft: 6, PersonIDs: [], Version: 0, Call: null });
    expect(withRoomNotice(added, roomNotice("r1", { Deleted: true })).map((r) => r.ID)).toEqual(["r2"]);
  });
});

describe("a room's state by the clock", () => {
  const now = Date.parse("2026-05-09T12:00:00Z");
  it("is scheduled before OpensAt, open between, closed from ClosesAt", () => {
    expect(stateAt({ OpensAt: "2026-05-09T13:00:00Z", ClosesAt: null }, now)).toBe("scheduled");
    expect(stateAt({ OpensAt: "2026-05-09T11:00:00Z", ClosesAt: "2026-05-09T13:00:00Z" }, now)).toBe("open");
    expect(stateAt({ OpensAt: null, ClosesAt: "2026-05-09T12:00:00Z" }, now)).toBe("closed");
    expect(stateAt({ OpensAt: null, ClosesAt: null }, now)).toBe("open");
  });
});

describe("the person's presence", () => {
  it("is held here after this connection's join, and by another tab after someone else's", () => {
    expect(presenceAfter(OUTSIDE, presence("r1"), true)).toMatchObject({ roomID: "r1", chatroomID: "chat-r1", here: true });
    expect(presenceAfter(OUTSIDE, presence("r1"), false).here).toBe(false);
  });

  it("stays with the connection that held it when an organizer moves the person", () => {
    const inside = presenceAfter(OUTSIDE, presence("r1"), true);
    const moved = presenceAfter(inside, presence("r2", { Reason: "moved", FromRoomID: "r1" }), false);
    expect(moved).toMatchObject({ roomID: "r2", chatroomID: "chat-r2", here: true });
    expect(moved.call?.URL).toBe("https://meet.example.org/r2");
  });

  it("ends outside when the room closes, is deleted or is left", () => {
    const inside = presenceAfter(OUTSIDE, presence("r1"), true);
    for (const Reason of ["closed", "deleted", "left", "disconnected"]) {
      expect(presenceAfter(inside, presence(null, { Reason, FromRoomID: "r1" }), false)).toEqual(OUTSIDE);
    }
  });

  it("says what the person did not do, and nothing for their own commands or a reason it does not know", () => {
    expect(departureOf(presence("r2", { Reason: "moved" }), false)).toBe("moved");
    expect(departureOf(presence(null, { Reason: "closed" }), false)).toBe("closed");
    expect(departureOf(presence(null, { Reason: "left" }), true)).toBeNull();
    expect(departureOf(presence("r1", { Reason: "joined" }), false)).toBeNull();
    expect(departureOf(presence(null, { Reason: "teleported" }), false)).toBeNull();
  });
});

it("shows the first faces and counts the rest", () => {
  expect(facesOf({ PersonIDs: [ME, BOB, CARA], Occupancy: 3 }, 2)).toEqual({ shown: [ME, BOB], more: 1 });
  expect(facesOf({ PersonIDs: [ME], Occupancy: 1 }, 8)).toEqual({ shown: [ME], more: 0 });
  // The event's frames name a room's first faces only: the count says how many more are inside.
  expect(facesOf({ PersonIDs: [ME, BOB], Occupancy: 40 }, 8)).toEqual({ shown: [ME, BOB], more: 38 });
});
