"""The hub's mute filter on its own (`LocalHub.deliver_local`, `realtime/mutefilter.py`): with
no mutes every socket of a channel gets every frame; a CHAT_MUTES_NOTIFY on a person channel
sets the lists of that person's sockets of its event (and no one else's); chat messages then
skip exactly the sender's muters; other frames and other senders pass."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

from venuely.realtime.codec import decode_frame, encode_json_frame
from venuely.realtime.connection import Connection, ConnState
from venuely.realtime.localhub import LocalHub
from venuely.realtime.opcodes import Opcode
from venuely.realtime.wsprotocol import binary_message
from venuely.settings import Settings

EVENT, OTHER_EVENT = "e" * 24, "f" * 24
ADA, BOB, CAROL = "a" * 24, "b" * 24, "c" * 24


class Socket:
    """Keeps each WebSocket message written to it (a turn's messages come in one write)."""

    def __init__(self) -> None:
        self.written: list[bytes] = []

    def write_frames(self, data: bytes | bytearray) -> int | None:
        while data:
            length = data[1] & 0x7F
            header = {126: 4, 127: 10}.get(length, 2)
            if length >= 126:
                length = int.from_bytes(data[2:header], "big")
            self.written.append(bytes(data[: header + length]))
            data = data[header + length :]
        return 0

    def close_now(self, code: int, reason: str) -> None:
        pass


def _hub() -> LocalHub:
    settings = SimpleNamespace(
        realtime_outbound_buffer_bytes=1 << 20,
        realtime_idle_seconds=75,
        realtime_max_connections=5,
    )
    return LocalHub(cast(Settings, settings))


async def _open(
    hub: LocalHub, person: str, event: str, channels: list[str], mutes: frozenset[str] | None
) -> tuple[Connection, Socket]:
    socket = Socket()
    conn = Connection(socket, budget=1 << 20, outbox=hub.outbox, now=0.0)
    conn.person_id, conn.event_id, conn.mutes = person, event, mutes
    await hub.attach(conn, [f"person:{person}", *channels])
    conn.transition(ConnState.OPEN)
    return conn, socket


def _message(opcode: Opcode, sender: str, text: str = "hi") -> bytes:
    # A TmpID that spells the field of interest must not fool the reader.
    tmp = '"SenderID": "' + ADA + '"'
    return encode_json_frame(
        opcode, {"ID": "1" * 24, "TmpID": tmp, "SenderID": sender, "Text": text}
    )


def _mutes(event: str, *muted: str) -> bytes:
    rows = [{"PersonID": p, "Blocked": False, "CreatedAt": "2026-05-09T12:00:00Z"} for p in muted]
    return encode_json_frame(Opcode.CHAT_MUTES_NOTIFY, {"EventID": event, "Mutes": rows})


def _unwrap(message: bytes) -> bytes:
    """The frame inside a server's (unmasked) WebSocket message."""
    length = message[1] & 0x7F
    return message[{126: 4, 127: 10}.get(length, 2) :]


async def _turn_ends() -> None:
    """Let the loop run the hub's end-of-turn write (connection.Outbox)."""
    await asyncio.sleep(0)


def _got(socket: Socket) -> list[Any]:
    return [decode_frame(_unwrap(w)).value for w in socket.written]


def test_unwrap_reads_what_the_hub_writes() -> None:
    frame = _mutes(EVENT, BOB)
    assert _unwrap(binary_message(frame)) == frame


async def test_without_mutes_every_socket_gets_every_frame() -> None:
    hub = _hub()
    sockets = [(await _open(hub, p, EVENT, ["room:r"], None))[1] for p in (ADA, BOB, CAROL)]
    assert hub.deliver_local("room:r", _message(Opcode.CHAT_MESSAGE_SEND_NOTIFY, BOB)) == 3
    await _turn_ends()
    assert all(len(s.written) == 1 for s in sockets)


async def test_a_mutes_frame_sets_the_persons_sockets_of_its_event_only() -> None:
    hub = _hub()
    ada_here, _ = await _open(hub, ADA, EVENT, ["room:r"], None)
    ada_elsewhere, _ = await _open(hub, ADA, OTHER_EVENT, [], None)
    carol, _ = await _open(hub, CAROL, EVENT, ["room:r"], None)
    # On a room channel it is just a frame: nobody's list changes.
    hub.deliver_local("room:r", _mutes(EVENT, BOB))
    assert (ada_here.mutes, carol.mutes) == (None, None)
    assert hub.deliver_local(f"person:{ADA}", _mutes(EVENT, BOB)) == 2  # both of ada's sockets
    assert ada_here.mutes == frozenset({BOB})
    assert (ada_elsewhere.mutes, carol.mutes) == (None, None)
    hub.deliver_local(f"person:{ADA}", _mutes(EVENT))
    assert ada_here.mutes is None


async def test_chat_messages_skip_exactly_the_senders_muters() -> None:
    hub = _hub()
    _, ada = await _open(hub, ADA, EVENT, ["room:r"], frozenset({BOB}))
    _, ada_2 = await _open(hub, ADA, EVENT, ["room:r"], None)
    _, carol = await _open(hub, CAROL, EVENT, ["room:r"], None)
    hub.deliver_local(f"person:{ADA}", _mutes(EVENT, BOB))  # ada's second socket learns it
    await _turn_ends()
    ada.written.clear()
    ada_2.written.clear()
    for opcode in (Opcode.CHAT_MESSAGE_SEND_NOTIFY, Opcode.CHAT_MESSAGE_EDIT_NOTIFY):
        assert hub.deliver_local("room:r", _message(opcode, BOB)) == 1
    await _turn_ends()
    assert (ada.written, ada_2.written, len(carol.written)) == ([], [], 2)
    # Another sender, and frames that are no chat message, pass.
    assert hub.deliver_local("room:r", _message(Opcode.CHAT_MESSAGE_SEND_NOTIFY, CAROL)) == 3
    delete = encode_json_frame(Opcode.CHAT_MESSAGE_DELETE_NOTIFY, {"ID": "1" * 24, "SenderID": BOB})
    assert hub.deliver_local("room:r", delete) == 3
    await _turn_ends()
    assert [v["SenderID"] for v in _got(ada)] == [CAROL, BOB]


async def test_a_closed_socket_leaves_the_index() -> None:
    hub = _hub()
    conn, _ = await _open(hub, ADA, EVENT, ["room:r"], frozenset({BOB}))
    await hub.detach(conn)
    _, carol = await _open(hub, CAROL, EVENT, ["room:r"], None)
    assert hub.deliver_local("room:r", _message(Opcode.CHAT_MESSAGE_SEND_NOTIFY, BOB)) == 1
    await _turn_ends()
    assert len(carol.written) == 1
