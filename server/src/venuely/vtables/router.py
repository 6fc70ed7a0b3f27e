"""HTTP routes for virtual tables, per event and global (admin-api.md §7 "Virtual tables").

`POST ?VTableID` without an id creates a table from `{VTableName, Rows}`; with an id it adds one
row (the body) to that table and answers the row. `PUT`/`DELETE /{VTableID}` act on the whole
table, or on one row with `?RowID`. Attendees read their event's tables and may add rows to its
`walloffame` table and edit or remove the rows they added; everything else is for event admins.
Global tables are read by any logged-in person and written by master admins.
`VTableID` only matches 24-hex ids, so `walloffametags` and `count` are never taken for one.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query, Response
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError

from venuely.accounts.permissions import Authenticated, EventMember, MasterAdmin
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.vtables import service
from venuely.vtables.access import (
    access_row,
    access_row_for_change,
    access_table,
    access_table_for_change,
    access_table_for_new_row,
    require_event_admin,
)
from venuely.vtables.schemas import NAME_PATTERN, CountOut, VTableIn, VTableOut
from venuely.walloffame import rules as wall

router = APIRouter(tags=["vtables"])

EVENT_BASE = "/events/{EventID}/vtables"
GLOBAL_BASE = "/vtables"
VTableIdPath = Annotated[str, Path(alias="VTableID", pattern=ID_PATTERN)]
VTableIdQuery = Annotated[str | None, Query(alias="VTableID", pattern=ID_PATTERN)]
VTableNameQuery = Annotated[str | None, Query(alias="VTableName", pattern=NAME_PATTERN)]
RowIdQuery = Annotated[str | None, Query(alias="RowID", pattern=ID_PATTERN)]
JsonBody = Annotated[dict[str, Any], Body()]
# The whole table, or one row (`?VTableID` on POST, `?RowID` on PUT): a row is a JSON object.
TableOrRow = VTableOut | dict[str, Any]


def parse_table(body: dict[str, Any]) -> VTableIn:
    try:
        return VTableIn.model_validate(body)
    except ValidationError as exc:
        errors = [{**e, "loc": ("body", *e["loc"])} for e in exc.errors(include_url=False)]
        raise RequestValidationError(errors) from None


# --- per event ---------------------------------------------------------------------------


@router.get(EVENT_BASE, response_model=list[VTableOut])
async def list_event_tables(
    access: EventMember,
    session: SessionDep,
    name: VTableNameQuery = None,
    table_id: VTableIdQuery = None,
) -> list[VTableOut]:
    tables = await service.list_tables(session, access.event.id, name, table_id)
    return [await service.table_out(session, t, access) for t in tables]


@router.post(EVENT_BASE, status_code=201, response_model=TableOrRow)
async def create_event_table_or_row(
    access: EventMember,
    body: JsonBody,
    session: SessionDep,
    services: ServicesDep,
    table_id: VTableIdQuery = None,
) -> dict[str, Any]:
    if table_id is None:
        require_event_admin(access, "create a virtual table")
        table = await service.create_table(session, services, access.event.id, parse_table(body))
        return (await service.table_out(session, table)).model_dump()
    table = await access_table_for_new_row(session, access, table_id)
    await wall.before_row_added(session, access, table)
    row = await service.append_row(session, services, table, body, access.principal.person_id)
    # A Wall of Fame project: its review, the per-person limit, the moderators told.
    effects = await wall.row_added(session, services, access, table, row)
    await wall.deliver(session, services, effects)
    return service.row_out(row)


@router.get(EVENT_BASE + "/walloffametags", response_model=list[str])
async def wall_of_fame_tags(access: EventMember, session: SessionDep) -> list[str]:
    return await service.categories(session, access.event.id)


@router.get(EVENT_BASE + "/{VTableID}", response_model=VTableOut)
async def get_event_table(
    access: EventMember, table_id: VTableIdPath, session: SessionDep
) -> VTableOut:
    table = await access_table(session, access.event.id, table_id)
    return await service.table_out(session, table, access)


@router.put(EVENT_BASE + "/{VTableID}", response_model=TableOrRow)
async def update_event_table(
    access: EventMember,
    table_id: VTableIdPath,
    body: JsonBody,
    session: SessionDep,
    services: ServicesDep,
    row_id: RowIdQuery = None,
) -> dict[str, Any]:
    if row_id is None:
        table = await access_table_for_change(session, access, table_id, "replace a virtual table")
        await service.replace_table(session, services, table, parse_table(body))
        return (await service.table_out(session, table)).model_dump()
    table = await access_table(session, access.event.id, table_id)
    row = await access_row_for_change(session, access, table, row_id)
    before = dict(row.data)
    await service.update_row(session, services, table, row, body)
    effects = await wall.row_edited(session, services, access, table, row, before)
    await wall.deliver(session, services, effects)
    return service.row_out(row)


@router.delete(EVENT_BASE + "/{VTableID}", status_code=204)
async def delete_event_table(
    access: EventMember,
    table_id: VTableIdPath,
    session: SessionDep,
    services: ServicesDep,
    row_id: RowIdQuery = None,
) -> Response:
    if row_id is None:
        table = await access_table_for_change(session, access, table_id, "delete a virtual table")
        await wall.table_removed(session, table)
        await session.delete(table)
        return Response(status_code=204)
    table = await access_table(session, access.event.id, table_id)
    row = await access_row_for_change(session, access, table, row_id)
    effects = await wall.row_removed(session, table, row)
    await session.delete(row)
    await wall.deliver(session, services, effects)
    return Response(status_code=204)


# --- global --------------------------------------------------------------------------------


@router.get(GLOBAL_BASE + "/count", response_model=CountOut)
async def count_global_tables(_: Authenticated, session: SessionDep) -> CountOut:
    return CountOut(Count=await service.count_tables(session, None))


@router.get(GLOBAL_BASE, response_model=list[VTableOut])
async def list_global_tables(
    _: Authenticated,
    session: SessionDep,
    name: VTableNameQuery = None,
    table_id: VTableIdQuery = None,
) -> list[VTableOut]:
    tables = await service.list_tables(session, None, name, table_id)
    return [await service.table_out(session, t) for t in tables]


@router.post(GLOBAL_BASE, status_code=201, response_model=TableOrRow)
async def create_global_table_or_row(
    principal: MasterAdmin,
    body: JsonBody,
    session: SessionDep,
    services: ServicesDep,
    table_id: VTableIdQuery = None,
) -> dict[str, Any]:
    if table_id is None:
        table = await service.create_table(session, services, None, parse_table(body))
        return (await service.table_out(session, table)).model_dump()
    table = await access_table(session, None, table_id)
    row = await service.append_row(session, services, table, body, principal.person_id)
    return service.row_out(row)


@router.get(GLOBAL_BASE + "/{VTableID}", response_model=VTableOut)
async def get_global_table(
    _: Authenticated, table_id: VTableIdPath, session: SessionDep
) -> VTableOut:
    return await service.table_out(session, await access_table(session, None, table_id))


@router.put(GLOBAL_BASE + "/{VTableID}", response_model=TableOrRow)
async def update_global_table(
    _: MasterAdmin,
    table_id: VTableIdPath,
    body: JsonBody,
    session: SessionDep,
    services: ServicesDep,
    row_id: RowIdQuery = None,
) -> dict[str, Any]:
    table = await access_table(session, None, table_id)
    if row_id is None:
        await service.replace_table(session, services, table, parse_table(body))
        return (await service.table_out(session, table)).model_dump()
    row = await access_row(session, table, row_id)
    return service.row_out(await service.update_row(session, services, table, row, body))


@router.delete(GLOBAL_BASE + "/{VTableID}", status_code=204)
async def delete_global_table(
    _: MasterAdmin, table_id: VTableIdPath, session: SessionDep, row_id: RowIdQuery = None
) -> Response:
    table = await access_table(session, None, table_id)
    if row_id is None:
        await session.delete(table)
    else:
        await session.delete(await access_row(session, table, row_id))
    return Response(status_code=204)
