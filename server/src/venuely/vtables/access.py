"""Who may read and change which virtual tables and rows; the only way a route gets one.

An event's tables: every member of the event reads them; attendees may add rows to the event's Wall
of Fame and change or remove the rows they added there; everything else is for event admins holding
the `content` role (another person's Wall of Fame row: `moderation`). Global tables (no event) are
read by anyone logged in and written by master admins: the route policies (`Authenticated`,
`MasterAdmin`) already say so, so they are loaded by scope alone. A table of another event, or a
row of another table, is reported as not found; a missing table is found out before a missing
right.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess, require_role
from venuely.admins.roles import Role
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import is_valid_id
from venuely.vtables.models import VTable, VTableRow
from venuely.vtables.schemas import WALL_OF_FAME
from venuely.walloffame import rules as wall


def vtable_not_found(table_id: str) -> ApiError:
    return ApiError(
        ErrorCode.VTABLE_NOT_FOUND, f"Virtual table {table_id} not found", {"VTableID": table_id}
    )


def row_not_found(row_id: str) -> ApiError:
    return ApiError(ErrorCode.NOT_FOUND, f"Row {row_id} not found", {"RowID": row_id})


def in_scope(event_id: str | None) -> Any:
    """The tables of one event, or (None) the global ones."""
    return VTable.event_id.is_(None) if event_id is None else VTable.event_id == event_id


def require_event_admin(access: EventAccess, what: str) -> None:
    if not access.is_admin:
        raise ApiError(
            ErrorCode.FORBIDDEN,
            f"Event admin rights required to {what}",
            {"EventID": access.event.id},
        )
    require_role(access, Role.CONTENT)


async def access_table(session: AsyncSession, event_id: str | None, table_id: str) -> VTable:
    """A table of the event (None: a global table), to read."""
    table = await session.scalar(select(VTable).where(VTable.id == table_id, in_scope(event_id)))
    if table is None:
        raise vtable_not_found(table_id)
    return table


async def access_table_for_change(
    session: AsyncSession, access: EventAccess, table_id: str, what: str
) -> VTable:
    """An event's table, to replace or delete as a whole: event admins only."""
    table = await access_table(session, access.event.id, table_id)
    require_event_admin(access, what)
    return table


async def access_table_for_new_row(
    session: AsyncSession, access: EventAccess, table_id: str
) -> VTable:
    """An event's table to add a row to: anyone in the event for the Wall of Fame, else admins."""
    table = await access_table(session, access.event.id, table_id)
    if table.name != WALL_OF_FAME:
        require_event_admin(access, "add rows to this table")
    return table


async def access_row(session: AsyncSession, table: VTable, row_id: str) -> VTableRow:
    """A row of `table`, which the caller has already been given."""
    row = (
        await session.scalar(
            select(VTableRow).where(VTableRow.id == row_id, VTableRow.vtable_id == table.id)
        )
        if is_valid_id(row_id)
        else None
    )
    if row is None:
        raise row_not_found(row_id)
    return row


async def access_row_for_change(
    session: AsyncSession, access: EventAccess, table: VTable, row_id: str
) -> VTableRow:
    """A row of an event's table to edit or remove: admins, or its author on the Wall of Fame.
    Another person's project the caller may not see (pending, rejected) is not found."""
    row = await access_row(session, table, row_id)
    # Someone's Wall of Fame project is moderated; every other table is the organizers' content.
    needed = Role.MODERATION if table.name == WALL_OF_FAME else Role.CONTENT
    if access.has_role(needed):
        return row
    if not await wall.may_see_row(session, access, table, row):
        raise row_not_found(row_id)
    if table.name == WALL_OF_FAME and row.person_id == access.principal.person_id:
        return row
    if access.is_admin:
        require_role(access, needed)
    raise ApiError(
        ErrorCode.FORBIDDEN,
        "Only the author or an event admin may change this row",
        {"RowID": row.id},
    )
