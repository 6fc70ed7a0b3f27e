"""Breakout rooms through the gateway: BREAKOUT_JOIN and BREAKOUT_LEAVE from real sockets
against a live server, the presence and occupancy frames others see, presence ending with the
socket, the room's chat reaching the people inside (an organizer's broadcast too), moves and
closes told live, refusals echoing RoomID and TmpID with nothing stored, and racing sockets never
filling a room beyond its capacity."""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import select

from tests.api.breakouts_support import make_room, room_body
from tests.realtime.interaction_support import Stage, settle, stage
from tests.realtime.live import LiveServer, attendee, wait_until
from venuely.activities.models import Activity, EntityType
from venuely.breakouts.models import BreakoutPresence
from venuely.client import RealtimeSocket
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.realtime.codec import Frame
from venuely.realtime.opcodes import Opcode


async def _room(s: Stage, **fields: Any) -> dict[str, Any]:
    response = await s.call("POST", "/breakouts", body=room_body(**fields))
    assert response.status_code == 201, response.text
    room: dict[str, Any] = response.json()
    return room


async def _join(socket: RealtimeSocket, room_id: str, tmp_id: str) -> Frame:
    """Send BREAKOUT_JOIN and wait for its answer (the notice with this TmpID, or the error)."""
    await socket.send_json(Opcode.BREAKOUT_JOIN, {"RoomID": room_id, "TmpID": tmp_id})

    def answers(frame: Frame) -> bool:
        if frame.opcode is Opcode.BREAKOUT_PRESENCE_NOTIFY:
            return bool(frame.value["TmpID"] == tmp_id)
        return frame.opcode is Opcode.BREAKOUT_JOIN_ERROR

    async with asyncio.timeout(10):
        while not answers(frame := await socket.recv()):
            pass
    return frame


async def _occupancy(socket: RealtimeSocket, room_id: str, people: list[str]) -> dict[str, Any]:
    """Wait until an occupancy frame shows exactly `people` in the room."""

    def shows(frame: Frame) -> bool:
        return any(
            entry["RoomID"] == room_id and sorted(entry["PersonIDs"]) == sorted(people)
            for entry in frame.value["Rooms"]
        )

    frame = await socket.wait_for(Opcode.BREAKOUT_OCCUPANCY_NOTIFY, shows)
    [entry] = [e for e in frame.value["Rooms"] if e["RoomID"] == room_id]
    result: dict[str, Any] = entry
    return result


async def _stored(services: Services, room_id: str) -> list[str]:
    async with services.db.session() as session:
        rows = await session.scalars(
            select(BreakoutPresence.person_id).where(BreakoutPresence.room_id == room_id)
        )
        return sorted(rows.all())


async def test_joins_are_answered_and_seen_and_a_full_room_refuses(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob", "cyd", "eve")
    try:
        room = await _room(s, Capacity=2)
        ada, bob, cyd = (s.people[n].person.id for n in ("ada", "bob", "cyd"))
        joined = await _join(s.sockets["ada"], room["ID"], "ada-1")
        assert joined.opcode is Opcode.BREAKOUT_PRESENCE_NOTIFY
        assert (joined.value["RoomID"], joined.value["Reason"]) == (room["ID"], "joined")
        assert joined.value["ChatroomID"] == room["ChatroomID"]
        assert joined.value["Call"]["Type"] == "Jitsi"
        # Everyone of the event sees who is inside, coalesced.
        seen = await _occupancy(s.sockets["eve"], room["ID"], [ada])
        assert (seen["Occupancy"], seen["SeatsLeft"], seen["Capacity"]) == (1, 1, 2)
        assert (await _join(s.sockets["bob"], room["ID"], "bob-1")).opcode is (
            Opcode.BREAKOUT_PRESENCE_NOTIFY
        )
        refused = await _join(s.sockets["cyd"], room["ID"], "cyd-1")
        assert refused.opcode is Opcode.BREAKOUT_JOIN_ERROR
        assert refused.value["Error"]["Code"] == "BREAKOUT_ROOM_FULL"
        assert refused.value["Error"]["Data"] == {
            "RoomID": room["ID"],
            "Capacity": 2,
            "TmpID": "cyd-1",
        }
        await _occupancy(s.sockets["eve"], room["ID"], [ada, bob])
        assert await _stored(live.services, room["ID"]) == sorted([ada, bob])
        assert cyd not in await _stored(live.services, room["ID"])
    finally:
        await s.close()


async def test_presence_ends_when_the_socket_that_joined_closes(live: LiveServer) -> None:
    s = await stage(live, "ada", "eve")
    try:
        room = await _room(s)
        ada = s.people["ada"].person.id
        second_tab = await live.socket(s.people["ada"].token)
        await wait_until(lambda: len(live.hub.connections_of(ada)) == 2, "second tab")
        await _join(s.sockets["ada"], room["ID"], "ada-1")
        await _occupancy(s.sockets["eve"], room["ID"], [ada])
        await s.sockets.pop("ada").close()
        # The other tab learns why, everyone sees the seat free again, nothing is left stored.
        gone = await second_tab.wait_for(
            Opcode.BREAKOUT_PRESENCE_NOTIFY, lambda f: f.value["Reason"] == "disconnected"
        )
        assert (gone.value["RoomID"], gone.value["FromRoomID"]) == (None, room["ID"])
        await _occupancy(s.sockets["eve"], room["ID"], [])
        assert await _stored(live.services, room["ID"]) == []
        await second_tab.close()
    finally:
        await s.close()


async def test_the_rooms_chat_is_for_the_people_inside(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob")
    try:
        room = await _room(s)
        await _join(s.sockets["ada"], room["ID"], "ada-1")
        chat = room["ChatroomID"]
        await s.sockets["ada"].send_message(chat, "Hello room", tmp_id="hello-1")
        said = await s.sockets["ada"].wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
        assert said.value["Text"] == "Hello room"
        # Someone outside the room may not write into its chat.
        await s.sockets["bob"].send_message(chat, "Let me in", tmp_id="bob-1")
        refused = await s.sockets["bob"].wait_for(Opcode.CHAT_MESSAGE_SEND_ERROR)
        assert refused.value["Error"]["Code"] == "NOT_A_MEMBER"
        # The organizers' broadcast arrives live in the room's chat.
        sent = await s.call(
            "POST", "/breakouts/broadcast", body={"Text": "Back in the hall in 5 minutes"}
        )
        assert sent.status_code == 200, sent.text
        heard = await s.sockets["ada"].wait_for(
            Opcode.CHAT_MESSAGE_SEND_NOTIFY,
            lambda f: f.value["Text"] == "Back in the hall in 5 minutes",
        )
        assert heard.value["ChatroomID"] == chat
        # After leaving, the chat stops reaching the socket.
        await s.sockets["ada"].send_json(Opcode.BREAKOUT_LEAVE, {"TmpID": "bye"})
        await s.sockets["ada"].wait_for(
            Opcode.BREAKOUT_PRESENCE_NOTIFY, lambda f: f.value["Reason"] == "left"
        )
        await s.call("POST", "/breakouts/broadcast", body={"Text": "Anyone left?"})
        frames = await settle(s.sockets["ada"])
        assert Opcode.CHAT_MESSAGE_SEND_NOTIFY not in [f.opcode for f in frames]
    finally:
        await s.close()


async def test_moves_and_closes_are_told_live(live: LiveServer) -> None:
    s = await stage(live, "ada")
    try:
        first = await _room(s, InternalName="first")
        second = await _room(s, InternalName="second", ConferenceType="Iframe")
        ada = s.people["ada"].person.id
        await _join(s.sockets["ada"], first["ID"], "ada-1")
        moved = await s.call("POST", f"/breakouts/{second['ID']}/move", body={"PersonID": ada})
        assert moved.status_code == 200, moved.text
        told = await s.sockets["ada"].wait_for(
            Opcode.BREAKOUT_PRESENCE_NOTIFY, lambda f: f.value["Reason"] == "moved"
        )
        assert (told.value["RoomID"], told.value["FromRoomID"]) == (second["ID"], first["ID"])
        assert told.value["Call"]["Type"] == "Iframe"
        closed = await s.call("POST", f"/breakouts/{second['ID']}/close")
        assert closed.status_code == 200
        out = await s.sockets["ada"].wait_for(
            Opcode.BREAKOUT_PRESENCE_NOTIFY, lambda f: f.value["Reason"] == "closed"
        )
        assert (out.value["RoomID"], out.value["FromRoomID"]) == (None, second["ID"])
        refused = await _join(s.sockets["ada"], second["ID"], "ada-2")
        assert refused.value["Error"]["Code"] == "BREAKOUT_ROOM_CLOSED"
        assert refused.value["Error"]["Data"]["State"] == "closed"
        # Organizers' sockets hear the room close.
        notice = await s.sockets["admin"].wait_for(
            Opcode.BREAKOUT_ROOM_NOTIFY, lambda f: f.value["State"] == "closed"
        )
        assert notice.value["ID"] == second["ID"]
    finally:
        await s.close()


async def test_leaving_and_bad_commands(live: LiveServer) -> None:
    s = await stage(live, "ada")
    other = await attendee(live.services)
    foreign = await make_room(live.services, other.event)
    try:
        room = await _room(s)
        socket = s.sockets["ada"]
        # Leaving while in no room changes nothing; the answer says so, to this socket.
        await socket.send_json(Opcode.BREAKOUT_LEAVE, {"TmpID": "bye-0"})
        nothing = await socket.wait_for(Opcode.BREAKOUT_PRESENCE_NOTIFY)
        assert (nothing.value["RoomID"], nothing.value["TmpID"]) == (None, "bye-0")
        await _join(socket, room["ID"], "ada-1")
        await socket.send_json(Opcode.BREAKOUT_LEAVE, {"TmpID": "bye-1", "RoomID": room["ID"]})
        left = await socket.wait_for(Opcode.BREAKOUT_PRESENCE_NOTIFY)
        assert (left.value["Reason"], left.value["FromRoomID"]) == ("left", room["ID"])
        cases: list[tuple[dict[str, str], str]] = [
            ({"RoomID": foreign.id, "TmpID": "t0"}, "BREAKOUT_ROOM_NOT_FOUND"),
            ({"RoomID": "6650a1b2c3d4e5f600000701", "TmpID": "t1"}, "BREAKOUT_ROOM_NOT_FOUND"),
            ({"RoomID": "nope", "TmpID": "t2"}, "VALIDATION_ERROR"),
            ({"TmpID": "t3"}, "MISSING_PARAMETER"),
        ]
        for payload, code in cases:
            await socket.send_json(Opcode.BREAKOUT_JOIN, payload)
            error = await socket.wait_for(Opcode.BREAKOUT_JOIN_ERROR)
            assert error.value["Error"]["Code"] == code, payload
            assert error.value["Error"]["Data"]["TmpID"] == payload["TmpID"]
        await socket.send_json(Opcode.BREAKOUT_LEAVE, {"TmpID": "bye-2", "RoomID": foreign.id})
        error = await socket.wait_for(Opcode.ERROR)
        assert error.value["Error"]["Code"] == "BREAKOUT_ROOM_NOT_FOUND"
        assert error.value["Error"]["Data"]["Opcode"] == int(Opcode.BREAKOUT_LEAVE)
        assert await _stored(live.services, room["ID"]) == []
        assert await _stored(live.services, foreign.id) == []
    finally:
        await s.close()


async def test_racing_sockets_never_fill_a_room_beyond_its_capacity(live: LiveServer) -> None:
    names = [f"p{i}" for i in range(12)]
    s = await stage(live, *names)
    try:
        room = await _room(s, Capacity=4)
        answers = await asyncio.gather(
            *[_join(s.sockets[name], room["ID"], f"race-{name}") for name in names]
        )
        admitted = [a for a in answers if a.opcode is Opcode.BREAKOUT_PRESENCE_NOTIFY]
        refused = [a for a in answers if a.opcode is Opcode.BREAKOUT_JOIN_ERROR]
        assert len(admitted) == 4
        assert {r.value["Error"]["Code"] for r in refused} == {"BREAKOUT_ROOM_FULL"}
        assert len(refused) == len(names) - 4
        stored = await _stored(live.services, room["ID"])
        assert stored == sorted(a.value["PersonID"] for a in admitted)
        last = await _occupancy(s.sockets["admin"], room["ID"], stored)
        assert (last["Occupancy"], last["SeatsLeft"]) == (4, 0)
    finally:
        await s.close()


async def test_a_room_stored_before_breakouts_existed_takes_people(live: LiveServer) -> None:
    """An open BreakoutRoom document of any shape (as the generic routes stored them) gets its
    row and chat room on the first join, and seats the default capacity."""
    s = await stage(live, "ada")
    try:
        now = live.services.clock.now()
        async with live.services.db.session() as session:
            old = Activity(
                id=new_id(),
                event_id=s.event_id,
                entity_type=EntityType.BREAKOUT_ROOM.value,
                internal_name="legacy",
                document={"InternalName": "legacy", "Colour": "teal"},
                created_at=now,
                updated_at=now,
            )
            session.add(old)
        joined = await _join(s.sockets["ada"], old.id, "ada-1")
        assert joined.opcode is Opcode.BREAKOUT_PRESENCE_NOTIFY
        assert joined.value["ChatroomID"] is not None
        assert joined.value["Call"]["Type"] == "None"
        view = await s.call("GET", f"/breakouts/{old.id}", who="ada")
        assert view.status_code == 200, view.text
        body = view.json()
        assert (body["Title"], body["Capacity"], body["Occupancy"]) == ("legacy", 20, 1)
        closed = await s.call("POST", f"/breakouts/{old.id}/close")
        assert closed.status_code == 200, closed.text
        await s.sockets["ada"].wait_for(
            Opcode.BREAKOUT_PRESENCE_NOTIFY, lambda f: f.value["Reason"] == "closed"
        )
    finally:
        await s.close()
