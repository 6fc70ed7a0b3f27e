"""Virtual table reads and writes; Wall of Fame rows are validated as projects."""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.activities.schemas import portable_json
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.vtables.access import in_scope
from venuely.vtables.models import VTable, VTableRow
from venuely.vtables.schemas import (
    MAX_ROW_BYTES,
    MAX_ROWS,
    WALL_OF_FAME,
    WALL_OF_FAME_TAGS,
    ProjectOut,
    Row,
    VTableIn,
    VTableOut,
    project_fields,
)
from venuely.walloffame import rules as wall

# Keys the server writes on every row; a client sending them back does not store them twice.
META_KEYS = ("ID", "PersonID", "CreatedAt", "UpdatedAt")


async def find_table(session: AsyncSession, event_id: str | None, name: str) -> VTable | None:
    return await session.scalar(
        select(VTable).where(in_scope(event_id), VTable.name == name).order_by(VTable.id).limit(1)
    )


async def list_tables(
    session: AsyncSession, event_id: str | None, name: str | None, table_id: str | None
) -> list[VTable]:
    query = select(VTable).where(in_scope(event_id))
    if name is not None:
        query = query.where(VTable.name == name)
    if table_id is not None:
        query = query.where(VTable.id == table_id)
    return list((await session.scalars(query.order_by(VTable.id).limit(1000))).all())


async def count_tables(session: AsyncSession, event_id: str | None) -> int:
    return int(await session.scalar(select(func.count()).where(in_scope(event_id))) or 0)


async def load_rows(session: AsyncSession, table_id: str) -> list[VTableRow]:
    query = select(VTableRow).where(VTableRow.vtable_id == table_id).order_by(VTableRow.id)
    return list((await session.scalars(query)).all())


def row_out(row: VTableRow) -> Row:
    out: Row = dict(row.data)
    out["ID"] = row.id
    if row.person_id is not None:
        out["PersonID"] = row.person_id
    return out


async def table_out(
    session: AsyncSession, table: VTable, viewer: EventAccess | None = None
) -> VTableOut:
    """The table with its rows; a `viewer` of an event's table reads only the Wall of Fame
    projects they may see (approved ones and their own, unless they are an admin)."""
    rows = await load_rows(session, table.id)
    if viewer is not None:
        rows = await wall.visible_rows(session, viewer, table, rows)
    return VTableOut(
        ID=table.id,
        EventID=table.event_id,
        VTableName=table.name,
        Rows=[row_out(r) for r in rows],
        CreatedAt=table.created_at,
        UpdatedAt=table.updated_at,
    )


def project_out(row: VTableRow) -> ProjectOut:
    return ProjectOut(
        ID=row.id,
        Title=str(row.data.get("Title", "")),
        Category=str(row.data.get("Category", "")),
        Description=str(row.data.get("Description", "")),
        Link=str(row.data.get("Link", "")),
        PersonID=row.person_id,
        CreatedAt=row.created_at,
        UpdatedAt=row.updated_at,
    )


async def categories(session: AsyncSession, event_id: str) -> list[str]:
    """The Wall of Fame categories: the `Name` of each row of the event's `walloffametags`."""
    table = await find_table(session, event_id, WALL_OF_FAME_TAGS)
    if table is None:
        return []
    names = [r.data.get("Name") for r in await load_rows(session, table.id)]
    return [n for n in names if isinstance(n, str) and n]


async def checked_row(session: AsyncSession, table: VTable, row: Row) -> Row:
    if table.event_id is not None and table.name == WALL_OF_FAME:
        return project_fields(row, await categories(session, table.event_id))
    data = {k: v for k, v in row.items() if k not in META_KEYS}
    checked: Row = portable_json(data, limit=MAX_ROW_BYTES, what="A row")
    return checked


async def _check_name_free(
    session: AsyncSession, event_id: str | None, name: str, table_id: str | None
) -> None:
    existing = await find_table(session, event_id, name)
    if existing is not None and existing.id != table_id:
        raise ApiError(
            ErrorCode.CONFLICT,
            f"A virtual table named {name} already exists",
            {"VTableName": name, "VTableID": existing.id},
        )


async def create_table(
    session: AsyncSession, services: Services, event_id: str | None, body: VTableIn
) -> VTable:
    await _check_name_free(session, event_id, body.VTableName, None)
    now = services.clock.now()
    table = VTable(
        id=new_id(), event_id=event_id, name=body.VTableName, created_at=now, updated_at=now
    )
    session.add(table)
    await session.flush()
    for row in body.Rows:
        data = await checked_row(session, table, row)
        session.add(
            VTableRow(id=new_id(), vtable_id=table.id, data=data, created_at=now, updated_at=now)
        )
    await session.flush()
    await wall.table_written_by_admin(session, table, [])
    return table


async def replace_table(
    session: AsyncSession, services: Services, table: VTable, body: VTableIn
) -> VTable:
    """Rename and replace the rows. A row sent with the ID of an existing row updates it (and
    keeps its owner); rows without a known ID are added; rows not sent are removed."""
    if body.ID is not None and table.id != body.ID:
        raise ApiError(ErrorCode.VALIDATION_ERROR, "ID does not match the path", {"ID": body.ID})
    await _check_name_free(session, table.event_id, body.VTableName, table.id)
    table.name = body.VTableName
    now = services.clock.now()
    existing = {r.id: r for r in await load_rows(session, table.id)}
    keep: set[str] = set()
    for row in body.Rows:
        data = await checked_row(session, table, row)
        row_id = row.get("ID")
        current = existing.get(row_id) if isinstance(row_id, str) else None
        if current is not None and current.id not in keep:
            keep.add(current.id)
            current.data, current.updated_at = data, now
        else:
            session.add(
                VTableRow(
                    id=new_id(), vtable_id=table.id, data=data, created_at=now, updated_at=now
                )
            )
    gone = [row_id for row_id in existing if row_id not in keep]
    if gone:
        await session.execute(delete(VTableRow).where(VTableRow.id.in_(gone)))
    table.updated_at = now
    await session.flush()
    await wall.table_written_by_admin(session, table, gone)
    return table


async def append_row(
    session: AsyncSession, services: Services, table: VTable, row: Row, person_id: str | None
) -> VTableRow:
    count = await session.scalar(
        select(func.count()).select_from(VTableRow).where(VTableRow.vtable_id == table.id)
    )
    if (count or 0) >= MAX_ROWS:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            f"A virtual table holds at most {MAX_ROWS} rows",
            {"VTableID": table.id, "MaxRows": MAX_ROWS},
        )
    data = await checked_row(session, table, row)
    now = services.clock.now()
    added = VTableRow(
        id=new_id(),
        vtable_id=table.id,
        person_id=person_id,
        data=data,
        created_at=now,
        updated_at=now,
    )
    session.add(added)
    table.updated_at = now
    await session.flush()
    return added


async def update_row(
    session: AsyncSession, services: Services, table: VTable, row: VTableRow, data: Row
) -> VTableRow:
    row.data = await checked_row(session, table, data)
    row.updated_at = table.updated_at = services.clock.now()
    await session.flush()
    return row
