"""HTTP routes for managing events: per customer, one event, whitelist, values, attendee ids.

Public and attendee-facing reads live in `public_router.py`, the menu in `menu_router.py`.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query, Response
from fastapi.responses import JSONResponse

from venuely.accounts.permissions import (
    AnyAdmin,
    CustomerAdmin,
    EventAdmin,
    EventMember,
    MasterAdmin,
)
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.core.openapi import JSON_VALUE_BODY, json_value_responses
from venuely.core.outbound import OutboundDep
from venuely.core.pagination import LastIdQuery, LimitQuery, MaxCountQuery, StartIdQuery
from venuely.events import service
from venuely.events.access import check_can_delete_event, check_event_update_roles
from venuely.events.managed import ManagedEventOut, list_managed_events
from venuely.events.prepublish.listing import ListingGuard, starts_listing
from venuely.events.schemas import EventCreate, EventOut, EventUpdate, WhitelistIn, WhitelistOut
from venuely.events.whitelist_sync import close_refused_connections
from venuely.files.service import StorageDep

router = APIRouter(tags=["events"])

KEY_PATTERN = r"^[A-Za-z0-9_.-]{1,100}$"
KeyPath = Annotated[str, Path(alias="Key", pattern=KEY_PATTERN)]
Search = Annotated[str | None, Query(alias="search", max_length=200)]


@router.get("/customers/{CustomerID}/events", response_model=list[EventOut])
async def list_customer_events(
    access: CustomerAdmin,
    session: SessionDep,
    search: Search = None,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = 100,
) -> list[EventOut]:
    events = await service.list_customer_events(
        session, access.customer.id, search, start_id, max_count
    )
    return [service.event_out(e) for e in events]


@router.post("/customers/{CustomerID}/events", status_code=201, response_model=EventOut)
async def create_event(
    access: CustomerAdmin,
    body: EventCreate,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
    outbound: OutboundDep,
) -> EventOut:
    event = await service.create_event(session, services, access.customer, body)
    if body.IsListed:
        # A new event has no menu yet, so preparing fetches nothing while the insert is pending.
        guard = await ListingGuard.prepare(session, storage, services, outbound, event)
        await guard.check(session, services, event)
    return service.event_out(event)


@router.get("/events/getallevents", response_model=list[EventOut])
async def get_all_events(
    _: MasterAdmin,
    session: SessionDep,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = 1000,
) -> list[EventOut]:
    events = await service.list_all_events(
        session, listed_only=False, start_id=start_id, limit=max_count
    )
    return [service.event_out(e) for e in events]


@router.get("/events/managed", response_model=list[ManagedEventOut])
async def get_managed_events(
    principal: AnyAdmin,
    session: SessionDep,
    services: ServicesDep,
    when: Annotated[service.Timeframe | None, Query(alias="When")] = None,
    search: Search = None,
    customer_id: Annotated[str | None, Query(alias="CustomerID", pattern=ID_PATTERN)] = None,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = 100,
) -> list[ManagedEventOut]:
    """The events the caller administers (the organizer console's list): every event for a
    master, their customers' for a customer admin, their own for an event admin."""
    return await list_managed_events(
        session,
        principal,
        timeframe=when,
        now=services.clock.now(),
        search=search,
        customer_id=customer_id,
        start_id=start_id,
        limit=max_count,
    )


@router.get("/events/{EventID}", response_model=EventOut)
async def get_event(access: EventAdmin) -> EventOut:
    return service.event_out(access.event)


@router.put("/events/{EventID}", response_model=EventOut)
async def update_event(
    access: EventAdmin,
    body: EventUpdate,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
    outbound: OutboundDep,
) -> EventOut:
    check_event_update_roles(access, body.model_fields_set)
    guard = None
    if starts_listing(access.event, body):
        # Before any write: the check fetches embedded pages, and no write lock may wait on them.
        guard = await ListingGuard.prepare(session, storage, services, outbound, access.event)
    was_restricted = access.event.is_restricted
    event = await service.update_event(
        session, services, access.event, body, before_commit=guard.check if guard else None
    )
    if body.EmailWhitelist is not None or event.is_restricted != was_restricted:
        await session.commit()
        await close_refused_connections(session, services, event)
    return service.event_out(event)


@router.delete("/events/{EventID}", status_code=204)
async def delete_event(access: EventAdmin, session: SessionDep) -> Response:
    check_can_delete_event(access)
    await service.delete_event(session, access.event)
    return Response(status_code=204)


@router.get(
    "/events/{EventID}/email-whitelist",
    response_model=WhitelistOut,
    response_model_exclude_none=True,
)
async def get_email_whitelist(access: EventMember, session: SessionDep) -> WhitelistOut:
    # Reaching here means the policy admitted the caller (it answers 401 NOT_WHITELISTED
    # otherwise); only admins see the list itself.
    if not access.is_admin:
        return WhitelistOut()
    return WhitelistOut(Entries=await service.whitelist_entries(session, access.event.id))


@router.put(
    "/events/{EventID}/email-whitelist",
    response_model=WhitelistOut,
    response_model_exclude_none=True,
)
async def put_email_whitelist(
    access: EventAdmin, body: WhitelistIn, session: SessionDep, services: ServicesDep
) -> WhitelistOut:
    await service.replace_whitelist(session, access.event.id, body.Entries)
    # Committed first, so a socket that reconnects at once already meets the new list.
    await session.commit()
    await close_refused_connections(session, services, access.event)
    return WhitelistOut(Entries=await service.whitelist_entries(session, access.event.id))


@router.get("/events/{EventID}/values/{Key}", response_model=None, responses=json_value_responses())
async def get_event_value(access: EventMember, key: KeyPath, session: SessionDep) -> JSONResponse:
    return JSONResponse(await service.get_value(session, access.event.id, key))


@router.post(
    "/events/{EventID}/values/{Key}",
    response_model=None,
    responses=json_value_responses("The stored value"),
    openapi_extra=JSON_VALUE_BODY,
)
async def set_event_value(
    access: EventAdmin,
    key: KeyPath,
    value: Annotated[Any, Body()],
    session: SessionDep,
    services: ServicesDep,
) -> JSONResponse:
    stored = await service.set_value(session, services, access.event.id, key, value)
    return JSONResponse(stored)


@router.get("/events/{EventID}/attendees/ids", response_model=list[str])
async def get_attendee_ids(
    access: EventMember,
    session: SessionDep,
    search_term: Annotated[str | None, Query(alias="SearchTerm", max_length=200)] = None,
    last_id: LastIdQuery = None,
    limit: LimitQuery = 100,
) -> list[str]:
    return await service.attendee_ids(session, access.event.id, search_term, last_id, limit)
