"""One open socket: its state, and writing to it without ever waiting for it.

Fan-out never awaits a socket. Every frame for a connection — a broadcast, an answer, an error —
is written at once as a whole WebSocket message to the socket's transport
(`DirectSocket.write_frames`); the kernel takes what it can and the transport buffers the rest.
A publish to 10,000 sockets is therefore 10,000 synchronous writes of the same bytes, not 10,000
tasks. A socket that cannot keep up only grows its own transport buffer — until it holds more
than the byte budget, and the connection is closed as a slow consumer (protocol/README.md §8,
close 4008), which costs the others nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from enum import Enum
from typing import Any, Protocol

from venuely.core.metrics import REALTIME_SLOW_CLOSES
from venuely.realtime.errors import CloseCode
from venuely.realtime.wsprotocol import binary_message

log = logging.getLogger("venuely.realtime")


class DirectSocket(Protocol):
    """What a connection needs of its WebSocket (`wsprotocol.VenuelyWebSocketProtocol`)."""

    def write_frames(self, data: bytes) -> int | None: ...

    def close_now(self, code: int, reason: str) -> None: ...


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


class IllegalTransition(RuntimeError):
    pass


class Connection:
    __slots__ = (
        "_close_code",
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

    def __init__(self, socket: DirectSocket, *, budget: int, now: float) -> None:
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
        """Write an already framed WebSocket message (a broadcast frames it once for everyone);
        never blocks. False when the socket no longer takes data."""
        state = self.state
        if state is not ConnState.OPEN and state is not ConnState.HANDSHAKE:
            return False
        buffered = self._socket.write_frames(message)
        if buffered is None:
            return False
        if buffered > self.budget:
            # This message is written; the close frame goes after it and nothing more does.
            log.info(
                "realtime slow consumer closed",
                extra={"connection": self.id, "person_id": self.person_id, "queued": buffered},
            )
            REALTIME_SLOW_CLOSES.inc()
            self.close(CloseCode.SLOW_CONSUMER, "outbound buffer full")
        return True

    def close(self, code: int, reason: str = "") -> None:
        """Close the socket: the close frame follows whatever is already buffered. Calling it
        again, or after the socket is gone, changes nothing."""
        if self.state is ConnState.CLOSING or self.state is ConnState.CLOSED:
            return
        self.transition(ConnState.CLOSING)
        self._close_code = code
        self._socket.close_now(code, reason)

    def mark_closed(self) -> None:
        if self.state is not ConnState.CLOSED:
            self.transition(ConnState.CLOSED)


async def cancel_quietly(task: asyncio.Task[Any]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
