"""The demo event's day of generated attendance, so the dashboard has something to show.

Called by `demo/seed.py` after every step that adds people, sessions and polls. Like the demo's
dates, the figures are re-centred on "now" at each run: the event's analytics rows are replaced
(deleted and written again, in bulk), and its attendees' registration times are spread over the
week before. A fixed seed makes each run write the same figures relative to now, so screenshots
and tests see the same dashboard.

Written: page views and usage per screen per minute and pings per room per minute for the last
24 h, following a day's curve (quiet at night, busy in the sessions), and for each session that
has started, each attendee's watching time and the viewers per minute it makes. No presence
rows: "online now" is the last 45 s, and would be gone before anyone looked.
"""

from __future__ import annotations

import math
import random
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.analytics.collector import PING_MINUTES, minute_of
from venuely.analytics.models import (
    AnalyticsAttendance,
    AnalyticsCount,
    AnalyticsPresence,
    AnalyticsSessionMinute,
)
from venuely.analytics.screens import Kind
from venuely.events.models import Attendee, Event

SEED = 21
PINGS_PER_MINUTE = round(1 / PING_MINUTES)
DAY_MINUTES = 24 * 60
REGISTRATION_DAYS = 7
# (screen, page views per minute at the busiest hour)
SCREENS = (
    ("start", 1.2),
    ("room", 2.0),
    ("auditorium", 1.0),
    ("chat", 0.8),
    ("agenda", 0.7),
    ("cinema", 0.3),
    ("walloffame", 0.2),
    ("faq", 0.1),
)
USAGE = (("chat", 0.6), ("agenda_session", 0.4), ("speaker", 0.2), ("replays", 0.1))
# (place, people pinging from it at the busiest hour). Places are what the web tracker sends: the
# room's path segment or tour node id (demo/content.py), not a display name, which changes with
# the language.
PLACES = (("auditorium", 6.0), ("lobby", 3.0), ("expo", 2.0), ("breakoutroom", 1.0))


def _activity(moment: datetime) -> float:
    """How busy the venue is at `moment`, 0..1: a day's curve peaking mid-afternoon UTC."""
    hour = moment.hour + moment.minute / 60
    return max(0.05, math.sin(math.pi * (hour - 6) / 16)) if 6 <= hour <= 22 else 0.05


def _draw(rng: random.Random, mean: float) -> int:
    """A small count around `mean` (Poisson by inversion; cheap for means below ten)."""
    limit, k, p = math.exp(-mean), 0, rng.random()
    while p > limit:
        k += 1
        p *= rng.random()
    return k


async def ensure_demo_analytics(session: AsyncSession, event: Event, now: datetime) -> None:
    rng = random.Random(SEED)  # noqa: S311 - demo figures, reproducible on purpose
    for model in (AnalyticsCount, AnalyticsPresence, AnalyticsAttendance, AnalyticsSessionMinute):
        await session.execute(delete(model).where(model.event_id == event.id))
    persons = list(
        (
            await session.scalars(
                select(Attendee.person_id)
                .where(Attendee.event_id == event.id)
                .order_by(Attendee.person_id)
            )
        ).all()
    )
    await _spread_registrations(session, event, persons, now, rng)
    await _counts(session, event, now, rng)
    await _attendance(session, event, persons, now, rng)


async def _spread_registrations(
    session: AsyncSession, event: Event, persons: list[str], now: datetime, rng: random.Random
) -> None:
    window = timedelta(days=REGISTRATION_DAYS).total_seconds()
    for person_id in persons:
        # Skewed towards the last days, as registrations are before an event.
        ago = timedelta(seconds=window * rng.random() ** 2 + 600)
        await session.execute(
            update(Attendee)
            .where(Attendee.event_id == event.id, Attendee.person_id == person_id)
            .values(created_at=now - ago)
        )


async def _counts(session: AsyncSession, event: Event, now: datetime, rng: random.Random) -> None:
    end = minute_of(now)
    rows: list[dict[str, Any]] = []
    for step in range(DAY_MINUTES, 0, -1):
        minute = end - timedelta(minutes=step)
        busy = _activity(minute)
        for kind, table in ((Kind.PAGE_VIEW, SCREENS), (Kind.USAGE, USAGE)):
            for screen, peak in table:
                n = _draw(rng, peak * busy)
                if n:
                    rows.append(_count(event, kind, screen, "", minute, n))
        for place, peak in PLACES:
            # Each person in a room pings every 15 s.
            n = PINGS_PER_MINUTE * _draw(rng, peak * busy)
            if n:
                rows.append(_count(event, Kind.PING, "", place, minute, n))
    if rows:
        await session.execute(insert(AnalyticsCount), rows)


def _count(
    event: Event, kind: Kind, screen: str, place: str, minute: datetime, n: int
) -> dict[str, Any]:
    return {
        "event_id": event.id,
        "kind": kind.value,
        "screen": screen,
        "place": place,
        "minute": minute,
        "count": n,
    }


async def _attendance(
    session: AsyncSession, event: Event, persons: list[str], now: datetime, rng: random.Random
) -> None:
    sessions = (
        await session.scalars(
            select(Activity)
            .where(
                Activity.event_id == event.id,
                Activity.entity_type == EntityType.SESSION.value,
                Activity.date_begin <= now,
            )
            .order_by(Activity.date_begin, Activity.id)
        )
    ).all()
    watches: list[dict[str, Any]] = []
    viewers: dict[tuple[str, datetime], int] = {}
    for activity in sessions:
        assert activity.date_begin is not None
        begin = minute_of(activity.date_begin)
        end = min(activity.date_end or now, now)
        length = int((end - begin).total_seconds() // 60)
        if length <= 0:
            continue
        for person_id in persons:
            if rng.random() < 0.3:
                continue  # not everyone watches every session
            # Joins within the first quarter, watches a good part of what remains.
            start = rng.randrange(0, max(1, length // 4))
            minutes = max(1, int((length - start) * rng.uniform(0.3, 1.0)))
            first = begin + timedelta(minutes=start)
            watches.append(
                {
                    "event_id": event.id,
                    "activity_id": activity.id,
                    "person_id": person_id,
                    "minutes": float(minutes),
                    "first_at": first,
                    "last_at": first + timedelta(minutes=minutes) - timedelta(seconds=15),
                }
            )
            for m in range(minutes):
                key = (activity.id, first + timedelta(minutes=m))
                viewers[key] = viewers.get(key, 0) + 1
    if watches:
        await session.execute(insert(AnalyticsAttendance), watches)
    if viewers:
        await session.execute(
            insert(AnalyticsSessionMinute),
            [
                {"event_id": event.id, "activity_id": a, "minute": m, "viewers": n}
                for (a, m), n in sorted(viewers.items())
            ],
        )
