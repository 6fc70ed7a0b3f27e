"""The flush: aggregates per minute, presence, attendance and session minutes written by
upserts that add (several processes may flush the same keys), nothing personal beyond presence
and attendance, `Attendee.last_seen_at` touched at most once a minute."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete

from tests.api.analytics_support import Analytics, analytics, item, to_next_minute
from venuely.accounts.models import Person
from venuely.analytics.collector import Collector, Item, minute_of
from venuely.analytics.flush import on_stop, write_snapshot
from venuely.analytics.models import (
    AnalyticsAttendance,
    AnalyticsCount,
    AnalyticsPresence,
    AnalyticsSessionMinute,
)
from venuely.analytics.screens import Kind
from venuely.core.db import Base
from venuely.events.models import Attendee

__all__ = ["analytics"]  # the fixture, used by name

ANALYTICS_TABLES = (AnalyticsCount, AnalyticsPresence, AnalyticsAttendance, AnalyticsSessionMinute)


async def test_counts_are_per_minute_and_add_up_across_flushes(analytics: Analytics) -> None:
    to_next_minute(analytics.clock, seconds=5)
    await analytics.consent(analytics.world.attendee_a)
    await analytics.sent("attendee_a", item(), item())
    await analytics.flush()
    await analytics.sent("attendee_a", item())
    await analytics.flush()
    analytics.clock.advance(timedelta(minutes=1))
    await analytics.sent("attendee_a", item())
    await analytics.flush()
    start = minute_of(analytics.clock.now()) - timedelta(minutes=1)
    counts = sorted((c.minute - start, c.count) for c in await analytics.rows(AnalyticsCount))
    assert counts == [(timedelta(0), 3), (timedelta(minutes=1), 1)]


async def test_nothing_personal_is_stored_beyond_presence_and_attendance(
    analytics: Analytics,
) -> None:
    await analytics.consent(analytics.world.attendee_a)
    activity = await analytics.session_activity()
    response = await analytics.send(
        "attendee_a",
        item(),
        item("ping", "auditorium", ActivityID=activity, Place="Auditorium"),
        headers={"User-Agent": "Secret-Agent/1.0"},
    )
    assert response.status_code == 202
    await analytics.flush()
    person = analytics.world.attendee_a.id
    for model in ANALYTICS_TABLES:
        columns = set(Base.metadata.tables[model.__tablename__].columns.keys())
        assert not {c for c in columns if "ip" in c.split("_") or "agent" in c}
        for row in await analytics.rows(model):
            values = [str(getattr(row, c)) for c in columns]
            assert not any("Secret-Agent" in v or "127.0.0.1" in v for v in values)
            # Only the two personal tables name the person.
            if model in (AnalyticsCount, AnalyticsSessionMinute):
                assert person not in values
    assert [(p.person_id, p.place) for p in await analytics.rows(AnalyticsPresence)] == [
        (person, "Auditorium")
    ]


async def test_attendance_peak_unique_and_average_from_pings(analytics: Analytics) -> None:
    to_next_minute(analytics.clock)
    activity = await analytics.session_activity()
    b = await analytics.attendee("b")
    c = await analytics.attendee("c")
    await analytics.consent(analytics.world.attendee_a)
    ping = item("ping", "auditorium", ActivityID=activity, Place="Auditorium")
    # Minute 0: a, b and c; minute 1: a and b; minute 2: a. A flush in the middle of a minute
    # must not count anyone twice.
    for step in range(8):
        if step < 6:
            await analytics.sent("b", ping)
        if step == 0:
            await analytics.sent("c", ping)
        await analytics.sent("attendee_a", ping)
        if step % 2:
            await analytics.flush()
        analytics.clock.advance(timedelta(seconds=15))
    await analytics.sent("attendee_a", ping)
    await analytics.flush()
    start = minute_of(analytics.clock.now()) - timedelta(minutes=2)
    minutes = {
        (m.minute - start) // timedelta(minutes=1): m.viewers
        for m in await analytics.rows(AnalyticsSessionMinute)
    }
    assert minutes == {0: 3, 1: 2, 2: 1}
    watched = {w.person_id: w.minutes for w in await analytics.rows(AnalyticsAttendance)}
    assert watched == {analytics.world.attendee_a.id: 2.25, b: 1.5, c: 0.25}
    dashboard = await analytics.dashboard()
    [session] = dashboard["Attendance"]
    assert session == {
        "ActivityID": activity,
        "Title": "Opening keynote",
        "Peak": 3,
        "Unique": 3,
        "AverageMinutes": round((2.25 + 1.5 + 0.25) / 3, 2),
    }


async def test_two_processes_flushing_the_same_keys_add_up(analytics: Analytics) -> None:
    """Two collectors stand for two server processes; their upserts add, never overwrite."""
    to_next_minute(analytics.clock)  # both pings in one minute
    activity = await analytics.session_activity()
    person = analytics.world.attendee_a.id
    event = analytics.event.id
    now = analytics.clock.now()
    ping = Item(Kind.PING, "auditorium", activity, "Auditorium")
    one, two = Collector(), Collector()
    one.record(event, person, ping, now)
    one.record(event, person, Item(Kind.PAGE_VIEW, "start", None, None), now)
    two.record(event, person, ping, now + timedelta(seconds=15))
    two.record(event, person, Item(Kind.PAGE_VIEW, "start", None, None), now)
    for collector in (one, two):
        async with analytics.services.db.session() as session:
            await write_snapshot(session, collector.take(now), now)
    [watch] = await analytics.rows(AnalyticsAttendance)
    assert (watch.minutes, watch.first_at, watch.last_at) == (0.5, now, now + timedelta(seconds=15))
    counts = {(c.kind, c.screen): c.count for c in await analytics.rows(AnalyticsCount)}
    assert counts == {("page_view", "start"): 2, ("ping", ""): 2}


async def test_last_seen_is_written_at_most_once_a_minute(analytics: Analytics) -> None:
    await analytics.consent(analytics.world.attendee_a)
    key = (analytics.event.id, analytics.world.attendee_a.id)

    async def last_seen() -> datetime | None:
        async with analytics.services.db.session() as session:
            attendee = await session.get(Attendee, key)
            assert attendee is not None
            return attendee.last_seen_at

    start = analytics.clock.now()
    await analytics.sent("attendee_a", item("ping", "start"))
    await analytics.flush()
    assert await last_seen() == start
    analytics.clock.advance(timedelta(seconds=30))
    await analytics.sent("attendee_a", item("ping", "start"))
    await analytics.flush()
    assert await last_seen() == start
    analytics.clock.advance(timedelta(seconds=31))
    await analytics.sent("attendee_a", item("ping", "start"))
    await analytics.flush()
    assert await last_seen() == start + timedelta(seconds=61)


async def test_a_person_erased_before_the_flush_does_not_fail_it(analytics: Analytics) -> None:
    b = await analytics.attendee("b")
    await analytics.consent(analytics.world.attendee_a)
    await analytics.sent("b", item("ping", "start"))
    await analytics.sent("attendee_a", item("ping", "start"))
    async with analytics.services.db.session() as session:
        await session.execute(delete(Person).where(Person.id == b))
    await analytics.flush()
    assert [p.person_id for p in await analytics.rows(AnalyticsPresence)] == [
        analytics.world.attendee_a.id
    ]


async def test_the_app_stop_flushes_what_was_gathered(analytics: Analytics) -> None:
    await analytics.consent(analytics.world.attendee_a)
    await analytics.sent("attendee_a", item())
    await on_stop(analytics.services)
    assert len(await analytics.rows(AnalyticsCount)) == 1
