"""Where projects are kept and how they are read: the event's `walloffame` table, each row with
its review, the event's review setting, who may see which project (as one SQL condition, so
every read path — these routes, vtables, vfiles — filters alike), and the row locks that make
the limits hold under concurrent requests.

Imports only models: vtables and vfiles call into this feature (`hooks.py`), so nothing here may
import their services.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, Select, exists, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from venuely.accounts.models import Person
from venuely.accounts.permissions import EventAccess
from venuely.events.models import Event
from venuely.vtables.models import VTable, VTableRow
from venuely.vtables.schemas import WALL_OF_FAME
from venuely.walloffame.models import ReviewState, WallOfFameReview, WallOfFameSettings

ENTITY_TYPE = "WallOfFame"  # the EntityType of a project's vfiles; EntityID is the row's id


@dataclass(slots=True)
class Project:
    row: VTableRow
    review: WallOfFameReview

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def author_id(self) -> str | None:
        return self.row.person_id


def is_wall(table: VTable) -> bool:
    """Only an event's table of that name holds projects (a global one is plain data)."""
    return table.event_id is not None and table.name == WALL_OF_FAME


async def wall_table(session: AsyncSession, event_id: str) -> VTable | None:
    # The same table vtables finds by name (the oldest, should there ever be two).
    return await session.scalar(
        select(VTable)
        .where(VTable.event_id == event_id, VTable.name == WALL_OF_FAME)
        .order_by(VTable.id)
        .limit(1)
    )


def approved() -> ColumnElement[bool]:
    """The row (of the query's `vtable_rows`) has an approved review. An alias of its own, so
    the condition also fits a query that joins the reviews already."""
    review = aliased(WallOfFameReview)
    return exists().where(review.row_id == VTableRow.id, review.state == ReviewState.APPROVED.value)


def visible_to(access: EventAccess) -> ColumnElement[bool] | None:
    """Which rows of the wall the caller sees: admins every one (None: no condition), others
    the approved ones and their own. A row without a review (written past every hook) counts
    as not approved: hidden rather than shown unreviewed."""
    if access.is_admin:
        return None
    return or_(VTableRow.person_id == access.principal.person_id, approved())


def visible_ids(access: EventAccess) -> Select[str]:
    """The ids of the projects of the caller's event that the caller sees."""
    query = (
        select(VTableRow.id)
        .join(VTable, VTable.id == VTableRow.vtable_id)
        .where(VTable.event_id == access.event.id, VTable.name == WALL_OF_FAME)
    )
    condition = visible_to(access)
    return query if condition is None else query.where(condition)


def may_see(access: EventAccess, project: Project) -> bool:
    """`visible_to` for one loaded project."""
    return (
        access.is_admin
        or project.author_id == access.principal.person_id
        or project.review.state == ReviewState.APPROVED
    )


def new_review(row: VTableRow, event_id: str, state: ReviewState, at: datetime) -> WallOfFameReview:
    return WallOfFameReview(
        row_id=row.id,
        event_id=event_id,
        state=state.value,
        reason="",
        featured=False,
        submitted_at=at,
    )


async def review_of(session: AsyncSession, row: VTableRow, event_id: str) -> WallOfFameReview:
    """The row's review, to read. A row without one (see `visible_to`) reads as pending; the
    stand-in is not stored (a read writes nothing)."""
    review = await session.get(WallOfFameReview, row.id)
    return review or new_review(row, event_id, ReviewState.PENDING, row.created_at)


async def review_for_change(
    session: AsyncSession, row: VTableRow, event_id: str
) -> WallOfFameReview:
    """The row's review read again under the row's lock, to change: a decision, an edit and
    the pictures' limit are decided on what is committed. A row without one gets its pending
    review stored now, so an organizer can decide on it like on any other."""
    await lock_row(session, row.id)
    review = await session.get(WallOfFameReview, row.id, populate_existing=True)
    if review is None:
        review = new_review(row, event_id, ReviewState.PENDING, row.created_at)
        session.add(review)
    return review


async def review_required(session: AsyncSession, event_id: str) -> bool:
    """No settings row: the default, review required (an organizer opts out)."""
    found = await session.scalar(
        select(WallOfFameSettings.review_required).where(WallOfFameSettings.event_id == event_id)
    )
    return True if found is None else bool(found)


def _sqlite(session: AsyncSession) -> bool:
    return session.get_bind().dialect.name == "sqlite"


async def lock_person(session: AsyncSession, person_id: str) -> None:
    """Serialises one person's submissions, so two at once cannot both pass the limit: the
    person's row lock on PostgreSQL, the database's write lock on SQLite."""
    if _sqlite(session):
        await session.execute(
            update(Person).where(Person.id == person_id).values(updated_at=Person.updated_at)
        )
    else:
        await session.execute(select(Person.id).where(Person.id == person_id).with_for_update())


async def lock_row(session: AsyncSession, row_id: str) -> None:
    """Serialises the changes of one project (its pictures' limit, its review)."""
    if _sqlite(session):
        await session.execute(
            update(VTableRow).where(VTableRow.id == row_id).values(updated_at=VTableRow.updated_at)
        )
    else:
        await session.execute(select(VTableRow.id).where(VTableRow.id == row_id).with_for_update())


async def lock_event(session: AsyncSession, event_id: str) -> None:
    """Serialises making the event's wall or category table, so the first submissions arriving
    together cannot make two."""
    if _sqlite(session):
        await session.execute(
            update(Event).where(Event.id == event_id).values(updated_at=Event.updated_at)
        )
    else:
        await session.execute(select(Event.id).where(Event.id == event_id).with_for_update())
