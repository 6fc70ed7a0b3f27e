"""Personal analytics rows go 30 days after their event ends (docs/subsystems/analytics.md).

Presence and attendance name a person; the event's organizers need them while the event runs
and for the report after it, not for ever. The aggregates (counts, session minutes) name nobody
and stay for the event's life. Idempotent and safe on several processes at once: each run
deletes what is past its date, and a second run finds nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.analytics.models import AnalyticsAttendance, AnalyticsPresence
from venuely.core.background import periodic_job
from venuely.core.services import Services
from venuely.events.models import Event

KEEP_AFTER_END = timedelta(days=30)
INTERVAL = 3600.0


async def delete_expired(session: AsyncSession, now: datetime) -> int:
    """Deletes the personal rows of events that ended more than 30 days ago; how many."""
    ended = select(Event.id).where(Event.date_end < now - KEEP_AFTER_END)
    removed = 0
    for model in (AnalyticsPresence, AnalyticsAttendance):
        result = await session.execute(
            delete(model)
            .where(model.event_id.in_(ended))
            .execution_options(synchronize_session=False)
        )
        removed += int(getattr(result, "rowcount", 0) or 0)
    return removed


@periodic_job("analytics.retention", INTERVAL)
async def retention_job(services: Services) -> None:
    async with services.db.session() as session:
        await delete_expired(session, services.clock.now())
