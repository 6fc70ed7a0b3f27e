"""Gateway fixtures: a live server per test. The Redis tests are collected only when
`VENUELY_TEST_REDIS_URL` is set (CI sets it); then they run, and fail if Redis is unreachable."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.realtime.live import LiveServer, start_server
from tests.realtime.processes import FaultRig
from venuely.core.services import Services
from venuely.settings import Settings

REDIS_URL = os.environ.get("VENUELY_TEST_REDIS_URL", "")
collect_ignore = (
    []
    if REDIS_URL
    else [
        "test_redis_hub.py",
        "test_conn_limit_redis.py",
        "test_faults_redis.py",
        "test_ready_redis.py",
        "test_metrics_workers.py",
        "test_faults_workers.py",
    ]
)


@pytest.fixture
async def live(services: Services) -> AsyncIterator[LiveServer]:
    server = await start_server(services)
    yield server
    await server.stop()


@pytest.fixture
async def rig(services: Services, settings: Settings, tmp_path: Path) -> AsyncIterator[FaultRig]:
    """Server processes and chat participants for fault tests; all stopped and closed after."""
    faults = FaultRig(services, settings, tmp_path)
    yield faults
    await faults.close()
