"""The demo event's day of generated attendance: the dashboard has figures to show, the same on
every run, and seeding again replaces them instead of adding."""

from __future__ import annotations

import time

import httpx
from sqlalchemy import func, select

from tests.factories import bearer, token_for
from venuely.analytics.models import AnalyticsCount, AnalyticsPresence, AnalyticsSessionMinute
from venuely.core.services import Services
from venuely.demo.seed import seed_demo


async def _totals(services: Services) -> tuple[int, int, int]:
    async with services.db.session() as session:
        counts = await session.scalar(select(func.sum(AnalyticsCount.count)))
        minutes = await session.scalar(select(func.count()).select_from(AnalyticsSessionMinute))
        presence = await session.scalar(select(func.count()).select_from(AnalyticsPresence))
    return int(counts or 0), int(minutes or 0), int(presence or 0)


async def test_the_demo_has_a_day_of_attendance(
    services: Services, client: httpx.AsyncClient
) -> None:
    started = time.perf_counter()
    ctx = await seed_demo(services)
    assert time.perf_counter() - started < 30  # the whole demo; analytics' part is bulk writes
    first = await _totals(services)
    assert first[0] > 1000
    assert first[1] > 0
    assert first[2] == 0
    await seed_demo(services)
    assert await _totals(services) == first

    headers = bearer(await token_for(services, ctx.admin))
    response = await client.get(f"/events/{ctx.event.id}/analytics/dashboard", headers=headers)
    assert response.status_code == 200, response.text
    body = response.json()
    assert len(body["Registrations"]) > 1
    assert any(s["Unique"] > 0 and s["Peak"] > 0 for s in body["Attendance"])
    assert body["TopRooms"][0]["Place"] == "auditorium"
    assert {p["Screen"] for p in body["PageViews"]} >= {"start", "room", "chat"}
