"""Permission-checked loaders for events and what hangs off them.

Routes get their objects only through these functions (or the policies in
`accounts/permissions.py`, which they build on), so the realtime gateway can apply the very same
rules. An object that exists but lies outside the event named in the path is reported as not
found: the caller learns nothing about other events.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import (
    EventAccess,
    Principal,
    check_event_member,
    load_event,
    require_role,
)
from venuely.admins.roles import Role
from venuely.core.errors import ApiError, ErrorCode
from venuely.events.models import Event, MenuItem


async def access_event(session: AsyncSession, principal: Principal, event_id: str) -> EventAccess:
    """The attendee rule: admins of the event, or attendees holding a token for it and admitted
    by its whitelist."""
    return await check_event_member(session, principal, await load_event(session, event_id))


async def access_event_as_admin(
    session: AsyncSession, principal: Principal, event_id: str
) -> EventAccess:
    event = await load_event(session, event_id)
    if not principal.admins_event(event):
        raise ApiError(ErrorCode.FORBIDDEN, "Event admin rights required", {"EventID": event.id})
    return EventAccess(event=event, principal=principal, is_admin=True)


# The settings deciding who gets in are the `people` role's (admins/roles.py); all the others,
# `content`'s. Echoes of read-only fields change nothing.
_ACCESS_FIELDS = frozenset({"IsRestricted", "EmailWhitelist"})
_ECHOES = frozenset({"ID", "CustomerID", "CreatedAt", "UpdatedAt"})


def check_event_update_roles(access: EventAccess, sent: set[str]) -> None:
    """`PUT /events/{EventID}` (`PER_FIELD` in the route table): the roles of the fields sent,
    so the access screen's switch works for `people` alone and settings for `content` alone."""
    if sent & _ACCESS_FIELDS:
        require_role(access, Role.PEOPLE)
    if not sent <= _ACCESS_FIELDS | _ECHOES or not sent:
        require_role(access, Role.CONTENT)


def check_can_delete_event(access: EventAccess) -> None:
    """Deleting an event takes customer or master rights; its own event admins may not."""
    if not access.principal.admins_customer(access.event.customer_id):
        raise ApiError(
            ErrorCode.FORBIDDEN,
            "Deleting an event requires customer or master admin rights",
            {"EventID": access.event.id},
        )


async def access_menu_item(session: AsyncSession, event: Event, item_id: str) -> MenuItem:
    item = await session.scalar(
        select(MenuItem).where(MenuItem.id == item_id, MenuItem.event_id == event.id)
    )
    if item is None:
        raise ApiError(
            ErrorCode.MENU_ITEM_NOT_FOUND,
            f"Menu item {item_id} not found in event {event.id}",
            {"MenuItemID": item_id, "EventID": event.id},
        )
    return item
