"""Presence: a join takes a seat (announced to the person and, coalesced, to the event), a full,
closed, scheduled, foreign or unknown room refuses with nothing changed, a person is in one room
at a time, leaving, and — on SQLite and PostgreSQL, through two app instances at once — many
joins racing for few seats never fill a room beyond its capacity."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from tests.api.activities_support import iso
from tests.api.breakouts_support import (
    SECRET_URL,
    Breakouts,
    breakouts,
    inside,
    join,
    make_room,
    new_seat,
)
from tests.factories import make_person
from venuely.breakouts import presence
from venuely.breakouts.changes import Change, announce
from venuely.breakouts.models import BreakoutPresence
from venuely.breakouts.occupancy import PEOPLE_SHOWN
from venuely.chat.access import is_room_member
from venuely.chat.models import Chatroom
from venuely.core.errors import ApiError
from venuely.core.ids import new_id
from venuely.core.services import Services, build_services
from venuely.realtime.hub import room_channel, staff_channel
from venuely.realtime.opcodes import Opcode

__all__ = ["breakouts"]


async def _is_chat_member(services: Services, chatroom_id: str, person_id: str) -> bool:
    async with services.db.session() as session:
        chat = await session.get(Chatroom, chatroom_id)
        assert chat is not None
        return await is_room_member(session, chat, person_id)


async def test_a_join_takes_a_seat_and_is_announced(breakouts: Breakouts) -> None:
    room = await breakouts.create()
    ada = await breakouts.attendee("ada")
    await breakouts.tick()  # the new room's own occupancy frame (empty) is out of the way
    before = len(breakouts.frames(Opcode.BREAKOUT_OCCUPANCY_NOTIFY))
    change = await breakouts.join("ada", room["ID"], tmp_id="join-1")
    [notice] = breakouts.frames(Opcode.BREAKOUT_PRESENCE_NOTIFY, breakouts.person_channel("ada"))
    assert notice == {
        "EventID": breakouts.event_id,
        "PersonID": ada,
        "RoomID": room["ID"],
        "FromRoomID": None,
        "Reason": "joined",
        "TmpID": "join-1",
        "ChatroomID": room["ChatroomID"],
        "Call": {"Type": "Jitsi", "URL": SECRET_URL, "MeetingID": "", "Password": ""},
    }
    assert change.moved
    assert await _is_chat_member(breakouts.services, room["ChatroomID"], ada)
    # Occupancy follows on the event's channel, once per tick.
    await breakouts.tick()
    [occupancy] = breakouts.frames(Opcode.BREAKOUT_OCCUPANCY_NOTIFY, breakouts.event_channel)[
        before:
    ]
    [entry] = occupancy["Rooms"]
    assert entry["RoomID"] == room["ID"]
    assert (entry["Capacity"], entry["Occupancy"], entry["SeatsLeft"]) == (3, 1, 2)
    assert entry["PersonIDs"] == [ada]
    assert entry["Version"] >= 1
    # The person inside reads the way into the call; others of the event do not.
    assert (await breakouts.get(room["ID"], "ada"))["Call"]["URL"] == SECRET_URL
    assert (await breakouts.get(room["ID"], "attendee_a"))["Call"] is None
    assert (await breakouts.get(room["ID"], "attendee_a"))["PersonIDs"] == [ada]


async def test_everyone_sees_the_first_faces_and_the_people_inside_see_all(
    breakouts: Breakouts,
) -> None:
    """The event's frames list a room's first PEOPLE_SHOWN people and its count; the complete
    list goes to the people inside (the room's chat channel) and to the organizers."""
    room = await breakouts.create(Capacity=PEOPLE_SHOWN + 4)
    people = [
        (await make_person(breakouts.services, event=breakouts.world.event_a)).id
        for _ in range(PEOPLE_SHOWN + 2)
    ]
    for person in people:
        await join(breakouts.services, breakouts.event_id, person, room["ID"])
    await breakouts.tick()

    def last(channel: str) -> dict[str, Any]:
        frames = breakouts.frames(Opcode.BREAKOUT_OCCUPANCY_NOTIFY, channel)
        entries: list[dict[str, Any]] = frames[-1]["Rooms"]
        [entry] = [e for e in entries if e["RoomID"] == room["ID"]]
        return entry

    everyone = last(breakouts.event_channel)
    inside_room = last(room_channel(room["ChatroomID"]))
    organizers = last(staff_channel(breakouts.event_id))
    assert sorted(inside_room["PersonIDs"]) == sorted(people)
    assert organizers == inside_room
    assert everyone["PersonIDs"] == inside_room["PersonIDs"][:PEOPLE_SHOWN]
    assert everyone["Occupancy"] == inside_room["Occupancy"] == len(people)
    assert everyone["Version"] == inside_room["Version"]


async def test_joining_again_changes_nothing_but_the_socket(breakouts: Breakouts) -> None:
    room = await breakouts.create()
    await breakouts.attendee("ada")
    await breakouts.join("ada", room["ID"])
    await breakouts.tick()
    before = len(breakouts.frames(Opcode.BREAKOUT_OCCUPANCY_NOTIFY))
    second = new_seat(breakouts.services)
    change = await breakouts.join("ada", room["ID"], seat=second)
    assert not change.moved
    assert change.notice.RoomID == room["ID"]
    async with breakouts.services.db.session() as session:
        row = await session.get(BreakoutPresence, (breakouts.event_id, breakouts.people["ada"]))
        assert row is not None
        assert row.connection_id == second.connection_id
    await breakouts.tick()
    assert len(breakouts.frames(Opcode.BREAKOUT_OCCUPANCY_NOTIFY)) == before


async def test_a_full_room_refuses_and_nothing_changes(breakouts: Breakouts) -> None:
    full = await breakouts.create(Capacity=2)
    elsewhere = await breakouts.create(InternalName="elsewhere")
    for name in ("ada", "bob", "cyd"):
        await breakouts.attendee(name)
    await breakouts.join("ada", full["ID"])
    await breakouts.join("bob", full["ID"])
    await breakouts.join("cyd", elsewhere["ID"])
    await breakouts.tick()  # frames the coalescer still owes are out before counting
    published = len(breakouts.hub.published)
    with pytest.raises(ApiError) as refused:
        await breakouts.join("cyd", full["ID"])
    assert refused.value.code == "BREAKOUT_ROOM_FULL"
    assert refused.value.data == {"RoomID": full["ID"], "Capacity": 2}
    assert refused.value.status == 409
    assert await inside(breakouts.services, full["ID"]) == sorted(
        [breakouts.people["ada"], breakouts.people["bob"]]
    )
    assert await inside(breakouts.services, elsewhere["ID"]) == [breakouts.people["cyd"]]
    assert len(breakouts.hub.published) == published
    view = await breakouts.get(full["ID"])
    assert (view["Occupancy"], view["SeatsLeft"]) == (2, 0)


async def test_a_person_is_in_one_room_at_a_time(breakouts: Breakouts) -> None:
    first = await breakouts.create()
    second = await breakouts.create(InternalName="second")
    ada = await breakouts.attendee("ada")
    await breakouts.join("ada", first["ID"])
    await breakouts.tick()
    before = len(breakouts.frames(Opcode.BREAKOUT_OCCUPANCY_NOTIFY))
    change = await breakouts.join("ada", second["ID"])
    assert (change.notice.RoomID, change.notice.FromRoomID) == (second["ID"], first["ID"])
    assert await inside(breakouts.services, first["ID"]) == []
    assert await inside(breakouts.services, second["ID"]) == [ada]
    assert not await _is_chat_member(breakouts.services, first["ChatroomID"], ada)
    assert await _is_chat_member(breakouts.services, second["ChatroomID"], ada)
    await breakouts.tick()
    [occupancy] = breakouts.frames(Opcode.BREAKOUT_OCCUPANCY_NOTIFY)[before:]
    counts = {entry["RoomID"]: entry["Occupancy"] for entry in occupancy["Rooms"]}
    assert counts == {first["ID"]: 0, second["ID"]: 1}


async def test_closed_scheduled_foreign_and_unknown_rooms_refuse(breakouts: Breakouts) -> None:
    now = breakouts.services.clock.now()
    closed = await breakouts.create(InternalName="closed", ClosesAt=iso(now - timedelta(minutes=1)))
    later = await breakouts.create(InternalName="later", OpensAt=iso(now + timedelta(hours=1)))
    foreign = await make_room(breakouts.services, breakouts.world.event_b)
    await breakouts.attendee("ada")
    cases = [
        (closed["ID"], "BREAKOUT_ROOM_CLOSED", {"RoomID": closed["ID"], "State": "closed"}),
        (later["ID"], "BREAKOUT_ROOM_CLOSED", {"RoomID": later["ID"], "State": "scheduled"}),
        (foreign.id, "BREAKOUT_ROOM_NOT_FOUND", {"RoomID": foreign.id}),
        (unknown := new_id(), "BREAKOUT_ROOM_NOT_FOUND", {"RoomID": unknown}),
    ]
    for room_id, code, data in cases:
        with pytest.raises(ApiError) as refused:
            await breakouts.join("ada", room_id)
        assert (refused.value.code, refused.value.data) == (code, data)
    async with breakouts.services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(BreakoutPresence)) == 0


async def test_leaving(breakouts: Breakouts) -> None:
    room = await breakouts.create()
    other = await breakouts.create(InternalName="other")
    ada = await breakouts.attendee("ada")
    services, event_id = breakouts.services, breakouts.event_id

    async def leave(room_id: str | None) -> Change:
        change = await presence.leave(
            services, event_id=event_id, person_id=ada, room_id=room_id, tmp_id="bye"
        )
        await announce(services, [change])
        return change

    # In no room: nothing to do, and the answer says so.
    nothing = await leave(None)
    assert (nothing.moved, nothing.notice.RoomID) == (False, None)
    await breakouts.join("ada", room["ID"])
    # Leaving another room than one's own changes nothing.
    stays = await leave(other["ID"])
    assert (stays.moved, stays.notice.RoomID) == (False, room["ID"])
    assert await inside(services, room["ID"]) == [ada]
    left = await leave(room["ID"])
    assert left.moved
    assert (left.notice.RoomID, left.notice.FromRoomID, left.notice.Reason) == (
        None,
        room["ID"],
        "left",
    )
    assert (left.notice.Call, left.notice.ChatroomID) == (None, None)
    assert await inside(services, room["ID"]) == []
    assert not await _is_chat_member(services, room["ChatroomID"], ada)


async def test_a_lowered_capacity_keeps_the_people_inside(breakouts: Breakouts) -> None:
    room = await breakouts.create(Capacity=3)
    for name in ("ada", "bob", "cyd", "dan"):
        await breakouts.attendee(name)
    for name in ("ada", "bob", "cyd"):
        await breakouts.join(name, room["ID"])
    response = await breakouts.client.put(
        breakouts.url(room["ID"]),
        json={**_body(room), "Capacity": 2},
        headers=breakouts.h("admin_a"),
    )
    assert response.status_code == 200, response.text
    assert (response.json()["Occupancy"], response.json()["SeatsLeft"]) == (3, 0)
    with pytest.raises(ApiError) as refused:
        await breakouts.join("dan", room["ID"])
    assert refused.value.code == "BREAKOUT_ROOM_FULL"


def _body(view: dict[str, object]) -> dict[str, object]:
    keys = ("InternalName", "Title", "Topic", "Capacity", "ConferenceType")
    return {key: view[key] for key in keys} | {"ConferenceJoinURL": SECRET_URL}


async def _second_instance(services: Services) -> Services:
    """Another app instance on the same database: its own engine (pool, SQLite write queue),
    like a second server process."""
    return build_services(services.settings, clock=services.clock, hub=services.hub)


@pytest.mark.parametrize("capacity", [1, 5])
async def test_racing_joins_never_exceed_the_capacity(breakouts: Breakouts, capacity: int) -> None:
    room = await breakouts.create(Capacity=capacity)
    services = breakouts.services
    other = await _second_instance(services)
    people = [(await make_person(services, event=breakouts.world.event_a)).id for _ in range(24)]
    try:
        for _ in range(2):  # a second round, after everyone left
            outcomes = await asyncio.gather(
                *[
                    join(services if i % 2 else other, breakouts.event_id, person, room["ID"])
                    for i, person in enumerate(people)
                ],
                return_exceptions=True,
            )
            admitted = [o for o in outcomes if isinstance(o, Change)]
            refused = [o for o in outcomes if isinstance(o, ApiError)]
            assert len(admitted) == capacity, outcomes
            assert len(refused) == len(people) - capacity, outcomes
            assert {r.code for r in refused} == {"BREAKOUT_ROOM_FULL"}
            stored = await inside(services, room["ID"])
            assert sorted(stored) == sorted(c.notice.PersonID for c in admitted)
            for person in stored:
                await presence.leave(
                    services,
                    event_id=breakouts.event_id,
                    person_id=person,
                    room_id=None,
                    tmp_id="x",
                )
    finally:
        await other.background.stop()
        await other.db.dispose()


async def test_one_person_joining_two_rooms_at_once_ends_in_one(breakouts: Breakouts) -> None:
    rooms = [await breakouts.create(InternalName=f"r{i}", Capacity=10) for i in range(2)]
    services = breakouts.services
    other = await _second_instance(services)
    ada = await breakouts.attendee("ada")
    try:
        for round_ in range(4):
            targets = rooms if round_ % 2 else rooms[::-1]
            outcomes = await asyncio.gather(
                join(services, breakouts.event_id, ada, targets[0]["ID"]),
                join(other, breakouts.event_id, ada, targets[1]["ID"]),
                return_exceptions=True,
            )
            assert all(isinstance(o, Change) for o in outcomes), outcomes
            async with services.db.session() as session:
                rows = (
                    await session.scalars(
                        select(BreakoutPresence).where(BreakoutPresence.person_id == ada)
                    )
                ).all()
            assert len(rows) == 1
            # Exactly the room the person is in has them as a chat member.
            members = [await _is_chat_member(services, r["ChatroomID"], ada) for r in rooms]
            assert members == [r["ID"] == rows[0].room_id for r in rooms]
    finally:
        await other.background.stop()
        await other.db.dispose()
