"""Readiness with a reachable Redis (`ops/health.py`): collected only when VENUELY_TEST_REDIS_URL
is set (CI sets it); then it fails if Redis is unreachable."""

from __future__ import annotations

import secrets

import httpx

from tests.apps import app_for
from tests.realtime.conftest import REDIS_URL
from venuely.core.clock import FrozenClock
from venuely.core.services import build_services
from venuely.realtime.redishub import RedisHub
from venuely.settings import Settings


async def test_a_reachable_redis_is_ready(settings: Settings, clock: FrozenClock) -> None:
    live = settings.model_copy(update={"redis_url": REDIS_URL})
    prefix = f"venuely-test-{secrets.token_hex(4)}:"
    services = build_services(live, clock=clock, hub=RedisHub(live, prefix=prefix))
    try:
        await services.hub.start()
        transport = httpx.ASGITransport(app=app_for(services))
        async with httpx.AsyncClient(transport=transport, base_url="http://venuely.test") as client:
            ready = await client.get("/readyz")
        assert (ready.status_code, ready.json()["Checks"]) == (
            200,
            {"database": "ok", "redis": "ok"},
        )
    finally:
        await services.hub.stop()
        await services.background.stop()
        await services.db.dispose()
