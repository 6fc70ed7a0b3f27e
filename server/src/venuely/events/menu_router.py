"""HTTP routes for an event's menu (navigation buttons) and its default page."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from venuely.accounts.permissions import EventAdmin
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.events import menu_service
from venuely.events.access import access_menu_item
from venuely.events.menu import DefaultPageIn, MenuItemIn, MenuItemOut
from venuely.events.schemas import EventOut
from venuely.events.service import event_out

menu_router = APIRouter(tags=["menu"])

MenuItemIdPath = Annotated[str, Path(alias="MenuItemID", pattern=ID_PATTERN)]


@menu_router.post("/events/{EventID}/menu", status_code=201, response_model=MenuItemOut)
async def create_menu_item(
    access: EventAdmin, body: MenuItemIn, session: SessionDep, services: ServicesDep
) -> MenuItemOut:
    item = await menu_service.create_menu_item(session, services, access.event, body)
    return menu_service.menu_item_out(item)


# Declared before `/menu/{MenuItemID}` so "default" is not taken for an item id.
@menu_router.put("/events/{EventID}/menu/default", response_model=EventOut)
async def set_default_menu_item(
    access: EventAdmin, body: DefaultPageIn, session: SessionDep, services: ServicesDep
) -> EventOut:
    await menu_service.set_default_page(session, services, access.event, body.ID)
    return event_out(access.event)


@menu_router.put("/events/{EventID}/menu/{MenuItemID}", response_model=MenuItemOut)
async def update_menu_item(
    access: EventAdmin,
    item_id: MenuItemIdPath,
    body: MenuItemIn,
    session: SessionDep,
    services: ServicesDep,
) -> MenuItemOut:
    item = await access_menu_item(session, access.event, item_id)
    item = await menu_service.update_menu_item(session, services, item, body)
    return menu_service.menu_item_out(item)


@menu_router.delete("/events/{EventID}/menu/{MenuItemID}", status_code=204)
async def delete_menu_item(
    access: EventAdmin, item_id: MenuItemIdPath, session: SessionDep, services: ServicesDep
) -> Response:
    item = await access_menu_item(session, access.event, item_id)
    await menu_service.delete_menu_item(session, services, access.event, item)
    return Response(status_code=204)
