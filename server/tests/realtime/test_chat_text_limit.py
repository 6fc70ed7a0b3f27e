"""One rule for a chat text above 4,000 characters, whatever its length: TEXT_TOO_LONG with
`MaxLength`, over REST and on the socket, for sends and edits, with nothing stored or changed.
(Texts above 16,000 characters used to fail schema validation first, as VALIDATION_ERROR.)
Only the transport's size limits — the REST body limit, the frame limit — come before it."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from tests.factories import bearer
from tests.realtime.live import LiveServer, attendee
from venuely.chat.models import ChatMessage
from venuely.chat.service import ensure_broadcast_room
from venuely.core.services import Services
from venuely.realtime.opcodes import Opcode

LENGTHS = [4001, 16_001, 20_000]


async def _messages(services: Services) -> list[str]:
    async with services.db.session() as session:
        return list((await session.scalars(select(ChatMessage.text))).all())


async def _room(live: LiveServer, event_id: str) -> str:
    async with live.services.db.session() as session:
        now = live.services.clock.now()
        return (await ensure_broadcast_room(session, event_id, now)).id


def _too_long(error: dict[str, Any]) -> None:
    assert (error["Code"], error["Data"].get("MaxLength")) == ("TEXT_TOO_LONG", 4000)


@pytest.mark.parametrize("length", LENGTHS)
async def test_rest_refuses_any_text_above_the_limit_as_too_long(
    live: LiveServer, length: int
) -> None:
    who = await attendee(live.services)
    url = f"/events/{who.event.id}/chat-rooms/{await _room(live, who.event.id)}/chat-messages"
    async with live.client() as api:
        sent = await api.http.post(
            url, json={"TmpID": "t-ok", "Text": "short"}, headers=bearer(who.token)
        )
        assert sent.status_code == 201
        refused = await api.http.post(
            url, json={"TmpID": "t-long", "Text": "x" * length}, headers=bearer(who.token)
        )
        assert refused.status_code == 422
        _too_long(refused.json()["Error"])
        edited = await api.http.put(
            f"{url}/{sent.json()['ID']}", json={"Text": "y" * length}, headers=bearer(who.token)
        )
        assert edited.status_code == 422
        _too_long(edited.json()["Error"])
    assert await _messages(live.services) == ["short"]


@pytest.mark.parametrize("length", LENGTHS)
async def test_the_socket_refuses_any_text_above_the_limit_as_too_long(
    live: LiveServer, length: int
) -> None:
    who = await attendee(live.services)
    room_id = await _room(live, who.event.id)
    socket = await live.socket(who.token)
    await socket.send_message(room_id, "short")
    stored = (await socket.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)).value
    tmp = await socket.send_message(room_id, "x" * length)
    error = (await socket.wait_for(Opcode.CHAT_MESSAGE_SEND_ERROR)).value["Error"]
    _too_long(error)
    assert (error["Data"]["TmpID"], error["Data"]["ChatroomID"]) == (tmp, room_id)
    await socket.edit_message(room_id, stored["ID"], "y" * length)
    error = (await socket.wait_for(Opcode.CHAT_MESSAGE_EDIT_ERROR)).value["Error"]
    _too_long(error)
    assert error["Data"]["ID"] == stored["ID"]
    await socket.close()
    assert await _messages(live.services) == ["short"]


async def test_the_transport_limits_still_come_first(live: LiveServer) -> None:
    who = await attendee(live.services)
    url = f"/events/{who.event.id}/chat-rooms/{await _room(live, who.event.id)}/chat-messages"
    limit = live.services.settings.max_body_bytes
    async with live.client() as api:
        refused = await api.http.post(
            url, json={"TmpID": "t", "Text": "x" * limit}, headers=bearer(who.token)
        )
    assert refused.status_code == 413
    assert refused.json()["Error"]["Code"] == "BODY_TOO_LARGE"
    async with live.services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(ChatMessage)) == 0
