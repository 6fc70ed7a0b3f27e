"""One open socket: its state, and writing to it without ever waiting for it.

Fan-out never awaits a socket. Every frame for a connection — a broadcast, an answer, an error —
is a whole WebSocket message handed to the socket's transport (`DirectSocket.write_frames`); the
kernel takes what it can and the transport buffers the rest. A socket that cannot keep up only
grows its own transport buffer — until it holds more than the byte budget, and the connection is
closed as a slow consumer (protocol/README.md §8, close 4008), which costs the others nothing.

Coalescing: a write is one system call, and on a busy server that call (the kernel's TCP work)
costs more than everything Python does for a delivery. So a connection collects what it is
handed and the hub's `Outbox` writes it in one call: at the end of the turn of the event loop,
or, after an expensive write, once as long again has passed. Order is kept: a connection's
messages go in the order handed, and a close frame after every message handed before it
(`close` writes first).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from enum import Enum
from typing import Any, Protocol

from venuely.core.metrics import REALTIME_SLOW_CLOSES
from venuely.realtime.errors import CloseCode
from venuely.realtime.wsprotocol import binary_message

log = logging.getLogger("venuely.realtime")


class DirectSocket(Protocol):
    """What a connection needs of its WebSocket (`wsprotocol.VenuelyWebSocketProtocol`)."""

    def write_frames(self, data: bytes | bytearray) -> int | None: ...

    def close_now(self, code: int, reason: str) -> None: ...


# An ASGI receive: the next message from the socket.
Receive = Callable[[], Awaitable[Mapping[str, Any]]]


class ServedSocket(DirectSocket, Protocol):
    """What the gateway needs of the socket besides writing: its ASGI receive, read from once
    the handshake is done, and letting go of what only the handshake needed."""

    def receive(self) -> Awaitable[Mapping[str, Any]]: ...

    def forget_handshake(self) -> None: ...


class ConnState(Enum):
    HANDSHAKE = "handshake"  # upgrade accepted; origin, ticket and limits being checked
    OPEN = "open"  # in the hub's channels: frames flow both ways
    CLOSING = "closing"  # a close was decided; the writer flushes (or drops) and sends it
    CLOSED = "closed"  # the socket is gone and the connection is out of the hub


_TRANSITIONS: dict[ConnState, frozenset[ConnState]] = {
    ConnState.HANDSHAKE: frozenset({ConnState.OPEN, ConnState.CLOSING, ConnState.CLOSED}),
    ConnState.OPEN: frozenset({ConnState.CLOSING, ConnState.CLOSED}),
    ConnState.CLOSING: frozenset({ConnState.CLOSED}),
    ConnState.CLOSED: frozenset(),
}

_ids = itertools.count(1)
# A turn that hands one connection this many bytes writes them at once instead of holding them
# to the turn's end: what waits in user space stays bounded, and the slow-consumer budget is
# checked at each write however long a turn runs.
TURN_WRITE_BYTES = 64 * 1024
# A write that took longer than this holds the next one back as long as it took (`Outbox`).
PACE_FROM = 0.002


class IllegalTransition(RuntimeError):
    pass


class Connection:
    __slots__ = (
        "_close_code",
        "_outbox",
        "_pending",
        "_socket",
        "budget",
        "channels",
        "event_id",
        "id",
        "last_received",
        "mutes",
        "person_id",
        "session_id",
        "state",
    )

    def __init__(self, socket: DirectSocket, *, budget: int, outbox: Outbox, now: float) -> None:
        self.id = next(_ids)
        self.state = ConnState.HANDSHAKE
        self.person_id = ""
        self.event_id = ""
        self.session_id = ""
        self.channels: set[str] = set()
        # Senders whose chat messages this socket does not receive (its person muted them in
        # its event); None, not an empty set, when there are none: most sockets have none.
        self.mutes: frozenset[str] | None = None
        self.budget = budget
        self.last_received = now
        self._socket = socket
        self._close_code = 1000
        # What this turn of the loop sent, written at its end; None between turns. The first
        # message is held as it is (a broadcast's shared bytes), later ones extend a bytearray:
        # neither is an object the garbage collector tracks. A list per socket and turn was, and
        # the extra collections it caused — each full one walks every object of a process
        # holding thousands of sockets — put 150 ms stalls into the latency tail.
        self._pending: bytes | bytearray | None = None
        self._outbox = outbox

    def __repr__(self) -> str:
        return f"<Connection {self.id} {self.state.value} person={self.person_id}>"

    def transition(self, new: ConnState) -> None:
        if new not in _TRANSITIONS[self.state]:
            raise IllegalTransition(f"connection {self.id}: {self.state.value} -> {new.value}")
        self.state = new

    @property
    def close_code(self) -> int:
        return self._close_code

    def enqueue(self, frame: bytes) -> bool:
        """Send one protocol frame to this socket; never blocks. False when it was not sent."""
        return self.write_message(binary_message(frame))

    def write_message(self, message: bytes) -> bool:
        """Send an already framed WebSocket message (a broadcast frames it once for everyone);
        it is written at the end of this turn of the event loop, with whatever else this
        connection is sent meanwhile. Never blocks. False when the connection takes no more."""
        state = self.state
        if state is not ConnState.OPEN and state is not ConnState.HANDSHAKE:
            return False
        pending = self._pending
        if pending is None:
            self._pending = message
            self._outbox.add(self)
            return True
        if isinstance(pending, bytes):
            pending = self._pending = bytearray(pending)
        pending += message
        if len(pending) >= TURN_WRITE_BYTES:
            self.flush()
        return True

    def flush(self) -> bool:
        """Write what this turn collected, in one call; False when that closed the connection
        as a slow consumer. A socket gone meanwhile drops it: the gateway is about to see the
        disconnect."""
        pending = self._pending
        if pending is None:
            return True
        self._pending = None
        state = self.state
        if state is not ConnState.OPEN and state is not ConnState.HANDSHAKE:
            return True
        buffered = self._socket.write_frames(pending)
        if buffered is None or buffered <= self.budget:
            return True
        # These messages are written; the close frame goes after them and nothing more does.
        log.info(
            "realtime slow consumer closed",
            extra={"connection": self.id, "person_id": self.person_id, "queued": buffered},
        )
        REALTIME_SLOW_CLOSES.inc()
        self.close(CloseCode.SLOW_CONSUMER, "outbound buffer full")
        return False

    def close(self, code: int, reason: str = "") -> None:
        """Close the socket: the close frame follows every message sent before. Calling it
        again, or after the socket is gone, changes nothing."""
        if self.state is ConnState.CLOSING or self.state is ConnState.CLOSED:
            return
        if not self.flush():  # the last write found a slow consumer, and closed it
            return
        self.transition(ConnState.CLOSING)
        self._close_code = code
        self._socket.close_now(code, reason)

    def mark_closed(self) -> None:
        if self.state is not ConnState.CLOSED:
            self.transition(ConnState.CLOSED)


class Outbox:
    """The connections with messages collected since the last write, and the one callback that
    writes them all. One per hub, and a hub serves one loop for its whole life.

    The write runs at the end of the turn (`call_soon` runs after every callback already due),
    unless the last write was expensive: then the next waits as long as that one took. A write
    to a few sockets costs microseconds and goes at once; a broadcast to 10,000 takes tens of
    milliseconds of system calls, and what the following broadcasts send meanwhile is gathered
    into one write per socket instead of one each. So under a load that would saturate the
    process, writing takes at most about half of it and each write carries more, while a
    message is held at most one write's duration: this is what lets one process go past
    150,000 deliveries a second (docs/subsystems/realtime.md)."""

    __slots__ = ("_due", "_not_before")

    def __init__(self) -> None:
        self._due: list[Connection] = []
        self._not_before = 0.0

    def add(self, conn: Connection) -> None:
        due = self._due
        if not due:
            loop = asyncio.get_running_loop()
            wait = self._not_before - loop.time()
            if wait > 0:
                loop.call_later(wait, self._flush)
            else:
                loop.call_soon(self._flush)
        due.append(conn)

    def _flush(self) -> None:
        due, self._due = self._due, []
        started = time.perf_counter()
        for conn in due:
            conn.flush()
        took = time.perf_counter() - started
        # A cheap write sets no pace: answers and small rooms always go at the turn's end.
        self._not_before = asyncio.get_running_loop().time() + took if took > PACE_FROM else 0.0


async def cancel_quietly(task: asyncio.Task[Any]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
