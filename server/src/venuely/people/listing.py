"""The people list of an event: its attendees and the invitations nobody used yet, as one
keyset-paged list ordered by address (core/pagination.py), with search, a state filter and a
total; the CSV export reads the same rows.

One row per address: an invitation whose address registered shows as that attendee (with the
invitation's time), never twice. Removed attendees stay listed, flagged: the organizer may
restore them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Select,
    String,
    and_,
    case,
    cast,
    exists,
    func,
    literal_column,
    null,
    or_,
    select,
    union_all,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.selectable import Subquery

from venuely.accounts.models import Person
from venuely.core.db import UTCDateTime
from venuely.core.pagination import Key, keyset_page
from venuely.events.models import Attendee
from venuely.people.models import EventInvitation
from venuely.people.schemas import (
    PeopleCounts,
    PeopleFilter,
    PeoplePage,
    PersonRow,
    PersonState,
)

EXPORT_COLUMNS = (
    "PersonID",
    "Email",
    "FirstName",
    "LastName",
    "State",
    "InvitedAt",
    "RegisteredAt",
    "LastSeenAt",
    "Removed",
    "ChatBanned",
)


def _text(value: str) -> ColumnElement[str]:
    # Constants written into the statement, not bound: a bound parameter in a UNION column has
    # no type PostgreSQL can infer.
    return literal_column(f"'{value}'", String())


def _people(event_id: str) -> Subquery:
    """Attendees (with their invitation's time, if any) and unused invitations, as one table."""
    invitation_of = and_(
        EventInvitation.event_id == Attendee.event_id, EventInvitation.email == Person.login_email
    )
    attendees = (
        select(
            Person.id.label("person_id"),
            Person.login_email.label("email"),
            Person.first_name.label("first_name"),
            Person.last_name.label("last_name"),
            case(
                (Person.is_verified.is_(True), _text(PersonState.VERIFIED)),
                else_=_text(PersonState.REGISTERED),
            ).label("state"),
            EventInvitation.invited_at.label("invited_at"),
            Attendee.created_at.label("registered_at"),
            Attendee.last_seen_at.label("last_seen_at"),
            Attendee.removed_at.label("removed_at"),
            Attendee.chat_banned_at.label("chat_banned_at"),
        )
        .select_from(Attendee)
        .join(Person, Person.id == Attendee.person_id)
        .outerjoin(EventInvitation, invitation_of)
        .where(Attendee.event_id == event_id)
    )
    registered = exists().where(
        Attendee.event_id == event_id,
        Attendee.person_id == Person.id,
        Person.login_email == EventInvitation.email,
    )
    no_time = cast(null(), UTCDateTime())
    invitations = select(
        cast(null(), String(24)).label("person_id"),
        EventInvitation.email.label("email"),
        _text("").label("first_name"),
        _text("").label("last_name"),
        _text(PersonState.INVITED).label("state"),
        EventInvitation.invited_at.label("invited_at"),
        no_time.label("registered_at"),
        no_time.label("last_seen_at"),
        no_time.label("removed_at"),
        no_time.label("chat_banned_at"),
    ).where(EventInvitation.event_id == event_id, ~registered)
    return union_all(attendees, invitations).subquery("people")


def _like(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _filtered(event_id: str, search: str | None, state: PeopleFilter | None) -> Select[Any]:
    people = _people(event_id)
    query = select(people)
    if search:
        pattern = _like(search.strip())
        query = query.where(
            or_(
                *(
                    column.ilike(pattern, escape="\\")
                    for column in (people.c.email, people.c.first_name, people.c.last_name)
                )
            )
        )
    if state is PeopleFilter.REMOVED:
        query = query.where(people.c.removed_at.is_not(None))
    elif state is PeopleFilter.BANNED:
        query = query.where(people.c.chat_banned_at.is_not(None))
    elif state is not None:
        query = query.where(people.c.state == _text(state.value))
    return query


def _row(row: Any) -> PersonRow:
    return PersonRow(
        PersonID=row.person_id,
        Email=row.email,
        FirstName=row.first_name,
        LastName=row.last_name,
        State=PersonState(row.state),
        InvitedAt=row.invited_at,
        RegisteredAt=row.registered_at,
        LastSeenAt=row.last_seen_at,
        Removed=row.removed_at is not None,
        ChatBanned=row.chat_banned_at is not None,
    )


async def list_people(
    session: AsyncSession,
    event_id: str,
    *,
    search: str | None,
    state: PeopleFilter | None,
    cursor: str | None,
    limit: int,
) -> PeoplePage:
    """One page after `cursor` (the previous page's last address), and the total."""
    query = _filtered(event_id, search, state)
    counts = await _counts(session, event_id, search)
    by_filter = {
        PeopleFilter.INVITED: counts.Invited,
        PeopleFilter.REGISTERED: counts.Registered,
        PeopleFilter.VERIFIED: counts.Verified,
        PeopleFilter.REMOVED: counts.Removed,
        PeopleFilter.BANNED: counts.Banned,
    }
    total = counts.All if state is None else by_filter[state]
    people = query.subquery("matching")
    page = keyset_page(
        select(people),
        (Key(people.c.email),),
        None if cursor is None else (cursor.lower(),),
        limit + 1,  # one more tells whether a next page exists
    )
    rows = [_row(row) for row in await session.execute(page)]
    more = len(rows) > limit
    rows = rows[:limit]
    return PeoplePage(
        Rows=rows,
        Total=total,
        Counts=counts,
        NextCursor=rows[-1].Email if more and rows else None,
    )


async def _counts(session: AsyncSession, event_id: str, search: str | None) -> PeopleCounts:
    """Every filter's count for the search, in one pass over the matching rows."""
    people = _filtered(event_id, search, None).subquery("searched")

    def where(condition: ColumnElement[bool]) -> ColumnElement[int]:
        return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)

    row = (
        await session.execute(
            select(
                func.count(),
                where(people.c.state == _text(PersonState.INVITED)),
                where(people.c.state == _text(PersonState.REGISTERED)),
                where(people.c.state == _text(PersonState.VERIFIED)),
                where(people.c.removed_at.is_not(None)),
                where(people.c.chat_banned_at.is_not(None)),
            ).select_from(people)
        )
    ).one()
    every, invited, registered, verified, removed, banned = (int(value) for value in row)
    return PeopleCounts(
        All=every,
        Invited=invited,
        Registered=registered,
        Verified=verified,
        Removed=removed,
        Banned=banned,
    )


async def export_rows(session: AsyncSession, event_id: str) -> Sequence[Sequence[object]]:
    people = _filtered(event_id, None, None).subquery("matching")
    result = await session.execute(select(people).order_by(people.c.email))
    return [
        [
            row.PersonID or "",
            row.Email,
            row.FirstName,
            row.LastName,
            row.State.value,
            _iso(row.InvitedAt),
            _iso(row.RegisteredAt),
            _iso(row.LastSeenAt),
            "yes" if row.Removed else "no",
            "yes" if row.ChatBanned else "no",
        ]
        for row in map(_row, result)
    ]


def _iso(value: object) -> str:
    return value.isoformat() if hasattr(value, "isoformat") else ""
