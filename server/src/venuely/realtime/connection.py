"""One open socket: its state, its outbound buffer and the one task that writes to it.

Fan-out never awaits a socket. `enqueue` appends an already-encoded frame to a deque and returns;
the connection's single writer task drains the deque. A publish to 10,000 sockets is therefore
10,000 deque appends, not 10,000 tasks, and a socket that cannot keep up only grows its own
buffer — until the byte budget is exceeded and the connection is closed as a slow consumer
(protocol/README.md §8, close 4008), which costs the others nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from enum import Enum
from typing import Any

from venuely.realtime.errors import CloseCode

log = logging.getLogger("venuely.realtime")

Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


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
        "_close_reason",
        "_queue",
        "_queued",
        "_send",
        "_wakeup",
        "budget",
        "channels",
        "event_id",
        "id",
        "last_received",
        "person_id",
        "session_id",
        "state",
    )

    def __init__(self, send: Send, *, budget: int, now: float) -> None:
        self.id = next(_ids)
        self.state = ConnState.HANDSHAKE
        self.person_id = ""
        self.event_id = ""
        self.session_id = ""
        self.channels: set[str] = set()
        self.budget = budget
        self.last_received = now
        self._send = send
        self._queue: deque[bytes] = deque()
        self._queued = 0
        self._wakeup = asyncio.Event()
        self._close_code = 1000
        self._close_reason = ""

    def __repr__(self) -> str:
        return f"<Connection {self.id} {self.state.value} person={self.person_id}>"

    def transition(self, new: ConnState) -> None:
        if new not in _TRANSITIONS[self.state]:
            raise IllegalTransition(f"connection {self.id}: {self.state.value} -> {new.value}")
        self.state = new

    @property
    def queued_bytes(self) -> int:
        return self._queued

    @property
    def close_code(self) -> int:
        return self._close_code

    def enqueue(self, frame: bytes) -> bool:
        """Queue a frame for this socket; never blocks. False when it was not queued."""
        if self.state is not ConnState.OPEN and self.state is not ConnState.HANDSHAKE:
            return False
        self._queue.append(frame)
        self._queued += len(frame)
        if self._queued > self.budget:
            log.info(
                "realtime slow consumer closed",
                extra={"connection": self.id, "person_id": self.person_id, "queued": self._queued},
            )
            self.close(CloseCode.SLOW_CONSUMER, "outbound buffer full", flush=False)
            return False
        self._wakeup.set()
        return True

    def close(self, code: int, reason: str = "", *, flush: bool = True) -> None:
        """Decide to close. The writer sends what is queued (unless `flush` is false) and then the
        close frame; calling it again, or after the socket is gone, changes nothing."""
        if self.state is ConnState.CLOSING or self.state is ConnState.CLOSED:
            return
        self.transition(ConnState.CLOSING)
        self._close_code = code
        self._close_reason = reason
        if not flush:
            self._queue.clear()
            self._queued = 0
        self._wakeup.set()

    async def run_writer(self) -> None:
        """The one task that writes to the socket; returns once the close frame is sent or the
        peer is gone."""
        queue = self._queue
        send = self._send
        try:
            while True:
                while queue:
                    frame = queue.popleft()
                    self._queued -= len(frame)
                    await send({"type": "websocket.send", "bytes": frame})
                if self.state is ConnState.CLOSING:
                    break
                # No await between the emptiness check above and clear(): no wake-up is lost.
                self._wakeup.clear()
                await self._wakeup.wait()
            await send(
                {"type": "websocket.close", "code": self._close_code, "reason": self._close_reason}
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the peer went away mid-write; nothing left to tell it
            log.debug("realtime write failed", extra={"connection": self.id, "error": repr(exc)})
        finally:
            self._queue.clear()
            self._queued = 0

    def mark_closed(self) -> None:
        if self.state is not ConnState.CLOSED:
            self.transition(ConnState.CLOSED)
            self._queue.clear()
            self._queued = 0


async def cancel_quietly(task: asyncio.Task[Any]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
