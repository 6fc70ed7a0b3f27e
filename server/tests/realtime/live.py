"""A real server for gateway tests: uvicorn on a free 127.0.0.1 port, in the test's event loop,
with the test's services — so a test can reach into the hub and the clock while clients talk to
the server over real sockets."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import uvicorn

from tests.factories import make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.app import create_app
from venuely.client import RealtimeSocket, VenuelyClient
from venuely.core.services import Services
from venuely.core.serving import uvicorn_options
from venuely.events.models import Event
from venuely.realtime.localhub import LocalHub


@dataclass
class LiveServer:
    services: Services
    server: uvicorn.Server
    task: asyncio.Task[None]
    url: str

    @property
    def hub(self) -> LocalHub:
        hub = self.services.hub
        assert isinstance(hub, LocalHub)
        return hub

    def client(self, origin: str | None = None) -> VenuelyClient:
        return VenuelyClient(self.url, origin=origin)

    async def socket(
        self, token: str, *, origin: str | None = None, heartbeat: float | None = None
    ) -> RealtimeSocket:
        async with self.client(origin) as api:
            ticket = await api.ticket(token)
            return await RealtimeSocket.open(
                api.socket_url(ticket), origin=origin, heartbeat_seconds=heartbeat
            )

    async def stop(self) -> None:
        self.server.should_exit = True
        await asyncio.wait_for(self.task, 10)


async def start_server(services: Services, app: Any = None, **overrides: Any) -> LiveServer:
    """uvicorn as `venuely serve` runs it; `overrides` replace single options. `app`: one the
    test built (e.g. with a middleware of its own) instead of `create_app(services=services)`."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app if app is not None else create_app(services=services),
        loop="asyncio",
        lifespan="on",
        timeout_graceful_shutdown=2,
        **{**uvicorn_options(services.settings), **overrides},
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    await wait_until(lambda: server.started, "server start")
    return LiveServer(services, server, task, f"http://127.0.0.1:{port}")


async def wait_until(
    condition: Callable[[], bool], what: str, within: float = 5.0, step: float = 0.01
) -> None:
    """Poll `condition` until it holds; fail with `what` after `within` seconds."""
    async with asyncio.timeout(within):
        # Polling on purpose: the conditions are server state no test can await directly.
        while not condition():  # noqa: ASYNC110
            await asyncio.sleep(step)
    assert condition(), what


@dataclass
class Attendee:
    person: Person
    event: Event
    token: str


async def attendee(services: Services, event: Event | None = None) -> Attendee:
    event = event or await make_event(services)
    person = await make_person(services, event=event)
    return Attendee(person, event, await token_for(services, person, event))
