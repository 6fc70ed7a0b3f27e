"""Location writes and the filtered list."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.schemas import portable_json
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.pagination import page_by_id
from venuely.core.services import Services
from venuely.events.models import Customer, Event
from venuely.locations.access import ReadScope
from venuely.locations.models import Location
from venuely.locations.schemas import LocationIn, LocationOut

MAX_DATA_BYTES = 16 * 1024


def location_out(location: Location) -> LocationOut:
    return LocationOut(
        ID=location.id,
        CustomerID=location.customer_id,
        LocationType=location.location_type,
        Name=location.name,
        EventID=location.event_id,
        VirtualSpaceID=location.virtual_space_id,
        VirtualSpacepanoIDs=list(location.virtual_space_pano_ids),
        IsDisabled=location.is_disabled,
        Description=str(location.document.get("Description", "")),
        Data=dict(location.document.get("Data", {})),
        CreatedAt=location.created_at,
        UpdatedAt=location.updated_at,
    )


async def _check_event(session: AsyncSession, customer: Customer, event_id: str | None) -> None:
    if event_id is None:
        return
    event = await session.get(Event, event_id)
    # Another customer's event is reported like a missing one: nothing leaks across customers.
    if event is None or event.customer_id != customer.id:
        raise ApiError(
            ErrorCode.EVENT_NOT_FOUND,
            f"Event {event_id} not found for this customer",
            {"EventID": event_id},
        )


def _columns(body: LocationIn) -> dict[str, Any]:
    return {
        "location_type": body.LocationType,
        "name": body.Name,
        "event_id": body.EventID,
        "virtual_space_id": body.VirtualSpaceID,
        "virtual_space_pano_ids": list(body.VirtualSpacepanoIDs),
        "is_disabled": body.IsDisabled,
        "document": {
            "Description": body.Description,
            "Data": portable_json(body.Data, limit=MAX_DATA_BYTES, what="Data"),
        },
    }


def _check_identity(customer: Customer, body: LocationIn, location_id: str | None) -> None:
    if body.CustomerID is not None and body.CustomerID != customer.id:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "CustomerID does not match the path",
            {"CustomerID": body.CustomerID},
        )
    if body.ID is not None and location_id != body.ID:
        raise ApiError(ErrorCode.VALIDATION_ERROR, "ID does not match", {"ID": body.ID})


async def create_location(
    session: AsyncSession, services: Services, customer: Customer, body: LocationIn
) -> Location:
    _check_identity(customer, body, None)
    await _check_event(session, customer, body.EventID)
    now = services.clock.now()
    location = Location(
        id=new_id(), customer_id=customer.id, created_at=now, updated_at=now, **_columns(body)
    )
    session.add(location)
    await session.flush()
    return location


async def update_location(
    session: AsyncSession,
    services: Services,
    customer: Customer,
    location: Location,
    body: LocationIn,
) -> Location:
    _check_identity(customer, body, location.id)
    await _check_event(session, customer, body.EventID)
    for column, value in _columns(body).items():
        setattr(location, column, value)
    location.updated_at = services.clock.now()
    await session.flush()
    return location


async def list_locations(
    session: AsyncSession,
    scope: ReadScope,
    *,
    location_type: str | None,
    event_id: str | None,
    virtual_space_id: str | None,
    is_disabled: bool | None,
    start_id: str | None,
    limit: int,
) -> list[Location]:
    query = select(Location).where(Location.customer_id == scope.customer_id)
    if scope.event_id is not None:
        query = query.where(Location.event_id == scope.event_id)
    elif event_id is not None:
        query = query.where(Location.event_id == event_id)
    if not scope.include_disabled:
        query = query.where(Location.is_disabled.is_(False))
    if is_disabled is not None:
        query = query.where(Location.is_disabled.is_(is_disabled))
    if location_type is not None:
        query = query.where(Location.location_type == location_type)
    if virtual_space_id is not None:
        query = query.where(Location.virtual_space_id == virtual_space_id)
    return list((await session.scalars(page_by_id(query, Location.id, start_id, limit))).all())
