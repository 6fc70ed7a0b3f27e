"""What the gateway does with each kind of inbound frame, and its handler contract."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.realtime.live import LiveServer, attendee
from venuely.accounts.socket import session_principal
from venuely.chat.frames import ChatPersonStatusOut, DeleteIn, ReadIn
from venuely.client import RealtimeSocket
from venuely.realtime import CloseCode, Opcode, encode_frame, registry
from venuely.realtime.registry import ConnectionContext

# A valid header whose checksum is wrong: the smallest malformed frame with a clear code.
BAD_CHECKSUM = bytes.fromhex("b0000000")
UNKNOWN_OPCODE = bytes([0xB0, 62])  # checksum patched below


def _with_checksum(header: bytes, payload: bytes = b"") -> bytes:
    from binascii import crc_hqx

    return header + crc_hqx(header + payload, 0xFFFF).to_bytes(2, "big") + payload


async def _error(socket: RealtimeSocket) -> dict[str, object]:
    frame = await socket.wait_for(Opcode.ERROR)
    error = frame.value["Error"]
    assert isinstance(error, dict)
    return error


@pytest.fixture
def handlers() -> Iterator[dict[Opcode, registry.Handler[Any]]]:
    """The registry, restored after the test whatever features registered."""
    saved = dict(registry._handlers)
    yield registry._handlers
    registry._handlers.clear()
    registry._handlers.update(saved)


async def test_ping_is_answered_with_the_same_text_and_text_messages_ignored(
    live: LiveServer,
) -> None:
    socket = await live.socket((await attendee(live.services)).token)
    await socket.send_raw("a text message is not a frame")
    await socket.ping("hb-17")
    frame = await socket.recv()  # nothing came for the text message
    assert (frame.opcode, frame.value) == (Opcode.PONG, "hb-17")
    await socket.ping("x" * 257)
    error = await _error(socket)
    assert error["Code"] == "VALIDATION_ERROR"
    await socket.send_raw(encode_frame(Opcode.PONG, "unasked"))
    await socket.ping("still here")
    assert (await socket.recv()).value == "still here"
    await socket.close()


async def test_malformed_frames_are_answered_and_too_many_close(live: LiveServer) -> None:
    socket = await live.socket((await attendee(live.services)).token)
    await socket.send_raw(BAD_CHECKSUM)
    assert await _error(socket) == {
        "Code": "BAD_CHECKSUM",
        "Message": "frame checksum does not match",
        "Data": {},
    }
    await socket.send_raw(_with_checksum(UNKNOWN_OPCODE))
    assert (await _error(socket))["Code"] == "UNKNOWN_OPCODE"
    await socket.send_raw(b"\xb0")
    assert (await _error(socket))["Code"] == "FRAME_HEADER"
    limit = live.services.settings.realtime_malformed_limit
    for _ in range(limit - 3):
        await socket.send_raw(BAD_CHECKSUM)
    assert await socket.wait_closed() == CloseCode.TOO_MANY_MALFORMED_FRAMES


async def test_oversized_frames(live: LiveServer) -> None:
    socket = await live.socket((await attendee(live.services)).token)
    await socket.send_raw(_with_checksum(bytes([0xB0, 0x00]), b"x" * (64 * 1024)))
    assert (await _error(socket))["Code"] == "FRAME_TOO_LARGE"
    # Above the transport cap the WebSocket layer itself closes with 1009.
    await socket.send_raw(b"\xb0" * (1024 * 1024 + 1))
    assert await socket.wait_closed() == 1009


async def test_opcodes_a_client_may_not_send_or_nobody_handles(
    live: LiveServer, handlers: dict[Opcode, registry.Handler[Any]]
) -> None:
    handlers.pop(Opcode.CHATROOM_CREATE, None)
    socket = await live.socket((await attendee(live.services)).token)
    await socket.send_json(Opcode.ERROR, {"Error": {}})
    error = await _error(socket)
    assert (error["Code"], error["Data"]) == ("OPCODE_NOT_ACCEPTED", {"Opcode": 2})
    await socket.send_json(Opcode.CHATROOM_CREATE, {"TmpID": "t"})
    error = await _error(socket)
    assert (error["Code"], error["Data"]) == ("OPCODE_NOT_ACCEPTED", {"Opcode": 4})
    await socket.send_raw(encode_frame(Opcode.CHATROOM_CREATE, "text, not JSON"))
    assert (await _error(socket))["Code"] == "VALIDATION_ERROR"
    await socket.close()


async def test_handlers_get_a_working_context_and_failures_stay_contained(
    live: LiveServer, handlers: dict[Opcode, registry.Handler[Any]]
) -> None:
    seen: list[tuple[str, str, str]] = []
    room, message = "a" * 24, "b" * 24

    async def read_handler(ctx: ConnectionContext, body: ReadIn) -> None:
        async with ctx.services.db.session() as session:
            principal = await session_principal(session, ctx.services, ctx.session_id)
        seen.append((principal.person_id, ctx.event_id, body.ChatroomID))
        answer = ChatPersonStatusOut(
            ID="c" * 24,
            EventID=ctx.event_id,
            Created=None,
            Updated=None,
            PersonID=ctx.person_id,
            ChatroomID=body.ChatroomID,
            LastReadChatMessageID=body.LastReadChatMessageID,
        )
        ctx.send(Opcode.CHAT_MESSAGE_READ_NOTIFY, answer)

    async def broken_handler(ctx: ConnectionContext, body: DeleteIn) -> None:
        raise RuntimeError("a bug")

    handlers[Opcode.CHAT_MESSAGE_READ] = read_handler
    handlers[Opcode.CHAT_MESSAGE_DELETE] = broken_handler
    who = await attendee(live.services)
    socket = await live.socket(who.token)
    await socket.mark_read(room, message)
    notify = await socket.wait_for(Opcode.CHAT_MESSAGE_READ_NOTIFY)
    assert (notify.value["ChatroomID"], notify.value["LastReadChatMessageID"]) == (room, message)
    assert seen == [(who.person.id, who.event.id, room)]
    # The payload is validated before the handler runs, and refused with the declared opcode.
    await socket.send_json(Opcode.CHAT_MESSAGE_READ, {"ChatroomID": "not an id"})
    error = await _error(socket)
    assert error["Code"] == "MISSING_PARAMETER"
    data = error["Data"]
    assert isinstance(data, dict)
    problems = data.pop("Problems")
    assert data == {
        "Opcode": 15,
        "ChatroomID": "not an id",
        "Operation": "CHAT_MESSAGE_READ",
        "Parameters": ["LastReadChatMessageID"],
    }
    # Named as REST names them: where, which field, what is wrong with it.
    assert [(p["In"], p["Name"], p["Type"]) for p in problems] == [
        ("payload", "ChatroomID", "string_pattern_mismatch"),
        ("payload", "LastReadChatMessageID", "missing"),
    ]
    await socket.delete_message(room, message)
    error = (await socket.wait_for(Opcode.CHAT_MESSAGE_DELETE_ERROR)).value["Error"]
    assert (error["Code"], error["Data"]) == ("INTERNAL_ERROR", {"ID": message, "ChatroomID": room})
    await socket.ping("alive")
    assert (await socket.wait_for(Opcode.PONG)).value == "alive"
    # A revoked token closes the socket (and would fail its next command: handlers reload).
    async with live.client() as api:
        await api.logout(who.token)
    assert await socket.wait_closed() == CloseCode.TOKEN_REVOKED


async def test_inbound_flood_is_closed(live: LiveServer) -> None:
    socket = await live.socket((await attendee(live.services)).token)
    burst = live.services.settings.realtime_inbound_burst
    for _ in range(burst + 20):
        await socket.send_raw("x")
    assert await socket.wait_closed() == CloseCode.INBOUND_RATE_EXCEEDED
