"""Business rules of the personal agenda and its calendar feed (docs/subsystems/agenda.md).

The personal agenda is a person's own list of sessions of one event: the routes act for the
caller only, so nobody can read or change another person's agenda. Adding is idempotent (the
same session twice is one entry, and the first time it was added is kept); removing a session
that is not in the agenda changes nothing.

The calendar feed is a secret URL per person and event. Issuing one again rotates it (the old URL
stops working at once); revoking deletes it. The secret itself is shown once, in the answer that
issues it; the database keeps only its hash.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity
from venuely.agenda.ics import CalendarEntry
from venuely.agenda.models import AgendaEntry, CalendarFeed
from venuely.core.security import digest, random_token
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.lists.service import event_zone, speakers_by_session

API_PREFIX = "/api/v1"


def day_number(event: Event, moment: datetime) -> int:
    """The agenda day (`lists/agenda?DayNumber`) a session beginning at `moment` is listed on:
    1 for the event's first calendar day in its own zone. 0 when it begins before that day."""
    zone = event_zone(event)
    first = event.date_begin.astimezone(zone).date()
    return max((moment.astimezone(zone).date() - first).days + 1, 0)


async def personal_sessions(
    session: AsyncSession, event_id: str, person_id: str
) -> list[tuple[AgendaEntry, Activity]]:
    """The person's saved sessions of the event, by begin time then id."""
    rows = await session.execute(
        select(AgendaEntry, Activity)
        .join(Activity, Activity.id == AgendaEntry.session_id)
        .where(AgendaEntry.event_id == event_id, AgendaEntry.person_id == person_id)
        .order_by(Activity.date_begin, Activity.id)
    )
    # A Row unpacks by itself; `.tuples()` is deprecated in SQLAlchemy 2.1 and warns on each call.
    return [(entry, activity) for entry, activity in rows.all()]


async def add_session(
    session: AsyncSession, services: Services, event: Event, person_id: str, activity: Activity
) -> tuple[AgendaEntry, bool]:
    """Saves the session; returns the entry and whether it is new. `activity` comes from
    `access.access_agenda_session`, so it is a session of `event`."""
    key = (event.id, person_id, activity.id)
    existing = await session.get(AgendaEntry, key)
    if existing is not None:
        return existing, False
    entry = AgendaEntry(
        event_id=event.id,
        person_id=person_id,
        session_id=activity.id,
        created_at=services.clock.now(),
    )
    try:
        async with session.begin_nested():
            session.add(entry)
    except IntegrityError:
        # Two tabs adding the same session at once: the other one won, and that is the answer.
        found = await session.get(AgendaEntry, key, populate_existing=True)
        assert found is not None
        return found, False
    await session.commit()
    return entry, True


async def remove_session(
    session: AsyncSession, event_id: str, person_id: str, session_id: str
) -> None:
    await session.execute(
        delete(AgendaEntry).where(
            AgendaEntry.event_id == event_id,
            AgendaEntry.person_id == person_id,
            AgendaEntry.session_id == session_id,
        )
    )
    await session.commit()


async def calendar_entries(
    session: AsyncSession, event_id: str, sessions: Sequence[Activity]
) -> list[CalendarEntry]:
    """The sessions with their speakers' names, for an iCalendar document."""
    speakers = await speakers_by_session(session, event_id, [s.id for s in sessions])
    return [
        CalendarEntry(
            session=s,
            speaker_names=[
                str(sp.document.get("FullName") or sp.title) for sp in speakers.get(s.id, [])
            ],
        )
        for s in sessions
    ]


# -- the calendar feed ------------------------------------------------------------------------


async def feed_of(session: AsyncSession, event_id: str, person_id: str) -> CalendarFeed | None:
    return await session.get(CalendarFeed, (event_id, person_id))


async def issue_feed(
    session: AsyncSession, services: Services, event: Event, person_id: str
) -> tuple[CalendarFeed, str]:
    """A new secret for the person's feed of the event (the previous one stops working)."""
    secret = random_token()
    now = services.clock.now()
    feed = await feed_of(session, event.id, person_id)
    if feed is None:
        feed = CalendarFeed(
            event_id=event.id, person_id=person_id, token_hash=digest(secret), created_at=now
        )
        try:
            async with session.begin_nested():
                session.add(feed)
        except IntegrityError:
            # Two first requests at once (two tabs): the other row stands, and this secret
            # replaces its secret below, as a rotation right after it would.
            found = await session.get(CalendarFeed, (event.id, person_id), populate_existing=True)
            assert found is not None
            feed = found
    feed.token_hash = digest(secret)
    feed.created_at = now
    await session.commit()
    return feed, secret


async def revoke_feed(session: AsyncSession, event_id: str, person_id: str) -> None:
    await session.execute(
        delete(CalendarFeed).where(
            CalendarFeed.event_id == event_id, CalendarFeed.person_id == person_id
        )
    )
    await session.commit()


def feed_url(public_url: str, event: Event, secret: str) -> str:
    return f"{public_url}{API_PREFIX}/events/{event.id}/agenda/calendar/{secret}.ics"


def feed_name(event: Event) -> str:
    return f"{event.title} – my agenda"
