"""HTTP routes for a customer's locations. Reads use `Authenticated` and `access.read_scope`
(attendees read through their event); writes need customer admin rights."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from venuely.accounts.permissions import Authenticated, CustomerAdmin, CustomerIdPath
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.core.pagination import MaxCountQuery, StartIdQuery
from venuely.locations import service
from venuely.locations.access import access_location, check_visible, read_scope
from venuely.locations.schemas import LocationIn, LocationOut
from venuely.relations.schemas import TYPE_PATTERN

router = APIRouter(tags=["locations"])

BASE = "/customers/{CustomerID}/locations"
LocationIdPath = Annotated[str, Path(alias="LocationID", pattern=ID_PATTERN)]
EventIdQuery = Annotated[str | None, Query(alias="EventID", pattern=ID_PATTERN)]


@router.get(BASE, response_model=list[LocationOut])
async def list_locations(
    principal: Authenticated,
    customer_id: CustomerIdPath,
    session: SessionDep,
    location_type: Annotated[str | None, Query(alias="LocationType", pattern=TYPE_PATTERN)] = None,
    event_id: EventIdQuery = None,
    virtual_space_id: Annotated[str | None, Query(alias="VirtualSpaceID", max_length=64)] = None,
    is_disabled: Annotated[bool | None, Query(alias="IsDisabled")] = None,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = 1000,
) -> list[LocationOut]:
    scope = await read_scope(session, principal, customer_id, event_id)
    rows = await service.list_locations(
        session,
        scope,
        location_type=location_type,
        event_id=event_id,
        virtual_space_id=virtual_space_id,
        is_disabled=is_disabled,
        start_id=start_id,
        limit=max_count,
    )
    return [service.location_out(r) for r in rows]


@router.post(BASE, response_model=LocationOut, status_code=201)
async def create_location(
    access: CustomerAdmin, body: LocationIn, session: SessionDep, services: ServicesDep
) -> LocationOut:
    location = await service.create_location(session, services, access.customer, body)
    return service.location_out(location)


@router.get(BASE + "/{LocationID}", response_model=LocationOut)
async def get_location(
    principal: Authenticated,
    customer_id: CustomerIdPath,
    location_id: LocationIdPath,
    session: SessionDep,
    event_id: EventIdQuery = None,
) -> LocationOut:
    scope = await read_scope(session, principal, customer_id, event_id)
    location = await access_location(session, customer_id, location_id)
    check_visible(location, scope)
    return service.location_out(location)


@router.put(BASE + "/{LocationID}", response_model=LocationOut)
async def update_location(
    access: CustomerAdmin,
    location_id: LocationIdPath,
    body: LocationIn,
    session: SessionDep,
    services: ServicesDep,
) -> LocationOut:
    location = await access_location(session, access.customer.id, location_id)
    updated = await service.update_location(session, services, access.customer, location, body)
    return service.location_out(updated)


@router.delete(BASE + "/{LocationID}", status_code=204)
async def delete_location(
    access: CustomerAdmin, location_id: LocationIdPath, session: SessionDep
) -> Response:
    location = await access_location(session, access.customer.id, location_id)
    await session.delete(location)
    return Response(status_code=204)
