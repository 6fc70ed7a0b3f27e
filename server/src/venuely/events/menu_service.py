"""Writes on an event's menu and its default page, and the navigation the attendee app reads."""

from __future__ import annotations

from sqlalchemy import bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID, new_id
from venuely.core.services import Services
from venuely.events.access import access_menu_item
from venuely.events.menu import MenuItemOut, MenuItemVariant, item_document, item_out
from venuely.events.models import Event, MenuItem


def menu_item_out(item: MenuItem) -> MenuItemOut:
    return item_out(item.id, item.document)


async def create_menu_item(
    session: AsyncSession, services: Services, event: Event, body: MenuItemVariant
) -> MenuItem:
    now = services.clock.now()
    item = MenuItem(
        id=new_id(),
        event_id=event.id,
        position=body.Position,
        index=body.Index,
        is_visible=body.IsVisible,
        type=body.Type,
        document=item_document(body),
        created_at=now,
        updated_at=now,
    )
    session.add(item)
    await session.flush()
    return item


async def update_menu_item(
    session: AsyncSession, services: Services, item: MenuItem, body: MenuItemVariant
) -> MenuItem:
    if body.ID is not None and item.id != body.ID:
        raise ApiError(ErrorCode.VALIDATION_ERROR, "ID does not match the path", {"ID": body.ID})
    item.position = body.Position
    item.index = body.Index
    item.is_visible = body.IsVisible
    item.type = body.Type
    item.document = item_document(body)
    item.updated_at = services.clock.now()
    await session.flush()
    return item


async def delete_menu_item(
    session: AsyncSession, services: Services, event: Event, item: MenuItem
) -> None:
    # A default page pointing at nothing would send every attendee to a dead route.
    if event.default_page == item.id:
        event.default_page = NULL_ID
        event.updated_at = services.clock.now()
    await session.delete(item)
    await session.flush()


async def set_default_page(
    session: AsyncSession, services: Services, event: Event, item_id: str
) -> None:
    if item_id != NULL_ID:
        await access_menu_item(session, event, item_id)
    event.default_page = item_id
    event.updated_at = services.clock.now()
    await session.flush()


async def navigation(
    session: AsyncSession, event: Event, *, include_hidden: bool
) -> list[MenuItemOut]:
    """Items by Index descending, as the attendee app shows them. Attendees never receive
    hidden items (they may be drafts); admins get all of them to preview and edit."""
    query = _NAVIGATION_ALL if include_hidden else _NAVIGATION_VISIBLE
    rows = await session.scalars(query, {"event_id": event.id})
    return [menu_item_out(item) for item in rows.all()]


# Built once: every attendee's app reads the navigation with the public view, and a statement
# built per call costs its construction and its cache-key walk each time.
_NAVIGATION_ALL = (
    select(MenuItem)
    .where(MenuItem.event_id == bindparam("event_id"))
    .order_by(MenuItem.index.desc(), MenuItem.id)
)
_NAVIGATION_VISIBLE = _NAVIGATION_ALL.where(MenuItem.is_visible.is_(True))
