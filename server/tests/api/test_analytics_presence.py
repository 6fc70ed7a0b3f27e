"""Presence: who is online now (seen within 45 s) and where; and the retention of the personal
rows (presence, attendance), deleted 30 days after their event ends."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update

from tests.api.analytics_support import Analytics, analytics, item
from venuely.analytics.models import AnalyticsAttendance, AnalyticsCount, AnalyticsPresence
from venuely.analytics.retention import delete_expired
from venuely.events.models import Event

__all__ = ["analytics"]  # the fixture, used by name


async def test_online_now_counts_recent_pings_per_place(analytics: Analytics) -> None:
    await analytics.consent(analytics.world.attendee_a)
    b = await analytics.attendee("b")
    await analytics.attendee("c")
    await analytics.sent("attendee_a", item("ping", "room", Place="Lobby"))
    await analytics.sent("b", item("ping", "room", Place="Lobby"))
    # No place: the screen stands for it.
    await analytics.sent("c", item("ping", "chat"))
    await analytics.flush()
    online = (await analytics.dashboard())["OnlineNow"]
    assert online == {
        "Total": 3,
        "PerPlace": [{"Place": "Lobby", "Count": 2}, {"Place": "chat", "Count": 1}],
    }
    # b moves on; the others stop pinging and fall out after 45 s.
    analytics.clock.advance(timedelta(seconds=30))
    await analytics.sent("b", item("ping", "auditorium", Place="Auditorium"))
    await analytics.flush()
    analytics.clock.advance(timedelta(seconds=16))
    online = (await analytics.dashboard())["OnlineNow"]
    assert online == {"Total": 1, "PerPlace": [{"Place": "Auditorium", "Count": 1}]}
    assert {p.person_id for p in await analytics.rows(AnalyticsPresence)} >= {b}


async def test_personal_rows_go_30_days_after_the_event_ends(analytics: Analytics) -> None:
    activity = await analytics.session_activity()
    await analytics.consent(analytics.world.attendee_a)
    await analytics.sent("attendee_a", item(), item("ping", "auditorium", ActivityID=activity))
    await analytics.flush()
    end = analytics.event.date_end
    async with analytics.services.db.session() as session:
        # Not yet: 30 days after the end is the last day they are kept.
        assert await delete_expired(session, end + timedelta(days=30)) == 0
    async with analytics.services.db.session() as session:
        assert await delete_expired(session, end + timedelta(days=30, seconds=1)) == 2
    assert await analytics.rows(AnalyticsPresence) == []
    assert await analytics.rows(AnalyticsAttendance) == []
    # The aggregates name nobody and stay; a second run finds nothing.
    assert len(await analytics.rows(AnalyticsCount)) == 2
    async with analytics.services.db.session() as session:
        assert await delete_expired(session, end + timedelta(days=31)) == 0


async def test_retention_spares_events_still_within_their_time(analytics: Analytics) -> None:
    await analytics.consent(analytics.world.attendee_a)
    await analytics.sent("attendee_a", item("ping", "start"))
    await analytics.flush()
    now = analytics.clock.now()
    async with analytics.services.db.session() as session:
        # Another event ended long ago: only its rows would go.
        await session.execute(
            update(Event)
            .where(Event.id == analytics.world.event_b.id)
            .values(date_end=now - timedelta(days=60))
        )
        assert await delete_expired(session, now) == 0
    assert len(await analytics.rows(AnalyticsPresence)) == 1
