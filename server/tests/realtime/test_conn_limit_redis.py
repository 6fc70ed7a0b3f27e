"""The per-person connection limit counts across processes when Redis is configured: two app
instances on one database and one Redis share one allowance, and a socket of a process that died
without cleaning up stops counting once its entry expires. Collected only when
VENUELY_TEST_REDIS_URL is set; it then fails if Redis is unreachable."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
import redis.asyncio as aioredis
from websockets.exceptions import ConnectionClosed

from tests.realtime.conftest import REDIS_URL
from tests.realtime.live import LiveServer, attendee, start_server
from venuely.client import RealtimeSocket
from venuely.core.clock import FrozenClock
from venuely.core.services import Services, build_services
from venuely.realtime import CloseCode, Opcode
from venuely.realtime.redishub import RedisHub
from venuely.settings import Settings

LIMIT = 2
TTL = 3.0  # short, so a dead process's entry expires within the test


@pytest.fixture
async def pair(settings: Settings, clock: FrozenClock) -> AsyncIterator[tuple[LiveServer, ...]]:
    redis_settings = settings.model_copy(
        update={"redis_url": REDIS_URL, "realtime_max_connections": LIMIT}
    )
    prefix = f"venuely-test-{secrets.token_hex(4)}:"
    servers: list[LiveServer] = []
    built: list[Services] = []
    for _ in range(2):
        hub = RedisHub(redis_settings, prefix=prefix, conn_ttl=TTL, conn_refresh=TTL / 10)
        services = build_services(redis_settings, clock=clock, hub=hub)
        built.append(services)
        servers.append(await start_server(services))
    yield tuple(servers)
    for server in servers:
        await server.stop()
    for services in built:
        await services.db.dispose()


@pytest.fixture
async def redis() -> AsyncIterator[aioredis.Redis]:
    client = aioredis.Redis.from_url(REDIS_URL)
    yield client
    await client.aclose()


async def _admitted(socket: RealtimeSocket) -> None:
    await socket.ping("in")
    assert (await socket.wait_for(Opcode.PONG)).value == "in"


async def _refused(socket: RealtimeSocket) -> None:
    frame = await socket.wait_for(Opcode.MAX_ALLOWED_CONNS_REACHED)
    assert frame.value == {"Limit": LIMIT, "Scope": "PERSON"}
    assert await socket.wait_closed() == CloseCode.MAX_CONNECTIONS


async def _eventually_admitted(
    open_socket: Callable[[], Awaitable[RealtimeSocket]],
) -> RealtimeSocket:
    """Open sockets until one is admitted (a freed place is counted free a moment later)."""
    async with asyncio.timeout(30):
        while True:
            socket = await open_socket()
            with contextlib.suppress(ConnectionClosed):  # a refused socket may be closed already
                await socket.ping("in")
            frame = await socket.recv()  # refused: the limit frame; admitted: the PONG
            if frame.opcode is Opcode.MAX_ALLOWED_CONNS_REACHED:
                await socket.wait_closed()
                continue
            assert frame.opcode is Opcode.PONG
            return socket


async def test_one_allowance_across_two_processes(pair: tuple[LiveServer, LiveServer]) -> None:
    a, b = pair
    ada = await attendee(a.services)
    on_a = await a.socket(ada.token)
    on_b = await b.socket(ada.token)
    await _admitted(on_a)
    await _admitted(on_b)
    # Each process holds one socket of Ada's: alone, either would still admit a second.
    await _refused(await a.socket(ada.token))
    await _refused(await b.socket(ada.token))
    # Someone else in the same event has an allowance of their own.
    bob = await attendee(a.services, ada.event)
    other = await b.socket(bob.token)
    await _admitted(other)

    await on_a.close()  # frees a place on A that B may now use
    replacement = await _eventually_admitted(lambda: b.socket(ada.token))
    await _refused(await a.socket(ada.token))
    for socket in (on_b, replacement, other):
        await socket.close()


async def test_a_dead_process_entry_expires_and_live_ones_are_refreshed(
    pair: tuple[LiveServer, LiveServer], redis: aioredis.Redis
) -> None:
    a, b = pair
    hub_a = a.hub
    assert isinstance(hub_a, RedisHub)
    ada = await attendee(a.services)
    live_socket = await a.socket(ada.token)
    await _admitted(live_socket)
    conn = hub_a.connections_of(ada.person.id)[0]
    key = hub_a.conn_count.key(conn)
    member = hub_a.conn_count.member(conn)
    first_expiry = await redis.zscore(key, member)
    assert first_expiry is not None

    # A process that was killed leaves its entry behind, with nobody to remove or refresh it.
    seconds, micros = await redis.time()
    # Long enough to outlast the next handshake on a busy machine, then it must lapse.
    await redis.zadd(key, {"dead-process:1": seconds + micros / 1e6 + 2 * TTL})
    await _refused(await b.socket(ada.token))
    second = await _eventually_admitted(lambda: b.socket(ada.token))
    assert await redis.zscore(key, "dead-process:1") is None

    # Meanwhile the live socket's entry was pushed forward, so it still counts.
    async with asyncio.timeout(10):
        # Polling on purpose: the refresh is another task's timer, not something to await.
        while (await redis.zscore(key, member) or 0.0) <= first_expiry:  # noqa: ASYNC110
            await asyncio.sleep(TTL / 10)
    await _refused(await a.socket(ada.token))
    await live_socket.close()
    await second.close()


async def test_a_ticket_used_on_one_process_is_refused_on_the_other(
    pair: tuple[LiveServer, LiveServer],
) -> None:
    a, b = pair
    ada = await attendee(a.services)
    async with a.client() as api:
        ticket = await api.ticket(ada.token)
        first = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
    await _admitted(first)
    async with b.client() as api:
        replay = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
    assert await replay.wait_closed() == CloseCode.UNAUTHENTICATED
    await first.close()
