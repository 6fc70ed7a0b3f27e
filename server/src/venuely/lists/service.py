"""Agenda and speakers per event day, and attendees by person ids.

Day 1 is the calendar day on which the event begins *in the event's own time zone*; day N is
N-1 days later. A session belongs to the day on which it begins, in that zone (a session from
23:30 to 00:30 is on the first day). Windows are computed with zoneinfo, so a day with a DST
change is 23 or 25 hours long, as it is for the people attending.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.activities.models import Activity, EntityType
from venuely.core.pagination import page_by_id
from venuely.events.models import Attendee, Event
from venuely.relations.models import Relation, RelationType
from venuely.relations.service import sort_relations

ATTENDEE_PAGE = 100


def event_zone(event: Event) -> ZoneInfo:
    """The zone the event's days are counted in (the agenda here, the replays in media/)."""
    try:
        return ZoneInfo(event.time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")  # schemas validate the zone; a stale name must not break lists


def day_window(event: Event, day_number: int) -> tuple[datetime, datetime]:
    """[start, end) in UTC of the event's local calendar day `day_number` (1-based)."""
    zone = event_zone(event)
    first = event.date_begin.astimezone(zone).date()
    day = first + timedelta(days=day_number - 1)
    start = datetime.combine(day, time.min, tzinfo=zone)
    end = datetime.combine(day + timedelta(days=1), time.min, tzinfo=zone)
    return start.astimezone(UTC), end.astimezone(UTC)


async def sessions_of_day(session: AsyncSession, event: Event, day_number: int) -> list[Activity]:
    start, end = day_window(event, day_number)
    query = (
        select(Activity)
        .where(
            Activity.event_id == event.id,
            Activity.entity_type == EntityType.SESSION.value,
            Activity.date_begin >= start,
            Activity.date_begin < end,
        )
        .order_by(Activity.date_begin, Activity.id)
    )
    return list((await session.scalars(query)).all())


async def speakers_by_session(
    session: AsyncSession, event_id: str, session_ids: Sequence[str]
) -> dict[str, list[Activity]]:
    """Speaker activities linked to each session (relation type Speaker, parent = session), in
    the relations' `Index` order, then creation order."""
    if not session_ids:
        return {}
    rows = (
        await session.execute(
            select(Relation, Activity)
            .join(Activity, Activity.id == Relation.child_id)
            .where(
                Relation.event_id == event_id,
                Relation.relation_type == RelationType.SPEAKER.value,
                Relation.parent_id.in_(session_ids),
                Activity.event_id == event_id,
                Activity.entity_type == EntityType.SPEAKER.value,
            )
        )
    ).all()
    speaker_of = {relation.id: speaker for relation, speaker in rows}
    result: dict[str, list[Activity]] = defaultdict(list)
    for relation in sort_relations([r for r, _ in rows], [("Index", False)]):
        speakers = result[relation.parent_id]
        if speaker_of[relation.id] not in speakers:
            speakers.append(speaker_of[relation.id])
    return result


async def all_speakers(session: AsyncSession, event_id: str) -> list[Activity]:
    query = select(Activity).where(
        Activity.event_id == event_id, Activity.entity_type == EntityType.SPEAKER.value
    )
    return sort_by_name(list((await session.scalars(query)).all()))


def _collation_key(text: str) -> str:
    # Accents ignored, case folded: "Ñandú" sorts with N, not after Z as its code point would.
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def sort_by_name(speakers: Sequence[Activity]) -> list[Activity]:
    """By last name, then first name, the way a printed speaker list reads."""

    def key(speaker: Activity) -> tuple[str, str, str]:
        doc = speaker.document
        last = str(doc.get("LastName") or speaker.title)
        first = str(doc.get("FirstName", ""))
        return (_collation_key(last), _collation_key(first), speaker.id)

    return sorted(speakers, key=key)


async def sessions_by_speaker(session: AsyncSession, event_id: str) -> dict[str, list[Activity]]:
    """Each speaker's sessions, by begin time (for the speakers CSV)."""
    rows = (
        await session.execute(
            select(Relation.child_id, Activity)
            .join(Activity, Activity.id == Relation.parent_id)
            .where(
                Relation.event_id == event_id,
                Relation.relation_type == RelationType.SPEAKER.value,
                Activity.event_id == event_id,
                Activity.entity_type == EntityType.SESSION.value,
            )
            .order_by(Activity.date_begin, Activity.id)
        )
    ).all()
    result: dict[str, list[Activity]] = defaultdict(list)
    for speaker_id, session_activity in rows:
        result[speaker_id].append(session_activity)
    return result


async def attendees_page(
    session: AsyncSession, event_id: str, person_ids: Sequence[str], last_id: str | None
) -> tuple[list[Person], bool]:
    """The asked-for persons who attend the event, by id after `last_id`; and whether more
    remain. Ids of non-attendees are skipped silently: the caller learns nothing about them."""
    if not person_ids:
        return [], False
    query = (
        select(Person)
        .join(Attendee, Attendee.person_id == Person.id)
        .where(Attendee.event_id == event_id, Person.id.in_(set(person_ids)))
    )
    # One row beyond the page tells whether another page follows.
    rows = list(
        (await session.scalars(page_by_id(query, Person.id, last_id, ATTENDEE_PAGE + 1))).all()
    )
    return rows[:ATTENDEE_PAGE], len(rows) > ATTENDEE_PAGE
