"""Coalesced writes (`connection.Outbox`): what a connection is sent during one turn of the event
loop reaches its socket as one write at the turn's end, in the order sent; a close frame follows
every message sent before it; a turn's write over the budget closes the slow consumer; a socket
gone or closed meanwhile drops the turn's messages; a turn that hands one connection many
messages writes them in bounded batches, checking the budget at each; an expensive write holds
the next back as long as it took, gathering meanwhile."""

from __future__ import annotations

import asyncio
import gc
import time

from venuely.realtime.connection import TURN_WRITE_BYTES, Connection, ConnState, Outbox
from venuely.realtime.errors import CloseCode
from venuely.realtime.wsprotocol import binary_message


class Socket:
    """Records each call in order: ("write", data) and ("close", code)."""

    def __init__(self, buffered: int = 0, gone: bool = False) -> None:
        self.calls: list[tuple[str, object]] = []
        self.buffered = buffered
        self.gone = gone

    def write_frames(self, data: bytes | bytearray) -> int | None:
        if self.gone:
            return None
        self.calls.append(("write", bytes(data)))
        return self.buffered

    def close_now(self, code: int, reason: str) -> None:
        self.calls.append(("close", code))


def _open(socket: Socket, outbox: Outbox, budget: int = 1 << 20) -> Connection:
    conn = Connection(socket, budget=budget, outbox=outbox, now=0.0)
    conn.transition(ConnState.OPEN)
    return conn


def _messages(*texts: str) -> list[bytes]:
    return [binary_message(t.encode()) for t in texts]


async def test_one_turn_is_one_write_in_the_order_sent() -> None:
    outbox = Outbox()
    socket, other = Socket(), Socket()
    conn, conn_2 = _open(socket, outbox), _open(other, outbox)
    first, second, third = _messages("one", "two", "three")
    assert conn.write_message(first)
    assert conn.write_message(second)
    assert conn_2.write_message(third)
    conn.enqueue(b"four")
    assert socket.calls == []  # nothing is written before the turn ends
    await asyncio.sleep(0)
    assert socket.calls == [("write", first + second + binary_message(b"four"))]
    assert other.calls == [("write", third)]
    # The next turn is a write of its own.
    conn.write_message(third)
    await asyncio.sleep(0)
    assert socket.calls[1:] == [("write", third)]


async def test_the_close_frame_follows_what_was_sent_before_it() -> None:
    socket = Socket()
    conn = _open(socket, Outbox())
    (message,) = _messages("last words")
    conn.write_message(message)
    conn.close(4001, "bye")
    assert socket.calls == [("write", message), ("close", 4001)]
    # Closing: nothing more is taken, and the turn's end writes nothing.
    assert conn.write_message(message) is False
    await asyncio.sleep(0)
    assert socket.calls == [("write", message), ("close", 4001)]


async def test_a_turn_over_the_budget_closes_the_slow_consumer_after_its_write() -> None:
    socket = Socket(buffered=2_000)
    conn = _open(socket, Outbox(), budget=1_000)
    first, second = _messages("a", "b")
    conn.write_message(first)
    conn.write_message(second)
    await asyncio.sleep(0)
    assert socket.calls == [("write", first + second), ("close", CloseCode.SLOW_CONSUMER)]
    assert conn.state is ConnState.CLOSING
    assert conn.close_code == CloseCode.SLOW_CONSUMER


async def test_a_socket_gone_or_closed_within_the_turn_drops_its_messages() -> None:
    outbox = Outbox()
    gone = _open(Socket(gone=True), outbox)
    closed_socket = Socket()
    closed = _open(closed_socket, outbox)
    (message,) = _messages("late")
    gone.write_message(message)
    closed.write_message(message)
    closed.transition(ConnState.CLOSING)
    closed.mark_closed()  # the socket went away before the turn ended
    await asyncio.sleep(0)
    assert closed_socket.calls == []
    assert gone.state is ConnState.OPEN  # the gateway closes it when it reads the disconnect


async def test_a_long_turn_writes_early_and_meets_the_budget_within_the_turn() -> None:
    socket = Socket()
    conn = _open(socket, Outbox(), budget=100_000)
    one = "x" * 1000
    count = -(-TURN_WRITE_BYTES // len(_messages(one)[0]))  # the fewest that reach the bound
    batch = _messages(*([one] * count))
    for message in batch:
        conn.write_message(message)
    assert socket.calls == [("write", b"".join(batch))]  # before the turn ended
    socket.buffered = 200_000  # the reader stalls: the next early write finds it over budget
    for message in batch:
        conn.write_message(message)
    assert socket.calls[1:] == [("write", b"".join(batch)), ("close", CloseCode.SLOW_CONSUMER)]
    assert conn.write_message(batch[0]) is False


async def test_a_turn_holds_no_object_the_garbage_collector_tracks() -> None:
    # Lists per socket and turn made collections frequent enough to stall fan-out.
    conn = _open(Socket(), Outbox())
    first, second = _messages("one", "two")
    conn.write_message(first)
    assert conn._pending is first  # the broadcast's own bytes, not a copy in a container
    conn.write_message(second)
    assert not gc.is_tracked(conn._pending)
    await asyncio.sleep(0)


class SlowSocket(Socket):
    """A write that takes 50 ms: as a broadcast to many thousands of sockets does."""

    def write_frames(self, data: bytes | bytearray) -> int | None:
        time.sleep(0.05)
        return super().write_frames(data)


async def test_an_expensive_write_holds_the_next_back_as_long_as_it_took() -> None:
    outbox = Outbox()
    slow_socket, socket = SlowSocket(), Socket()
    slow, conn = _open(slow_socket, outbox), _open(socket, outbox)
    first, second, third = _messages("one", "two", "three")
    slow.write_message(first)
    await asyncio.sleep(0)
    assert slow_socket.calls == [("write", first)]
    conn.write_message(second)
    await asyncio.sleep(0)
    assert socket.calls == []  # held back: gathering, not writing
    conn.write_message(third)
    await asyncio.sleep(0.1)
    assert socket.calls == [("write", second + third)]
    # The cheap write set no pace: the next goes at the turn's end again.
    conn.write_message(first)
    await asyncio.sleep(0)
    assert socket.calls[1:] == [("write", first)]
