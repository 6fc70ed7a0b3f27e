"""The flush: every 10 s each process writes what its collector gathered (collector.py).

One transaction, one multi-row upsert per table. Upserts *add* (counts, minutes, viewers) or
keep the latest (presence), so several processes flushing the same keys at once each add their
share and nobody's is lost. Rows are sorted by key so two processes' upserts lock rows in the
same order on PostgreSQL and cannot deadlock.

Before writing, the persons, events and activities named are checked in one read each: an item
may name a session of another event (dropped as `bad_item`), and a person erased or an event
deleted since their ping must not fail the whole flush on a foreign key.

`Attendee.last_seen_at` is written only when it is older than `LAST_SEEN_EVERY`, so an attendee
pinging every 15 s costs one attendee row update a minute, not four.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Table, func, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.activities.models import Activity
from venuely.analytics.collector import Snapshot, collector_of
from venuely.analytics.models import (
    AnalyticsAttendance,
    AnalyticsCount,
    AnalyticsPresence,
    AnalyticsSessionMinute,
)
from venuely.core.background import periodic_job
from venuely.core.db import begin_write
from venuely.core.metrics import ANALYTICS_DROPPED
from venuely.core.services import Services
from venuely.events.models import Attendee, Event

log = logging.getLogger("venuely.analytics")

FLUSH_SECONDS = 10.0
LAST_SEEN_EVERY = timedelta(seconds=60)
CHUNK = 500  # ids per IN list: well under SQLite's and asyncpg's parameter limits

_COUNTS: Table = AnalyticsCount.__table__  # type: ignore[assignment]
_PRESENCE: Table = AnalyticsPresence.__table__  # type: ignore[assignment]
_ATTENDANCE: Table = AnalyticsAttendance.__table__  # type: ignore[assignment]
_MINUTES: Table = AnalyticsSessionMinute.__table__  # type: ignore[assignment]


def _chunks(values: Sequence[str]) -> Iterable[Sequence[str]]:
    for start in range(0, len(values), CHUNK):
        yield values[start : start + CHUNK]


class _Upserts:
    """The dialect's INSERT ... ON CONFLICT and its two-argument least/greatest."""

    def __init__(self, dialect: str) -> None:
        self.postgresql = dialect == "postgresql"

    def insert(self, table: Table) -> Any:
        return (postgresql if self.postgresql else sqlite).insert(table)

    def least(self, a: Any, b: Any) -> ColumnElement[Any]:
        # SQLite's min()/max() with two arguments are scalar functions.
        return func.least(a, b) if self.postgresql else func.min(a, b)

    def greatest(self, a: Any, b: Any) -> ColumnElement[Any]:
        return func.greatest(a, b) if self.postgresql else func.max(a, b)


async def _existing(session: AsyncSession, column: Any, ids: set[str]) -> set[str]:
    found: set[str] = set()
    for chunk in _chunks(sorted(ids)):
        found.update((await session.scalars(select(column).where(column.in_(chunk)))).all())
    return found


async def _activities(session: AsyncSession, ids: set[str]) -> dict[str, str]:
    """activity id → its event id."""
    found: dict[str, str] = {}
    for chunk in _chunks(sorted(ids)):
        rows = await session.execute(
            select(Activity.id, Activity.event_id).where(Activity.id.in_(chunk))
        )
        found.update((activity_id, event_id) for activity_id, event_id in rows.all())
    return found


def _keep_known(
    snapshot: Snapshot, events: set[str], persons: set[str], acts: dict[str, str]
) -> None:
    """Drops what names a missing event or person, or a session outside its event."""
    snapshot.counts = {k: v for k, v in snapshot.counts.items() if k[0] in events}
    snapshot.presence = {
        k: v for k, v in snapshot.presence.items() if k[0] in events and k[1] in persons
    }
    watches = {
        k: v
        for k, v in snapshot.watches.items()
        if k[0] in events and k[2] in persons and acts.get(k[1]) == k[0]
    }
    # Items, not pings, are what the dropped counter counts: a session minute of 4 pings is 4.
    strays = sum(round(w.minutes * 4) for k, w in snapshot.watches.items() if k not in watches)
    if strays:
        ANALYTICS_DROPPED.labels("bad_item").inc(strays)
    snapshot.watches = watches
    snapshot.viewers = {
        k: v for k, v in snapshot.viewers.items() if k[0] in events and acts.get(k[1]) == k[0]
    }


async def write_snapshot(session: AsyncSession, snapshot: Snapshot, now: datetime) -> None:
    """Stores `snapshot` in the session's transaction."""
    await begin_write(session)
    dialect = (await session.connection()).dialect.name
    up = _Upserts(dialect)
    events = await _existing(
        session,
        Event.id,
        {k[0] for k in snapshot.counts} | {k[0] for k in snapshot.presence},
    )
    persons = await _existing(
        session,
        Person.id,
        {k[1] for k in snapshot.presence} | {k[2] for k in snapshot.watches},
    )
    acts = await _activities(session, {k[1] for k in snapshot.watches})
    _keep_known(snapshot, events, persons, acts)

    if snapshot.counts:
        stmt = up.insert(_COUNTS)
        await session.execute(
            stmt.on_conflict_do_update(
                index_elements=["event_id", "kind", "screen", "place", "minute"],
                set_={"count": _COUNTS.c.count + stmt.excluded.count},
            ),
            [
                {"event_id": e, "kind": k, "screen": s, "place": p, "minute": m, "count": n}
                for (e, k, s, p, m), n in sorted(snapshot.counts.items())
            ],
        )
    if snapshot.presence:
        stmt = up.insert(_PRESENCE)
        await session.execute(
            stmt.on_conflict_do_update(
                index_elements=["event_id", "person_id"],
                set_={"place": stmt.excluded.place, "seen_at": stmt.excluded.seen_at},
            ),
            [
                {"event_id": e, "person_id": p, "place": place, "seen_at": seen}
                for (e, p), (place, seen) in sorted(snapshot.presence.items())
            ],
        )
        await _touch_attendees(session, snapshot, now)
    if snapshot.watches:
        stmt = up.insert(_ATTENDANCE)
        await session.execute(
            stmt.on_conflict_do_update(
                index_elements=["event_id", "activity_id", "person_id"],
                set_={
                    "minutes": _ATTENDANCE.c.minutes + stmt.excluded.minutes,
                    "first_at": up.least(_ATTENDANCE.c.first_at, stmt.excluded.first_at),
                    "last_at": up.greatest(_ATTENDANCE.c.last_at, stmt.excluded.last_at),
                },
            ),
            [
                {
                    "event_id": e,
                    "activity_id": a,
                    "person_id": p,
                    "minutes": w.minutes,
                    "first_at": w.first_at,
                    "last_at": w.last_at,
                }
                for (e, a, p), w in sorted(snapshot.watches.items())
            ],
        )
    if snapshot.viewers:
        stmt = up.insert(_MINUTES)
        await session.execute(
            stmt.on_conflict_do_update(
                index_elements=["event_id", "activity_id", "minute"],
                set_={"viewers": _MINUTES.c.viewers + stmt.excluded.viewers},
            ),
            [
                {"event_id": e, "activity_id": a, "minute": m, "viewers": n}
                for (e, a, m), n in sorted(snapshot.viewers.items())
            ],
        )


async def _touch_attendees(session: AsyncSession, snapshot: Snapshot, now: datetime) -> None:
    by_event: dict[str, list[str]] = {}
    for event_id, person_id in sorted(snapshot.presence):
        by_event.setdefault(event_id, []).append(person_id)
    stale = now - LAST_SEEN_EVERY
    for event_id, person_ids in by_event.items():
        for chunk in _chunks(person_ids):
            await session.execute(
                update(Attendee)
                .where(
                    Attendee.event_id == event_id,
                    Attendee.person_id.in_(chunk),
                    or_(Attendee.last_seen_at.is_(None), Attendee.last_seen_at < stale),
                )
                .values(last_seen_at=now)
                .execution_options(synchronize_session=False)
            )


async def flush(services: Services) -> None:
    """Writes what this process gathered; nothing when it gathered nothing."""
    snapshot = collector_of(services.background).take(services.clock.now())
    if snapshot.empty:
        return
    async with services.db.session() as session:
        await write_snapshot(session, snapshot, services.clock.now())


@periodic_job("analytics.flush", FLUSH_SECONDS)
async def flush_job(services: Services) -> None:
    await flush(services)


async def on_stop(services: Services) -> None:
    """The app's stop: what the last 10 s gathered is written, not lost with the process."""
    try:
        await flush(services)
    except Exception:
        log.exception("analytics: the final flush failed")
