"""The Wall of Fame's rules at every path that writes or reads a project: this feature's routes,
and the older ones it shares its storage with — vtables (rows of the `walloffame` table) and
vfiles (pictures, EntityType `WallOfFame`). Those call in here at their few places (a small hook
each), so the rules are written once and no path can skip them. Functions that change something
return the frames to deliver after the commit (`deliver`).

It imports vtables' and vfiles' models, never their services: they import this module.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, delete, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.chat.publish import Effect, commit_and_deliver
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.vfiles.models import VFile
from venuely.vtables.models import VTable, VTableRow
from venuely.walloffame import state
from venuely.walloffame.models import MAX_PICTURES, MAX_PROJECTS, ReviewState, WallOfFameReview
from venuely.walloffame.notify import project_notice
from venuely.walloffame.store import (
    ENTITY_TYPE,
    Project,
    is_wall,
    lock_person,
    lock_row,
    new_review,
    review_for_change,
    review_of,
    review_required,
    visible_ids,
    visible_to,
    wall_table,
)

# Delivering after the commit, for the routes of vtables and vfiles.
deliver = commit_and_deliver


# -- rows of the wall (vtables) -------------------------------------------------------------


async def visible_rows(
    session: AsyncSession, access: EventAccess, table: VTable, rows: list[VTableRow]
) -> list[VTableRow]:
    """`rows` of `table` without the projects the caller may not see."""
    condition = visible_to(access)
    if condition is None or not is_wall(table) or not rows:
        return rows
    query = select(VTableRow.id).where(VTableRow.vtable_id == table.id, condition)
    seen = set((await session.scalars(query)).all())
    return [row for row in rows if row.id in seen]


async def may_see_row(
    session: AsyncSession, access: EventAccess, table: VTable, row: VTableRow
) -> bool:
    return bool(await visible_rows(session, access, table, [row]))


async def before_row_added(session: AsyncSession, access: EventAccess, table: VTable) -> None:
    """Before the caller adds a project: an attendee may have at most MAX_PROJECTS. Under the
    person's row lock, taken before the row is written (which would take a key lock on the
    person first and deadlock two submissions against each other)."""
    if access.is_admin or not is_wall(table):
        return
    person_id = access.principal.person_id
    await lock_person(session, person_id)
    count = await session.scalar(
        select(func.count()).where(
            VTableRow.vtable_id == table.id, VTableRow.person_id == person_id
        )
    )
    if (count or 0) >= MAX_PROJECTS:
        raise ApiError(
            ErrorCode.WALLOFFAME_TOO_MANY_PROJECTS,
            f"You have {MAX_PROJECTS} projects on the Wall of Fame; remove one to add another",
            {"MaxProjects": MAX_PROJECTS},
        )


async def row_added(
    session: AsyncSession, services: Services, access: EventAccess, table: VTable, row: VTableRow
) -> list[Effect]:
    """A project was just written (flushed) by the caller, past `before_row_added`: it waits
    for review when an attendee submits to an event that reviews; an organizer's is approved."""
    if not is_wall(table):
        return []
    event_id = access.event.id
    first = state.first_state(
        review_required=await review_required(session, event_id), by_admin=access.is_admin
    )
    review = new_review(row, event_id, first, services.clock.now())
    session.add(review)
    await session.flush()
    return [project_notice(event_id, Project(row, review))]


async def author_changed(
    session: AsyncSession, services: Services, access: EventAccess, row: VTableRow
) -> list[Effect]:
    """The project's author changed it (fields or pictures): back to the queue when the state
    asks for it (`state.on_author_edit`). An organizer's change is no new submission."""
    if access.is_admin or row.person_id != access.principal.person_id:
        return []
    event_id = access.event.id
    review = await review_for_change(session, row, event_id)
    required = await review_required(session, event_id)
    if not state.on_author_edit(review, review_required=required, at=services.clock.now()):
        return []
    await session.flush()
    return [project_notice(event_id, Project(row, review))]


async def row_edited(
    session: AsyncSession,
    services: Services,
    access: EventAccess,
    table: VTable,
    row: VTableRow,
    before: dict[str, Any],
) -> list[Effect]:
    """After a row of `table` was replaced; `before` is its data until then. Saving the same
    fields again is no change."""
    if not is_wall(table) or row.data == before:
        return []
    return await author_changed(session, services, access, row)


async def _drop_pictures(session: AsyncSession, event_id: str, row_ids: list[str]) -> None:
    """A project's vfiles go with it (they would be attached to nothing)."""
    if row_ids:
        await session.execute(
            delete(VFile).where(
                VFile.event_id == event_id,
                VFile.entity_type == ENTITY_TYPE,
                VFile.entity_id.in_(row_ids),
            )
        )


async def row_removed(session: AsyncSession, table: VTable, row: VTableRow) -> list[Effect]:
    """Before a row of `table` is deleted: its pictures go too; the author and the organizers
    are told (their lists drop it)."""
    if not is_wall(table) or table.event_id is None:
        return []
    review = await review_of(session, row, table.event_id)
    notice = project_notice(table.event_id, Project(row, review), deleted=True)
    await _drop_pictures(session, table.event_id, [row.id])
    return [notice]


async def table_written_by_admin(session: AsyncSession, table: VTable, removed: list[str]) -> None:
    """After an organizer created or replaced the whole table (`removed`: the ids of rows that
    went): rows without a review are theirs, approved; the removed rows' pictures go."""
    if not is_wall(table) or table.event_id is None:
        return
    await _drop_pictures(session, table.event_id, removed)
    unreviewed = await session.scalars(
        select(VTableRow).where(
            VTableRow.vtable_id == table.id,
            ~exists().where(WallOfFameReview.row_id == VTableRow.id),
        )
    )
    for row in unreviewed.all():
        session.add(new_review(row, table.event_id, ReviewState.APPROVED, row.created_at))
    await session.flush()


async def table_removed(session: AsyncSession, table: VTable) -> None:
    """Before the whole table is deleted: every project's pictures go."""
    if is_wall(table) and table.event_id is not None:
        rows = await session.scalars(select(VTableRow.id).where(VTableRow.vtable_id == table.id))
        await _drop_pictures(session, table.event_id, list(rows.all()))


# -- pictures (vfiles) ----------------------------------------------------------------------


def vfile_condition(access: EventAccess) -> ColumnElement[bool] | None:
    """Which vfiles of the event the caller may list: none attached to a project they may not
    see (None: no condition, for admins)."""
    if access.is_admin:
        return None
    return or_(VFile.entity_type != ENTITY_TYPE, VFile.entity_id.in_(visible_ids(access)))


async def may_see_vfile(session: AsyncSession, access: EventAccess, vfile: VFile) -> bool:
    if access.is_admin or vfile.entity_type != ENTITY_TYPE:
        return True
    query = visible_ids(access).where(VTableRow.id == vfile.entity_id)
    return bool(await session.scalar(select(exists(query))))


async def before_attach(
    session: AsyncSession, event_id: str, entity_type: str, entity_id: str
) -> None:
    """Before a vfile is attached to a project (whoever attaches it): at most MAX_PICTURES.
    Under the project's row lock, so uploads at the same moment cannot both pass."""
    if entity_type != ENTITY_TYPE:
        return
    await lock_row(session, entity_id)
    count = await session.scalar(
        select(func.count()).where(
            VFile.event_id == event_id,
            VFile.entity_type == ENTITY_TYPE,
            VFile.entity_id == entity_id,
        )
    )
    if (count or 0) >= MAX_PICTURES:
        raise ApiError(
            ErrorCode.WALLOFFAME_TOO_MANY_PICTURES,
            f"A project has at most {MAX_PICTURES} pictures",
            {"ProjectID": entity_id, "MaxPictures": MAX_PICTURES},
        )


async def vfile_changed(
    session: AsyncSession, services: Services, access: EventAccess, vfile: VFile
) -> list[Effect]:
    """The caller attached, changed or uploaded a vfile of a project: for its author, an edit
    of the project (new pictures are reviewed like new text)."""
    if vfile.entity_type != ENTITY_TYPE or access.is_admin:
        return []
    table = await wall_table(session, access.event.id)
    row = (
        None
        if table is None
        else await session.scalar(
            select(VTableRow).where(
                VTableRow.id == vfile.entity_id, VTableRow.vtable_id == table.id
            )
        )
    )
    return [] if row is None else await author_changed(session, services, access, row)


async def vfile_written(
    session: AsyncSession, services: Services, access: EventAccess, vfile: VFile
) -> None:
    """For the vfiles routes, after their write: `vfile_changed`, committed and told."""
    await deliver(session, services, await vfile_changed(session, services, access, vfile))
