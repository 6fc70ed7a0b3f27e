"""Organizers' actions: moving a person (their sockets told, the rules of a join kept), closing
and deleting a room with people inside (everyone told, nobody can join), and a broadcast into the
chat of every room (live, once, even when retried); bad input changes nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from tests.api.breakouts_support import Breakouts, breakouts, inside, make_room, new_seat
from venuely.breakouts.models import BreakoutPresence
from venuely.chat.models import ChatMessage
from venuely.core.errors import ApiError
from venuely.core.ids import new_id
from venuely.realtime.hub import room_channel
from venuely.realtime.opcodes import Opcode

__all__ = ["breakouts"]


async def test_an_organizer_moves_a_person(breakouts: Breakouts) -> None:
    here = await breakouts.create(InternalName="here")
    there = await breakouts.create(InternalName="there", ConferenceType="Iframe")
    ada = await breakouts.attendee("ada")
    seat = new_seat(breakouts.services)
    await breakouts.join("ada", here["ID"], seat=seat)
    moved = await breakouts.client.post(
        breakouts.url(there["ID"], "/move"), json={"PersonID": ada}, headers=breakouts.h("admin_a")
    )
    assert moved.status_code == 200, moved.text
    assert moved.json()["PersonIDs"] == [ada]
    notice = breakouts.frames(Opcode.BREAKOUT_PRESENCE_NOTIFY, breakouts.person_channel("ada"))[-1]
    assert (notice["RoomID"], notice["FromRoomID"], notice["Reason"]) == (
        there["ID"],
        here["ID"],
        "moved",
    )
    assert notice["Call"]["Type"] == "Iframe"
    assert notice["ChatroomID"] == there["ChatroomID"]
    assert await inside(breakouts.services, here["ID"]) == []
    # The socket that joined still holds the presence: its close ends it.
    async with breakouts.services.db.session() as session:
        row = await session.get(BreakoutPresence, (breakouts.event_id, ada))
        assert row is not None
        assert (row.instance_id, row.connection_id) == (seat.instance_id, seat.connection_id)


async def test_moves_that_cannot_be_made_change_nothing(breakouts: Breakouts) -> None:
    here = await breakouts.create(InternalName="here")
    full = await breakouts.create(InternalName="full", Capacity=1)
    closed = await breakouts.create(InternalName="closed")
    foreign = await make_room(breakouts.services, breakouts.world.event_b)
    ada = await breakouts.attendee("ada")
    bob = await breakouts.attendee("bob")
    await breakouts.join("ada", here["ID"])
    await breakouts.join("bob", full["ID"])
    shut = await breakouts.client.post(
        breakouts.url(closed["ID"], "/close"), headers=breakouts.h("admin_a")
    )
    assert shut.status_code == 200
    await breakouts.tick()  # frames the coalescer still owes are out before counting
    published = len(breakouts.hub.published)
    cases = [
        (full["ID"], {"PersonID": ada}, 409, "BREAKOUT_ROOM_FULL"),
        (closed["ID"], {"PersonID": ada}, 409, "BREAKOUT_ROOM_CLOSED"),
        (foreign.id, {"PersonID": ada}, 404, "BREAKOUT_ROOM_NOT_FOUND"),
        (new_id(), {"PersonID": ada}, 404, "BREAKOUT_ROOM_NOT_FOUND"),
        # Someone in no room, or no one at all.
        (here["ID"], {"PersonID": breakouts.world.attendee_a.id}, 409, "BREAKOUT_NOT_PRESENT"),
        (here["ID"], {"PersonID": new_id()}, 409, "BREAKOUT_NOT_PRESENT"),
        (here["ID"], {"PersonID": "nobody"}, 422, "VALIDATION_ERROR"),
        (here["ID"], {}, 422, "MISSING_PARAMETER"),
        (here["ID"], {"PersonID": ada, "Force": True}, 422, "VALIDATION_ERROR"),
    ]
    for room_id, body, status, code in cases:
        response = await breakouts.client.post(
            breakouts.url(room_id, "/move"), json=body, headers=breakouts.h("admin_a")
        )
        assert response.status_code == status, (body, response.text)
        assert response.json()["Error"]["Code"] == code
    assert await inside(breakouts.services, here["ID"]) == [ada]
    assert await inside(breakouts.services, full["ID"]) == [bob]
    assert len(breakouts.hub.published) == published


async def test_closing_a_room_sends_everyone_out(breakouts: Breakouts) -> None:
    room = await breakouts.create()
    for name in ("ada", "bob"):
        await breakouts.attendee(name)
        await breakouts.join(name, room["ID"])
    await breakouts.tick()
    closed = await breakouts.client.post(
        breakouts.url(room["ID"], "/close"), headers=breakouts.h("admin_a")
    )
    assert closed.status_code == 200
    assert (closed.json()["State"], closed.json()["PersonIDs"]) == ("closed", [])
    for name in ("ada", "bob"):
        notice = breakouts.frames(Opcode.BREAKOUT_PRESENCE_NOTIFY, breakouts.person_channel(name))[
            -1
        ]
        assert (notice["RoomID"], notice["FromRoomID"], notice["Reason"]) == (
            None,
            room["ID"],
            "closed",
        )
    await breakouts.tick()
    last = breakouts.frames(Opcode.BREAKOUT_OCCUPANCY_NOTIFY)[-1]
    assert [(r["RoomID"], r["Occupancy"]) for r in last["Rooms"]] == [(room["ID"], 0)]
    with pytest.raises(ApiError) as refused:
        await breakouts.join("ada", room["ID"])
    assert refused.value.code == "BREAKOUT_ROOM_CLOSED"


async def test_closing_through_the_generic_routes_sends_everyone_out(breakouts: Breakouts) -> None:
    room = await breakouts.create()
    await breakouts.attendee("ada")
    await breakouts.join("ada", room["ID"])
    now = breakouts.services.clock.now()
    body = {
        "InternalName": "corner",
        "Title": "Speakers' corner",
        "Capacity": 3,
        "ConferenceType": "None",
        "ClosesAt": now.isoformat(),
    }
    response = await breakouts.client.put(
        f"/events/{breakouts.event_id}/activities/{room['ID']}",
        json=body,
        headers=breakouts.h("admin_a"),
    )
    assert response.status_code == 200, response.text
    assert await inside(breakouts.services, room["ID"]) == []
    notice = breakouts.frames(Opcode.BREAKOUT_PRESENCE_NOTIFY, breakouts.person_channel("ada"))[-1]
    assert notice["Reason"] == "closed"


async def test_deleting_a_room_sends_everyone_out(breakouts: Breakouts) -> None:
    room = await breakouts.create()
    await breakouts.attendee("ada")
    await breakouts.join("ada", room["ID"])
    gone = await breakouts.client.delete(breakouts.url(room["ID"]), headers=breakouts.h("admin_a"))
    assert gone.status_code == 204
    notice = breakouts.frames(Opcode.BREAKOUT_PRESENCE_NOTIFY, breakouts.person_channel("ada"))[-1]
    assert (notice["RoomID"], notice["Reason"]) == (None, "deleted")
    async with breakouts.services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(BreakoutPresence)) == 0


async def _messages(breakouts: Breakouts, chatroom_id: str) -> list[ChatMessage]:
    async with breakouts.services.db.session() as session:
        rows = await session.scalars(
            select(ChatMessage)
            .where(ChatMessage.chatroom_id == chatroom_id)
            .order_by(ChatMessage.id)
        )
        return list(rows.all())


async def test_a_broadcast_reaches_every_rooms_chat_once(breakouts: Breakouts) -> None:
    rooms = [await breakouts.create(InternalName=f"room-{i}") for i in range(3)]
    url = breakouts.url(suffix="/broadcast")
    body = {"Text": "Five minutes left — please wrap up.", "TmpID": "wrap-up-1"}
    sent = await breakouts.client.post(url, json=body, headers=breakouts.h("admin_a"))
    assert sent.status_code == 200, sent.text
    posted = sent.json()["Messages"]
    assert [m["RoomID"] for m in posted] == [r["ID"] for r in rooms]
    for room, message in zip(rooms, posted, strict=True):
        assert message["ChatroomID"] == room["ChatroomID"]
        [stored] = await _messages(breakouts, room["ChatroomID"])
        assert (stored.id, stored.text) == (message["MessageID"], body["Text"])
        assert stored.sender_id == breakouts.world.admin_a.id
        live = breakouts.frames(Opcode.CHAT_MESSAGE_SEND_NOTIFY, room_channel(room["ChatroomID"]))
        assert [frame["Text"] for frame in live] == [body["Text"]]
    # A retry with the same TmpID posts nothing more and answers the same messages.
    again = await breakouts.client.post(url, json=body, headers=breakouts.h("admin_a"))
    assert again.json()["Messages"] == posted
    for room in rooms:
        assert len(await _messages(breakouts, room["ChatroomID"])) == 1


async def test_a_bad_broadcast_posts_nothing(breakouts: Breakouts) -> None:
    room = await breakouts.create()
    url = breakouts.url(suffix="/broadcast")
    for body, code in (
        ({"Text": "   "}, "TEXT_EMPTY"),
        ({"Text": "x" * 4001}, "TEXT_TOO_LONG"),
        ({}, "MISSING_PARAMETER"),
        ({"Text": 5}, "VALIDATION_ERROR"),
        ({"Text": "hi", "TmpID": ""}, "VALIDATION_ERROR"),
    ):
        response = await breakouts.client.post(url, json=body, headers=breakouts.h("admin_a"))
        assert response.status_code == 422, (body, response.text)
        assert response.json()["Error"]["Code"] == code
    assert await _messages(breakouts, room["ChatroomID"]) == []
    # An event without rooms: nothing to post to, and nothing is posted.
    empty = await breakouts.client.post(
        breakouts.url(suffix="/broadcast", event=breakouts.world.event_b),
        json={"Text": "Anyone?"},
        headers=breakouts.h("admin_b"),
    )
    assert empty.status_code == 200
    assert empty.json() == {"Messages": []}
