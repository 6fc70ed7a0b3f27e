"""Event reads before and after login: metadata, listings, the attendee's public view, requests.

Included before `router.py` so fixed paths such as `/events/past` are matched before
`/events/{EventID}`.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from venuely.accounts.permissions import Authenticated, EventMember, Public, load_event
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.core.pagination import MaxCountQuery, StartIdQuery
from venuely.events import service
from venuely.events.menu_service import navigation
from venuely.events.metadata_cache import metadata_by_name
from venuely.events.pages import public_parts
from venuely.events.requests import create_event_request
from venuely.events.schemas import (
    EventIsolations,
    EventMetadata,
    EventRequestIn,
    EventRequestOut,
    PublicEvent,
)

public_router = APIRouter(tags=["events"])

NamePath = Annotated[str, Path(alias="EventInternalName", min_length=1, max_length=100)]
Search = Annotated[str | None, Query(alias="search", max_length=200)]


@public_router.get("/events/id/{EventID}/metadata", response_model=EventMetadata)
async def get_metadata_by_id(
    _: Public,
    session: SessionDep,
    event_id: Annotated[str, Path(alias="EventID", pattern=ID_PATTERN)],
) -> EventMetadata:
    return service.metadata_out(await load_event(session, event_id))


@public_router.get("/events/name/{EventInternalName}/metadata", response_model=EventMetadata)
async def get_metadata_by_name(_: Public, name: NamePath, services: ServicesDep) -> EventMetadata:
    # Every attendee's login page reads it: kept a moment per process, and read in a unit of
    # work of its own only when missing (metadata_cache.py).
    return await metadata_by_name(services, name)


@public_router.get("/events/name/{EventInternalName}/isolations", response_model=EventIsolations)
async def get_isolations_by_name(_: Public, name: NamePath, session: SessionDep) -> EventIsolations:
    event = await service.find_event_by_name(session, name)
    return EventIsolations(IsUseIsolation=event.is_use_isolation, Isolations=event.isolations)


@public_router.get("/events/getallevents/metadata", response_model=list[EventMetadata])
async def get_all_events_metadata(
    _: Public, session: SessionDep, start_id: StartIdQuery = None, max_count: MaxCountQuery = 1000
) -> list[EventMetadata]:
    events = await service.list_all_events(
        session, listed_only=True, start_id=start_id, limit=max_count
    )
    return [service.metadata_out(e) for e in events]


@public_router.get("/events/past", response_model=list[EventMetadata])
async def get_past_events(
    _: Public,
    session: SessionDep,
    services: ServicesDep,
    search: Search = None,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = 100,
) -> list[EventMetadata]:
    events = await service.list_listed_by_time(
        session, service.Timeframe.PAST, services.clock.now(), search, start_id, max_count
    )
    return [service.metadata_out(e) for e in events]


@public_router.get("/events/upcoming", response_model=list[EventMetadata])
async def get_upcoming_events(
    _: Public,
    session: SessionDep,
    services: ServicesDep,
    search: Search = None,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = 100,
) -> list[EventMetadata]:
    events = await service.list_listed_by_time(
        session, service.Timeframe.UPCOMING, services.clock.now(), search, start_id, max_count
    )
    return [service.metadata_out(e) for e in events]


@public_router.post("/events/event-request", status_code=202, response_model=EventRequestOut)
async def request_event(
    principal: Authenticated, body: EventRequestIn, session: SessionDep, services: ServicesDep
) -> EventRequestOut:
    request = await create_event_request(session, services, principal.person, body)
    return EventRequestOut(RequestID=request.id)


@public_router.get("/events/{EventID}/public", response_model=PublicEvent)
async def get_public_event(access: EventMember, session: SessionDep) -> PublicEvent:
    event = access.event
    return PublicEvent(
        EventID=event.id,
        InternalName=event.internal_name,
        Title=event.title,
        DateBeginUTC=event.date_begin,
        DateEndUTC=event.date_end,
        TimeZone=event.time_zone,
        DefaultLanguage=event.default_language,
        PanoURL=event.pano_url,
        TreasureHuntID=event.treasure_hunt_id,
        EventModules=event.event_modules,
        PanoEventVars=event.pano_event_vars,
        PanoEventModulesVars=event.pano_event_modules_vars,
        PanoCustomVars=event.pano_custom_vars,
        Navigation=await navigation(session, event, include_hidden=access.is_admin),
        DefaultPage=event.default_page,
        **await public_parts(session, event, access.principal.person),
    )
