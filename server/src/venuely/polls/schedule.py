"""The schedule: POLL_NOTIFY when a poll's `OpensAt` or `ClosesAt` passes.

A scheduled poll opens and closes by the clock alone (its state is computed, `state.py`), so no
write happens then and nothing would tell the clients. Once a second each process looks for
polls whose `OpensAt` or `ClosesAt` lies after its previous look and not after now (two index
range scans, `ix_activities_type_begin`/`_end`) and publishes each one's POLL_NOTIFY, and marks
its tally (a `closed`-results poll shows its tally once closed).

The previous look is kept in memory per process. At a process's first run it is one interval
back, so a poll that turned while no process ran is not announced: clients re-read polls when
they reconnect. With several processes each announces the same poll once; a client applies the
second frame as a no-op.
"""

from __future__ import annotations

import weakref
from datetime import datetime, timedelta

from sqlalchemy import and_, or_, select

from venuely.activities.models import Activity, EntityType
from venuely.core.background import Background, periodic_job
from venuely.core.services import Services
from venuely.polls.notify import publish_poll

INTERVAL = 1.0
# Per process, per running app (its Background), so tests with their own services start afresh.
_last_run: weakref.WeakKeyDictionary[Background, datetime] = weakref.WeakKeyDictionary()


async def turned_between(services: Services, since: datetime, now: datetime) -> list[Activity]:
    """Polls whose `OpensAt` or `ClosesAt` lies in (since, now]."""
    async with services.db.session() as session:
        query = select(Activity).where(
            Activity.entity_type == EntityType.POLL.value,
            or_(
                and_(Activity.date_begin > since, Activity.date_begin <= now),
                and_(Activity.date_end > since, Activity.date_end <= now),
            ),
        )
        return list((await session.scalars(query.order_by(Activity.id))).all())


@periodic_job("polls.schedule", INTERVAL)
async def announce_schedule(services: Services) -> None:
    now = services.clock.now()
    since = _last_run.get(services.background, now - timedelta(seconds=INTERVAL))
    _last_run[services.background] = now
    if since >= now:
        return
    for poll in await turned_between(services, since, now):
        await publish_poll(services, poll, now)
