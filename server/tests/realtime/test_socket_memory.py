"""What an open socket holds on the server, and the pieces that keep it small (the memory of an
idle connection: docs/subsystems/realtime.md, "Memory per connection")."""

from __future__ import annotations

import asyncio
import gc
import inspect
import re
from typing import Any

import pytest
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus
from websockets.http11 import Request

from tests.realtime.live import LiveServer, attendee, start_server
from venuely.app import create_app
from venuely.client import RealtimeSocket
from venuely.core.services import Services
from venuely.realtime import CloseCode, Opcode
from venuely.realtime.wsprotocol import VenuelyWebSocketProtocol, _Inbox, _Writable


async def _pong(socket: RealtimeSocket) -> None:
    await socket.ping("hi")
    assert (await socket.wait_for(Opcode.PONG)).value == "hi"


def _server_protocol(live: LiveServer) -> VenuelyWebSocketProtocol:
    (conn,) = live.hub.connections
    protocol = conn._socket
    assert isinstance(protocol, VenuelyWebSocketProtocol)
    return protocol


class _Recorder:
    """A middleware that notes every request it sees."""

    def __init__(self, app: ASGIApp, seen: list[tuple[str, str]]) -> None:
        self.app, self.seen = app, seen

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            self.seen.append((scope["type"], scope["path"]))
        await self.app(scope, receive, send)


async def test_realtime_sockets_are_served_ahead_of_the_middleware_stack(
    services: Services,
) -> None:
    seen: list[tuple[str, str]] = []
    app = create_app(services=services)
    app.add_middleware(_Recorder, seen=seen)
    server = await start_server(services, app=app)
    try:
        who = await attendee(services)
        socket = await server.socket(who.token, heartbeat=None)
        await _pong(socket)
        # The ticket call is an HTTP request like any other; the socket never entered the app.
        assert ("http", "/api/v1/amvproto/authenticate") in seen
        assert [s for s in seen if s[0] == "websocket"] == []
        # The gateway's checks still apply on the direct path: a used ticket is refused.
        await socket.close()
        # Any other WebSocket path is still the app's: its router refuses what matches nothing.
        ws_url = server.url.replace("http", "ws")
        with pytest.raises(InvalidStatus):
            async with connect(f"{ws_url}/realtime/a/b"):
                pass
        assert ("websocket", "/realtime/a/b") in seen
    finally:
        await server.stop()


async def test_the_direct_path_still_refuses_a_used_ticket_and_a_foreign_origin(
    live: LiveServer,
) -> None:
    who = await attendee(live.services)
    async with live.client() as api:
        ticket = await api.ticket(who.token)
        first = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
        again = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
        assert await again.wait_closed() == CloseCode.UNAUTHENTICATED
        await first.close()
    foreign = await live.socket(who.token, origin="https://elsewhere.example")
    assert await foreign.wait_closed() == CloseCode.ORIGIN_REFUSED


async def test_an_open_socket_holds_neither_its_scope_nor_its_headers(live: LiveServer) -> None:
    who = await attendee(live.services)
    socket = await live.socket(who.token, heartbeat=None)
    await _pong(socket)
    protocol = _server_protocol(live)
    assert not hasattr(protocol, "scope")
    assert not hasattr(protocol, "request")
    assert not hasattr(protocol, "response")
    # The `websockets` parser keeps the parsed request for the connection's life: emptied.
    (request,) = [r for r in gc.get_referents(protocol.conn.parser) if isinstance(r, Request)]
    assert list(request.headers.raw_items()) == []
    # Nor is the Starlette object the gateway checked the handshake with still alive.
    assert [o for o in gc.get_objects() if type(o) is WebSocket] == []
    await socket.close()


async def test_an_idle_socket_waits_through_four_coroutines(live: LiveServer) -> None:
    who = await attendee(live.services)
    socket = await live.socket(who.token, heartbeat=None)
    await _pong(socket)
    protocol = _server_protocol(live)
    (task,) = [
        t
        for t in asyncio.all_tasks()
        if getattr(t.get_coro(), "cr_frame", None) is not None
        and t.get_coro().cr_frame.f_locals.get("self") is protocol  # type: ignore[union-attr]
    ]
    chain: list[str] = []
    awaited: Any = task.get_coro()
    while inspect.iscoroutine(awaited):
        chain.append(awaited.__name__)
        awaited = awaited.cr_await
    # uvicorn's task, the gateway's two, uvicorn's receive (awaiting the inbox's future).
    # Through the app it was about twenty: each middleware, the router, FastAPI's wrapper.
    assert chain == ["run_asgi", "serve_socket", "_read_loop", "receive"]
    await socket.close()


# --- the duck-typed replacements of uvicorn's queue and event ----------------------------------


async def test_the_inbox_hands_messages_over_in_order() -> None:
    inbox = _Inbox(asyncio.get_running_loop())
    assert inbox.empty()
    inbox.put_nowait({"type": "websocket.connect"})
    inbox.put_nowait({"type": "websocket.receive", "bytes": b"1"})
    assert not inbox.empty()
    assert await inbox.get() == {"type": "websocket.connect"}
    assert await inbox.get() == {"type": "websocket.receive", "bytes": b"1"}
    assert inbox.empty()
    waiting = asyncio.ensure_future(inbox.get())
    await asyncio.sleep(0)
    assert not waiting.done()
    inbox.put_nowait({"type": "websocket.receive", "bytes": b"2"})
    inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
    assert await waiting == {"type": "websocket.receive", "bytes": b"2"}
    assert await inbox.get() == {"type": "websocket.disconnect", "code": 1000}


async def test_a_cancelled_read_leaves_the_message_for_the_next() -> None:
    inbox = _Inbox(asyncio.get_running_loop())
    reading = inbox.get()
    reading.cancel()
    inbox.put_nowait({"type": "websocket.disconnect", "code": 1006})
    assert not inbox.empty()
    assert await inbox.get() == {"type": "websocket.disconnect", "code": 1006}


async def test_the_inbox_has_one_reader() -> None:
    inbox = _Inbox(asyncio.get_running_loop())
    inbox.get()
    with pytest.raises(RuntimeError):
        inbox.get()


async def test_writable_waits_only_while_cleared() -> None:
    writable = _Writable()
    assert await writable.wait()
    writable.clear()
    waiting = asyncio.ensure_future(writable.wait())
    await asyncio.sleep(0)
    assert not waiting.done()
    assert not writable.is_set()
    writable.set()
    assert await waiting


def test_uvicorn_uses_only_what_the_replacements_offer() -> None:
    # Pinned uvicorn: if its protocol calls anything else on these, the replacements lack it.
    source = inspect.getsource(WebSocketsSansIOProtocol)
    assert set(re.findall(r"self\.queue\.(\w+)", source)) == {"put_nowait", "get", "empty"}
    assert set(re.findall(r"self\.writable\.(\w+)", source)) == {"set", "clear", "wait"}


async def test_sockets_of_one_channel_share_its_name(live: LiveServer) -> None:
    # Each handshake builds its channel names anew; the hub keeps one string per name.
    first = await attendee(live.services)
    second = await attendee(live.services, first.event)
    sockets = [await live.socket(w.token, heartbeat=None) for w in (first, second)]
    for socket in sockets:
        await _pong(socket)
    names = [
        next(c for c in conn.channels if c == f"event:{first.event.id}")
        for conn in live.hub.connections
    ]
    assert len(names) == 2
    assert names[0] is names[1]
    for socket in sockets:
        await socket.close()
