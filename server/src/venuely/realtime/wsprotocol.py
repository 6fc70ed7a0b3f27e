"""uvicorn's sans-I/O WebSocket protocol with a direct write path for the realtime gateway.

Why: ASGI sends one message per `await send(...)`, and each goes through every middleware's send
wrapper, a task wake-up and the WebSocket library's framing. A broadcast to 10,000 sockets paid
that 10,000 times, which was most of a server core at 40,000 deliveries/s. Frames from a server
are not masked (RFC 6455 §5.1), so the WebSocket message carrying a broadcast is the same bytes
for every recipient: the hub frames it once (`binary_message`) and hands those bytes to each
socket's transport here. No task, no await, no copy per recipient.

The gateway finds this object in the ASGI scope under `DIRECT_EXTENSION`. Everything else about
the socket — handshake, reading, pings, the peer's close — stays uvicorn's. Writes bypass the
`websockets` state machine only for whole data frames, which it does not track; closes go
through it (`close_now`).

Memory: an idle socket is held for hours, thousands at a time, so what each one keeps matters
(docs/subsystems/realtime.md, "Memory per connection"). Three things here are for that alone:
`/realtime/` sockets are handed to the gateway ahead of the app (`serve_ahead`), so the
coroutines of the middleware stack, the router and FastAPI's endpoint wrapper are not held for
the socket's life; the handshake's scope and headers are let go once the gateway checked them
(`forget_handshake`); and uvicorn's receive queue and writable event, five deques between them,
are replaced by `_Inbox` and `_Writable`, which hold nothing while idle.

Pinned with uvicorn (server/requirements.txt): this class relies on the attributes of
`WebSocketsSansIOProtocol` it uses below, and `tests/realtime/test_wsprotocol.py` breaks if they
change.
"""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.routing import BaseRoute, Match
from uvicorn._types import ASGIReceiveEvent
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

DIRECT_EXTENSION = "venuely.direct_socket"
# What `venuely serve` and the test servers pass to uvicorn as `ws`.
PROTOCOL_PATH = "venuely.realtime.wsprotocol:VenuelyWebSocketProtocol"

_FIN_BINARY = 0x82  # FIN bit + opcode 2 (binary); servers never mask


def binary_message(payload: bytes) -> bytes:
    """One unfragmented, unmasked binary WebSocket frame carrying `payload`."""
    size = len(payload)
    if size < 126:
        header = struct.pack("!BB", _FIN_BINARY, size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", _FIN_BINARY, 126, size)
    else:
        header = struct.pack("!BBQ", _FIN_BINARY, 127, size)
    return header + payload


# An ASGI application as uvicorn calls it; the direct endpoint may return any awaitable.
DirectEndpoint = Callable[[Any, Any, Any], Awaitable[None]]
_ahead: tuple[BaseRoute, DirectEndpoint] | None = None


def serve_ahead(route: BaseRoute, endpoint: DirectEndpoint) -> None:
    """Sockets whose path `route` matches go to `endpoint` (raw ASGI, the scope holding the
    route's `path_params` and `app`) instead of through the application's middleware stack and
    router. `realtime/router.py` registers the `/realtime/{ticket}` route it declares: the app's
    route table still has it, and a server without this protocol still serves it the usual way.

    Why: the application holds a socket in a chain of about twenty coroutines — uvicorn's, each
    middleware's, the router's, FastAPI's endpoint wrapper with its exit stacks — for as long as
    it is open. None of them acts on a WebSocket (our middlewares pass non-HTTP scopes through,
    the route has no dependencies), and together they were a fifth of an idle socket's memory."""
    global _ahead
    _ahead = (route, endpoint)


def _served_app(app: Any) -> Starlette | None:
    """The Starlette application inside uvicorn's wrappers (proxy headers, message logger)."""
    for _ in range(8):
        if isinstance(app, Starlette):
            return app
        app = getattr(app, "app", None)
    return None


class _Inbox:
    """uvicorn's receive queue, for its one reader (the gateway's read loop). `asyncio.Queue`
    allocates four deques and an Event per socket, 3 KiB held for the socket's whole life; this
    holds a list only while messages wait and a future only while the reader waits. uvicorn
    calls `put_nowait`, `get` and `empty` (`test_wsprotocol.py` checks the class has no other
    callers)."""

    __slots__ = ("_items", "_loop", "_waiter")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._items: list[ASGIReceiveEvent] | None = None
        self._waiter: asyncio.Future[ASGIReceiveEvent] | None = None

    def put_nowait(self, item: ASGIReceiveEvent) -> None:
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():  # a reader cancelled meanwhile leaves the item queued
                waiter.set_result(item)
                return
        if self._items is None:
            self._items = [item]
        else:
            self._items.append(item)

    def get(self) -> asyncio.Future[ASGIReceiveEvent]:
        """The next message, as a future (uvicorn awaits it): done at once when one waits."""
        if self._waiter is not None and not self._waiter.done():
            raise RuntimeError("the inbox has one reader")
        future: asyncio.Future[ASGIReceiveEvent] = self._loop.create_future()
        items = self._items
        if items:
            future.set_result(items.pop(0))
            if not items:
                self._items = None
        else:
            self._waiter = future
        return future

    def empty(self) -> bool:
        return not self._items


class _Writable:
    """uvicorn's `writable` event (set while the transport takes data), without the deque an
    `asyncio.Event` allocates for waiters. Only ASGI `send` waits on it, which the gateway uses
    for the accept alone; pausing and resuming the transport set and clear it."""

    __slots__ = ("_set", "_waiters")

    def __init__(self) -> None:
        self._set = True
        self._waiters: list[asyncio.Future[None]] | None = None

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        self._set = True
        waiters, self._waiters = self._waiters, None
        for waiter in waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    def clear(self) -> None:
        self._set = False

    async def wait(self) -> bool:
        if not self._set:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            if self._waiters is None:
                self._waiters = []
            self._waiters.append(waiter)
            await waiter
        return True


class VenuelyWebSocketProtocol(WebSocketsSansIOProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Duck-typed replacements for the two asyncio objects (see their classes).
        self.queue = _Inbox(self.loop)  # type: ignore[assignment]
        self.writable = _Writable()  # type: ignore[assignment]

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        # The scope exists only for an accepted upgrade; its ASGI task has been created but
        # has not run yet, so the extension is there before the application looks, and the
        # application it will call can still be chosen.
        scope = getattr(self, "scope", None)
        if scope is None:
            return
        scope["extensions"][DIRECT_EXTENSION] = self
        if _ahead is not None:
            route, endpoint = _ahead
            app = _served_app(self.app)
            match, child_scope = route.matches(scope)
            if match is Match.FULL and app is not None:
                scope.update(child_scope)
                scope["app"] = app  # what Starlette would set: the gateway finds services there
                self.app = endpoint

    def forget_handshake(self) -> None:
        """Let go of what only the handshake needed: the ASGI scope (its headers, the copy of
        the lifespan state) and the parsed request's and response's headers. The request stays
        referenced by the `websockets` parser for the connection's life, so its headers are
        emptied in place; uvicorn reads none of these once the upgrade is answered."""
        self.__dict__.pop("scope", None)
        request = self.__dict__.pop("request", None)
        if request is not None:
            request.headers.clear()
        self.__dict__.pop("response", None)

    def write_frames(self, data: bytes | bytearray) -> int | None:
        """Write whole pre-framed messages. Returns the bytes now waiting in user space for the
        kernel to take (the caller's slow-consumer measure), or None when the socket takes no
        more data: not yet accepted, closing, or gone."""
        if not self.handshake_complete or self.close_sent or self.disconnected:
            return None
        transport = self.transport
        if transport.is_closing():
            return None
        transport.write(data)
        return transport.get_write_buffer_size()

    def close_now(self, code: int, reason: str) -> None:
        """Send a close frame after what is already buffered, as an ASGI `websocket.close` would,
        but at once: ASGI's send first waits for the write buffer to drain, which a slow
        consumer never does. The application's `receive` then returns the disconnect."""
        if self.close_sent or self.disconnected or self.transport.is_closing():
            return
        if not self.handshake_complete:
            self.transport.close()
            return
        try:
            self.conn.send_close(code, reason)
        except InvalidState:  # the peer's close arrived first; uvicorn answers it
            return
        self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        self.close_timer = self.loop.call_later(self.close_timeout, self._close_or_abort)

    def _close_or_abort(self) -> None:
        """The peer did not answer the close in time. A transport that still holds unsent data
        would wait for a reader that is not reading: drop it instead of keeping its buffer."""
        self.close_timer = None
        if self.transport.get_write_buffer_size():
            self.transport.abort()
        else:
            self.transport.close()
