"""The probes (`ops/health.py`) and request ids (`core/middleware.py`): liveness answers while the
database is gone, readiness says which dependency failed with 503 and no trace, and every HTTP
answer and log line of a request carries its id, a proxy's own id kept when it is plain."""

from __future__ import annotations

import io
import logging
from collections.abc import AsyncIterator

import httpx
import orjson
import pytest

from tests.apps import app_for
from venuely.core.clock import FrozenClock
from venuely.core.logging import JsonFormatter
from venuely.core.services import Services, build_services
from venuely.realtime.redishub import RedisHub
from venuely.settings import Settings

# Nothing listens on port 1 of the loopback: connections are refused at once.
DEAD_POSTGRES = "postgresql+asyncpg://postgres@127.0.0.1:1/none"
DEAD_REDIS = "redis://127.0.0.1:1/0"


async def _client(services: Services) -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=app_for(services))
    return httpx.AsyncClient(transport=transport, base_url="http://venuely.test")


@pytest.fixture
async def probe(services: Services) -> AsyncIterator[httpx.AsyncClient]:
    async with await _client(services) as client:
        yield client


async def _stopped(services: Services) -> None:
    await services.hub.stop()
    await services.background.stop()
    await services.db.dispose()


async def test_both_probes_answer_when_all_is_well(probe: httpx.AsyncClient) -> None:
    live = await probe.get("/healthz")
    assert (live.status_code, live.json()) == (200, {"Status": "ok", "Checks": {}})
    ready = await probe.get("/readyz")
    assert (ready.status_code, ready.json()) == (
        200,
        {"Status": "ok", "Checks": {"database": "ok"}},
    )
    assert ready.headers["cache-control"] == "no-store"


async def test_a_lost_database_is_not_ready_but_still_alive(
    settings: Settings, clock: FrozenClock
) -> None:
    services = build_services(
        settings.model_copy(update={"database_url": DEAD_POSTGRES}), clock=clock
    )
    try:
        async with await _client(services) as client:
            assert (await client.get("/healthz")).status_code == 200
            ready = await client.get("/readyz")
        assert ready.status_code == 503
        body = ready.json()
        assert body["Status"] == "unavailable"
        assert body["Checks"]["database"].startswith("unreachable (")
        # What failed, never where: no host, port or trace in the answer.
        assert "127.0.0.1" not in ready.text
        assert "Traceback" not in ready.text
    finally:
        await _stopped(services)


async def test_an_unreachable_redis_is_not_ready(settings: Settings, clock: FrozenClock) -> None:
    dead = settings.model_copy(update={"redis_url": DEAD_REDIS})
    services = build_services(dead, clock=clock, hub=RedisHub(dead))
    try:
        async with await _client(services) as client:
            ready = await client.get("/readyz")
        assert ready.status_code == 503
        checks = ready.json()["Checks"]
        assert checks["database"] == "ok"
        assert checks["redis"].startswith("Redis does not answer")
    finally:
        await _stopped(services)


async def test_every_answer_and_log_line_carries_the_request_id(probe: httpx.AsyncClient) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    access = logging.getLogger("venuely.access")
    access.addHandler(handler)
    level = access.level
    access.setLevel(logging.INFO)
    try:
        kept = await probe.get("/healthz", headers={"X-Request-ID": "edge-42.a_b"})
        made = await probe.get("/healthz")
        forged = await probe.get("/healthz", headers={"X-Request-ID": 'x" "level":"error'})
    finally:
        access.removeHandler(handler)
        access.setLevel(level)
    assert kept.headers["x-request-id"] == "edge-42.a_b"
    assert len(made.headers["x-request-id"]) == 16
    assert forged.headers["x-request-id"] != 'x" "level":"error'
    lines = [orjson.loads(line) for line in stream.getvalue().splitlines()]
    ids = [line["request_id"] for line in lines if line["msg"] == "request"]
    assert ids == [r.headers["x-request-id"] for r in (kept, made, forged)]
