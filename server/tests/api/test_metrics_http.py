"""`GET /metrics` (ops/metrics.py): Prometheus' text format, never cached, and HTTP requests
counted under the template of the route that answered — an id in a path never becomes a label."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import httpx
import pytest

from tests.apps import app_for
from venuely.core.ids import new_id
from venuely.core.services import Services

ROUTE = "/api/v1/events/name/{EventInternalName}/metadata"


def _count(text: str, route: str, status: str) -> float:
    pattern = (
        r'^venuely_http_requests_total\{method="GET",route="'
        + re.escape(route)
        + r'",status="'
        + status
        + r'"\} ([0-9.e+]+)$'
    )
    found = re.search(pattern, text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


@pytest.fixture
async def site(services: Services) -> AsyncIterator[httpx.AsyncClient]:
    """A client at the server's root: `/metrics` is outside the API prefix."""
    transport = httpx.ASGITransport(app=app_for(services))
    async with httpx.AsyncClient(transport=transport, base_url="http://venuely.test") as client:
        yield client


async def test_requests_are_counted_by_route_template(site: httpx.AsyncClient) -> None:
    client = site
    before = (await client.get("/metrics")).text
    names = [f"no-such-event-{new_id()}" for _ in range(3)]
    for name in names:
        assert (await client.get(f"/api/v1/events/name/{name}/metadata")).status_code == 404
    answer = await client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain; version=")
    assert answer.headers["cache-control"] == "no-store"
    text = answer.text
    assert _count(text, ROUTE, "404") == _count(before, ROUTE, "404") + 3
    assert not any(name in text for name in names)
    # The latency of the same requests, under the same template.
    assert re.search(
        r'^venuely_http_request_duration_seconds_count\{method="GET",route="'
        + re.escape(ROUTE)
        + r'"\} ',
        text,
        re.MULTILINE,
    )
    for family in (
        "venuely_realtime_connections",
        "venuely_realtime_deliveries_total",
        "venuely_realtime_slow_consumer_closes_total",
        "venuely_batch_pending",
    ):
        assert f"# HELP {family} " in text, family
