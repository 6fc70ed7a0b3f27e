"""Overload is answered, not crashed on: when SQLite cannot give a write its turn in time, a
REST call gets 503 SERVER_BUSY with Retry-After and a chat send gets SEND_ERROR SERVER_BUSY —
and the same TmpID succeeds once the database is free (core/db.py, SqliteWriteQueue)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.conftest import fresh_database_url
from tests.factories import bearer
from tests.realtime.live import LiveServer, attendee, start_server
from venuely.chat.service import ensure_broadcast_room
from venuely.core.clock import FrozenClock
from venuely.core.db import SqliteWriteQueue
from venuely.core.services import Services, build_services
from venuely.realtime import Opcode
from venuely.settings import Settings


@pytest.fixture
async def sqlite_live(
    request: pytest.FixtureRequest, settings: Settings, clock: FrozenClock, tmp_path: Path
) -> AsyncIterator[LiveServer]:
    # The write queue is SQLite's (PostgreSQL has row locks and no single writer).
    url = fresh_database_url(request, "sqlite", tmp_path)
    services = build_services(settings.model_copy(update={"database_url": url}), clock=clock)
    server = await start_server(services)
    yield server
    await server.stop()
    await services.db.dispose()


def _queue(services: Services) -> SqliteWriteQueue:
    assert services.db.write_queue is not None
    return services.db.write_queue


async def test_rest_write_gets_503_while_the_database_is_busy(sqlite_live: LiveServer) -> None:
    who = await attendee(sqlite_live.services)
    queue = _queue(sqlite_live.services)
    queue.wait_seconds = 0.05
    await queue.lock.acquire()  # another writer holds the turn
    try:
        async with sqlite_live.client() as api:
            response = await api.http.post("/logout", headers=bearer(who.token))
    finally:
        queue.lock.release()
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "1"
    assert response.json()["Error"]["Code"] == "SERVER_BUSY"
    # Nothing was changed: the token still works, and logging out now succeeds.
    async with sqlite_live.client() as api:
        assert (await api.http.post("/logout", headers=bearer(who.token))).status_code == 204


async def test_chat_send_gets_server_busy_then_the_same_tmp_id_is_stored(
    sqlite_live: LiveServer,
) -> None:
    services = sqlite_live.services
    who = await attendee(services)
    async with services.db.session() as session:
        room_id = (await ensure_broadcast_room(session, who.event.id, services.clock.now())).id
    socket = await sqlite_live.socket(who.token)
    await socket.ping("ready")
    await socket.wait_for(Opcode.PONG)
    queue = _queue(services)
    queue.wait_seconds = 0.05
    await queue.lock.acquire()
    try:
        tmp = await socket.send_message(room_id, "hello")
        error = await socket.wait_for(Opcode.CHAT_MESSAGE_SEND_ERROR)
    finally:
        queue.lock.release()
    assert error.value["Error"]["Code"] == "SERVER_BUSY"
    assert error.value["Error"]["Data"]["TmpID"] == tmp
    assert error.value["Error"]["Data"]["RetryAfterMs"] == 1000
    await socket.send_message(room_id, "hello", tmp_id=tmp)
    stored = await socket.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    assert stored.value["TmpID"] == tmp
    await socket.close()
