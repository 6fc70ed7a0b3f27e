"""Business rules for events: create, update, delete, lists, whitelist, values, attendee ids.

Functions here take an already permission-checked object (see `access.py`) and do the writes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import Select, and_, delete, exists, func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.admins.models import Admin
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID, new_id
from venuely.core.pagination import Key, keyset_page, page_by_id
from venuely.core.services import Services
from venuely.events.models import Attendee, Customer, Event, EventValue, WhitelistEntry
from venuely.events.schemas import (
    EventCreate,
    EventMetadata,
    EventOut,
    EventUpdate,
    TrackingOut,
)
from venuely.panoramas.urls import parse_tour_url

EventHook = Callable[[AsyncSession, Services, Event], Awaitable[None]]

# Features that own something per event register here instead of this module importing them
# (the chat feature will add the event's broadcast room). Hooks run inside the creating
# transaction, so a failing hook leaves no half-made event behind.
on_event_created: list[EventHook] = []


def register_event_created(hook: EventHook) -> EventHook:
    on_event_created.append(hook)
    return hook


# Maps wire names to columns for the settings create and update share.
_FIELD_COLUMNS = {
    "Title": "title",
    "InternalName": "internal_name",
    "DateBeginUTC": "date_begin",
    "DateEndUTC": "date_end",
    "Description": "description",
    "TimeZone": "time_zone",
    "DefaultLanguage": "default_language",
    "IsListed": "is_listed",
    "IsRestricted": "is_restricted",
    "IsUseIsolation": "is_use_isolation",
    "Isolations": "isolations",
    "Tracking": "tracking",
    "PanoURL": "pano_url",
    "TreasureHuntID": "treasure_hunt_id",
    "EventModules": "event_modules",
    "PanoEventVars": "pano_event_vars",
    "PanoEventModulesVars": "pano_event_modules_vars",
    "PanoCustomVars": "pano_custom_vars",
    "ChatRetentionDays": "chat_retention_days",
}


def event_out(event: Event) -> EventOut:
    pano = parse_tour_url(event.pano_url)
    return EventOut(
        ID=event.id,
        CustomerID=event.customer_id,
        InternalName=event.internal_name,
        Title=event.title,
        Description=event.description,
        DateBeginUTC=event.date_begin,
        DateEndUTC=event.date_end,
        TimeZone=event.time_zone,
        DefaultLanguage=event.default_language,
        IsListed=event.is_listed,
        IsRestricted=event.is_restricted,
        IsUseIsolation=event.is_use_isolation,
        Isolations=list(event.isolations),
        Tracking=dict(event.tracking),
        DefaultPage=event.default_page,
        PanoURL=event.pano_url,
        TreasureHuntID=event.treasure_hunt_id,
        EventModules=dict(event.event_modules),
        PanoEventVars=dict(event.pano_event_vars),
        PanoEventModulesVars=dict(event.pano_event_modules_vars),
        PanoCustomVars=dict(event.pano_custom_vars),
        CreatedAt=event.created_at,
        UpdatedAt=event.updated_at,
        PanoID=pano[0] if pano else None,
        PanoVersion=pano[1] if pano else None,
        ChatRetentionDays=event.chat_retention_days,
    )


def metadata_out(event: Event) -> EventMetadata:
    tracking = event.tracking or {}
    return EventMetadata(
        EventID=event.id,
        InternalName=event.internal_name,
        Title=event.title,
        DefaultLanguage=event.default_language,
        IsUseIsolation=event.is_use_isolation,
        Isolations=list(event.isolations),
        CustomerID=event.customer_id,
        Tracking=TrackingOut(
            URL=str(tracking.get("URL", "")), SiteID=str(tracking.get("SiteID", ""))
        ),
        DateBeginUTC=event.date_begin,
        DateEndUTC=event.date_end,
        TimeZone=event.time_zone,
    )


def _column_values(body: EventCreate | EventUpdate, fields: Sequence[str]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    dumped = body.model_dump(mode="python")
    for name in fields:
        column = _FIELD_COLUMNS.get(name)
        if column is not None:
            values[column] = dumped[name]
    return values


async def _check_name_free(session: AsyncSession, name: str, event_id: str | None) -> None:
    query = select(Event.id).where(Event.internal_name == name)
    if event_id is not None:
        query = query.where(Event.id != event_id)
    if await session.scalar(query) is not None:
        raise _name_taken(name)


def _name_taken(name: str) -> ApiError:
    return ApiError(
        ErrorCode.INTERNAL_NAME_TAKEN,
        f"An event named '{name}' already exists",
        {"InternalName": name},
    )


async def _flush_checking_name(session: AsyncSession, name: str) -> None:
    # The query before is the friendly check; the unique index settles a concurrent race.
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError as exc:
        raise _name_taken(name) from exc


async def create_event(
    session: AsyncSession, services: Services, customer: Customer, body: EventCreate
) -> Event:
    await _check_name_free(session, body.InternalName, None)
    from venuely.panoramas.service import check_event_pano_url

    await check_event_pano_url(session, customer.id, body.PanoURL)
    now = services.clock.now()
    event = Event(
        id=new_id(),
        customer_id=customer.id,
        created_at=now,
        updated_at=now,
        default_page=NULL_ID,
        **_column_values(body, list(_FIELD_COLUMNS)),
    )
    session.add(event)
    await _flush_checking_name(session, event.internal_name)
    if body.EmailWhitelist is not None:
        await replace_whitelist(session, event.id, body.EmailWhitelist)
    for hook in on_event_created:
        await hook(session, services, event)
    return event


async def update_event(
    session: AsyncSession,
    services: Services,
    event: Event,
    body: EventUpdate,
    *,
    before_commit: EventHook | None = None,
) -> Event:
    """`before_commit` sees the event with every change flushed and may still refuse them all
    (listing an event runs the pre-publish check there)."""
    sent = body.model_fields_set
    if body.ID is not None and event.id != body.ID:
        raise ApiError(ErrorCode.VALIDATION_ERROR, "ID does not match the path", {"ID": body.ID})
    if body.CustomerID is not None and body.CustomerID != event.customer_id:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "An event cannot move to another customer",
            {"CustomerID": body.CustomerID},
        )
    values = _column_values(body, [name for name in sent if name in _FIELD_COLUMNS])
    begin = values.get("date_begin", event.date_begin)
    end = values.get("date_end", event.date_end)
    if end <= begin:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "DateEndUTC must be after DateBeginUTC",
            {"DateBeginUTC": begin.isoformat(), "DateEndUTC": end.isoformat()},
        )
    if "internal_name" in values and values["internal_name"] != event.internal_name:
        await _check_name_free(session, values["internal_name"], event.id)
    await _apply_pano(session, event, body, values)
    old_pano_vars = dict(event.pano_event_vars)
    if body.DefaultPage is not None and body.DefaultPage != event.default_page:
        from venuely.events.menu_service import set_default_page

        await set_default_page(session, services, event, body.DefaultPage)
    for column, value in values.items():
        setattr(event, column, value)
    event.updated_at = services.clock.now()
    await _flush_checking_name(session, event.internal_name)
    if body.EmailWhitelist is not None:
        await replace_whitelist(session, event.id, body.EmailWhitelist)
    if before_commit is not None:
        await before_commit(session, services, event)
    if dict(event.pano_event_vars) != old_pano_vars:
        # PANO_EVENT_VAR_SYNC only signals a committed state (architecture.md §5).
        from venuely.panoramas.sync import publish_event_vars

        await session.commit()
        await publish_event_vars(services, event.id, dict(event.pano_event_vars))
    return event


async def _apply_pano(
    session: AsyncSession, event: Event, body: EventUpdate, values: dict[str, Any]
) -> None:
    """PanoID + PanoVersion select a stored tour version (PanoURL follows); a PanoURL under
    /tours/ must name a version of this event's customer."""
    from venuely.panoramas.service import check_event_pano, check_event_pano_url

    if body.PanoID is not None or body.PanoVersion is not None:
        if body.PanoID is None or body.PanoVersion is None:
            missing = "PanoVersion" if body.PanoVersion is None else "PanoID"
            raise ApiError(
                ErrorCode.MISSING_PARAMETER,
                f"Missing required parameter {missing}: PanoID and PanoVersion go together",
                {"Parameters": [missing]},
            )
        values["pano_url"] = await check_event_pano(
            session, event.customer_id, body.PanoID, body.PanoVersion
        )
    elif "pano_url" in values and values["pano_url"] != event.pano_url:
        await check_event_pano_url(session, event.customer_id, values["pano_url"])


async def delete_event(session: AsyncSession, event: Event) -> None:
    # Admin grants name events without a foreign key (they outlive nothing but the event).
    await session.execute(delete(Admin).where(Admin.event_id == event.id))
    await session.delete(event)
    await session.flush()


def search_events(query: Select[Event], search: str | None) -> Select[Event]:
    """Events whose title or internal name contains `search` (case-insensitive)."""
    if not search:
        return query
    term = search.strip().lower()
    return query.where(
        or_(
            func.lower(Event.title).contains(term, autoescape=True),
            Event.internal_name.contains(term, autoescape=True),
        )
    )


# Public listings show listed events of customers that are not disabled: a disabled customer's
# events refuse attendees (customers/status.py), so advertising them would only lead to a refusal.
_LISTED = and_(
    Event.is_listed.is_(True),
    ~exists().where(Customer.id == Event.customer_id, Customer.is_disabled.is_(True)),
)


async def list_customer_events(
    session: AsyncSession, customer_id: str, search: str | None, start_id: str | None, limit: int
) -> list[Event]:
    query = search_events(select(Event).where(Event.customer_id == customer_id), search)
    return list((await session.scalars(page_by_id(query, Event.id, start_id, limit))).all())


async def list_all_events(
    session: AsyncSession, *, listed_only: bool, start_id: str | None, limit: int
) -> list[Event]:
    query = select(Event)
    if listed_only:
        query = query.where(_LISTED)
    return list((await session.scalars(page_by_id(query, Event.id, start_id, limit))).all())


class Timeframe(StrEnum):
    PAST = "past"
    UPCOMING = "upcoming"


async def list_listed_by_time(
    session: AsyncSession,
    timeframe: Timeframe,
    now: datetime,
    search: str | None,
    start_id: str | None,
    limit: int,
) -> list[Event]:
    """Listed events that ended before `now` (most recent first) or have not yet ended
    (soonest first). Paging continues after the event `start_id`, in the same order."""
    query = select(Event).where(_LISTED)
    return await page_by_time(session, query, timeframe, now, search, start_id, limit)


async def page_by_time(
    session: AsyncSession,
    query: Select[Event],
    timeframe: Timeframe | None,
    now: datetime,
    search: str | None,
    start_id: str | None,
    limit: int,
) -> list[Event]:
    """A page of `query`'s events: past ones (ended before `now`, most recent first), upcoming
    ones (not yet ended, soonest first), or all by begin; after the event `start_id`."""
    past = timeframe is Timeframe.PAST
    if timeframe is not None:
        query = query.where(Event.date_end < now if past else Event.date_end >= now)
    keys = (Key(Event.date_begin, descending=past), Key(Event.id, descending=past))
    cursor = None
    if start_id:
        anchor = await session.get(Event, start_id)
        if anchor is not None:  # an unknown StartID gets the first page
            cursor = (anchor.date_begin, anchor.id)
    page = keyset_page(search_events(query, search), keys, cursor, limit)
    return list((await session.scalars(page)).all())


async def find_event_by_name(session: AsyncSession, name: str) -> Event:
    event = await session.scalar(select(Event).where(Event.internal_name == name.strip().lower()))
    if event is None:
        raise ApiError(
            ErrorCode.EVENT_NOT_FOUND, f"Event '{name}' not found", {"InternalName": name}
        )
    return event


async def whitelist_entries(session: AsyncSession, event_id: str) -> list[str]:
    rows = await session.scalars(
        select(WhitelistEntry.entry)
        .where(WhitelistEntry.event_id == event_id)
        .order_by(WhitelistEntry.entry)
    )
    return list(rows.all())


async def replace_whitelist(session: AsyncSession, event_id: str, entries: Sequence[str]) -> None:
    """Entries arrive validated and normalized; duplicates collapse to one row."""
    await session.execute(delete(WhitelistEntry).where(WhitelistEntry.event_id == event_id))
    session.add_all(WhitelistEntry(event_id=event_id, entry=e) for e in sorted(set(entries)))
    await session.flush()


async def get_value(session: AsyncSession, event_id: str, key: str) -> Any:
    row = await session.get(EventValue, (event_id, key))
    if row is None:
        raise ApiError(ErrorCode.VALUE_NOT_FOUND, f"No value '{key}' for this event", {"Key": key})
    return row.value


async def set_value(
    session: AsyncSession, services: Services, event_id: str, key: str, value: Any
) -> Any:
    now = services.clock.now()
    row = await session.get(EventValue, (event_id, key))
    if row is not None:
        row.value, row.updated_at = value, now
        await session.flush()
        return value
    try:
        async with session.begin_nested():
            session.add(EventValue(event_id=event_id, key=key, value=value, updated_at=now))
    except IntegrityError:  # written concurrently: last writer wins, as for an update
        row = await session.get(EventValue, (event_id, key), populate_existing=True)
        assert row is not None
        row.value, row.updated_at = value, now
        await session.flush()
    return value


async def attendee_ids(
    session: AsyncSession, event_id: str, search: str | None, last_id: str | None, limit: int
) -> list[str]:
    query = (
        select(Attendee.person_id)
        .join(Person, Person.id == Attendee.person_id)
        .where(Attendee.event_id == event_id)
    )
    if search and search.strip():
        term = search.strip().lower()
        full_name = func.lower(Person.first_name + " " + Person.last_name)
        query = query.where(full_name.contains(term, autoescape=True))
    rows = await session.scalars(page_by_id(query, Attendee.person_id, last_id, limit))
    return list(rows.all())
