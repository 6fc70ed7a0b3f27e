"""What a relation may name: objects of its own event.

A relation's ParentID and ChildID are free strings, so features can relate anything. For the
types the product knows, the named object must belong to the relation's event: without that, an
organizer of one event could relate another customer's chat room or person to theirs and read the
person's name and picture back through `GET /personsbyrelation`. Features declare their types
(`register_reference`: chat its rooms, activities each entity type); persons and the event itself
are checked here. Types nobody declared (an organizer's own) stay free.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from sqlalchemy import exists, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.admins.models import Admin, AdminType
from venuely.core.errors import ApiError, ErrorCode
from venuely.events.models import Attendee, Event

# (session, event id, referenced id) -> whether that object belongs to the event.
ReferenceCheck = Callable[[AsyncSession, str, str], Awaitable[bool]]

_CHECKS: dict[str, ReferenceCheck] = {}


def register_reference(type_name: str, check: ReferenceCheck) -> None:
    _CHECKS[type_name] = check


async def _is_event(_session: AsyncSession, event_id: str, ref: str) -> bool:
    return ref == event_id


async def _is_person_of_event(session: AsyncSession, event_id: str, ref: str) -> bool:
    """An attendee of the event, or one of its organizers (moderators may be either)."""
    event = await session.get(Event, event_id)
    if event is None:
        return False
    attendee = exists().where(Attendee.event_id == event_id, Attendee.person_id == ref)
    organizer = exists().where(
        Admin.person_id == ref,
        or_(
            Admin.admin_type == AdminType.MASTER.value,
            (Admin.admin_type == AdminType.CUSTOMER.value)
            & (Admin.customer_id == event.customer_id),
            (Admin.admin_type == AdminType.EVENT.value) & (Admin.event_id == event_id),
        ),
    )
    return bool(await session.scalar(select(or_(attendee, organizer))))


register_reference("Event", _is_event)
register_reference("Person", _is_person_of_event)


async def check_references(
    session: AsyncSession, event_id: str, sides: tuple[tuple[str, str, str], ...]
) -> None:
    """`sides`: (field name, type, id) for the parent and the child. 422 naming the field whose
    object is not part of the event (or does not exist: the two are not told apart)."""
    for field, type_name, ref in sides:
        check = _CHECKS.get(type_name)
        if check is not None and not await check(session, event_id, ref):
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                f"{field} names no {type_name} of this event",
                {field: ref},
            )
