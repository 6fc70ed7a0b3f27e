"""Removal and chat ban on live sockets: removing an attendee closes their open socket at once
(4005, no longer admitted) and leaves others' alone; a banned attendee's socket send is refused
with CHAT_MESSAGE_SEND_ERROR CHAT_BANNED while the room's messages still reach them."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.factories import bearer, grant_admin, make_person, token_for
from tests.realtime.live import LiveServer, attendee, start_server
from venuely.admins.models import AdminType
from venuely.chat.service import ensure_broadcast_room
from venuely.core.services import Services
from venuely.realtime import CloseCode, Opcode


@pytest.fixture
async def live(services: Services) -> AsyncIterator[LiveServer]:
    server = await start_server(services)
    yield server
    await server.stop()


async def _organizer(services: Services, event_id: str) -> dict[str, str]:
    organizer = await make_person(services)
    await grant_admin(services, organizer, AdminType.EVENT, event_id=event_id, roles=["people"])
    return bearer(await token_for(services, organizer))


async def _broadcast(services: Services, event_id: str) -> str:
    async with services.db.session() as session:
        room = await ensure_broadcast_room(session, event_id, services.clock.now())
        return room.id


async def test_removal_closes_the_open_socket(live: LiveServer) -> None:
    who = await attendee(live.services)
    other = await attendee(live.services, who.event)
    organizer = await _organizer(live.services, who.event.id)
    removed_socket = await live.socket(who.token)
    other_socket = await live.socket(other.token)
    async with live.client() as api:
        answer = await api.http.put(
            f"/events/{who.event.id}/people/{who.person.id}/removal", headers=organizer
        )
        assert answer.status_code == 200, answer.text
    assert await removed_socket.wait_closed() == CloseCode.NOT_WHITELISTED
    await other_socket.ping("still here")
    assert (await other_socket.wait_for(Opcode.PONG)).value == "still here"
    await other_socket.close()


async def test_a_banned_socket_cannot_send_but_still_reads(live: LiveServer) -> None:
    who = await attendee(live.services)
    other = await attendee(live.services, who.event)
    room_id = await _broadcast(live.services, who.event.id)
    organizer = await _organizer(live.services, who.event.id)
    banned_socket = await live.socket(who.token)
    other_socket = await live.socket(other.token)
    async with live.client() as api:
        answer = await api.http.put(
            f"/events/{who.event.id}/people/{who.person.id}/chat-ban", headers=organizer
        )
        assert answer.status_code == 200, answer.text
    tmp = await banned_socket.send_message(room_id, "let me speak")
    error = (await banned_socket.wait_for(Opcode.CHAT_MESSAGE_SEND_ERROR)).value["Error"]
    assert (error["Code"], error["Data"]["TmpID"]) == ("CHAT_BANNED", tmp)
    await banned_socket.create_direct_room(who.event.id, other.person.id)
    error = (await banned_socket.wait_for(Opcode.CHATROOM_CREATE_ERROR)).value["Error"]
    assert error["Code"] == "CHAT_BANNED"
    await other_socket.send_message(room_id, "hello all")
    notice = await banned_socket.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    assert notice.value["Text"] == "hello all"
    await banned_socket.close()
    await other_socket.close()
