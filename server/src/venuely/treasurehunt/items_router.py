"""HTTP routes of a hunt's items: list them (members), place, change and remove them
(organizers), and find one (members; organizers may play too). Included by `router.py`.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.core.db import begin_write
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.files.service import StorageDep
from venuely.treasurehunt import items, scores
from venuely.treasurehunt.access import access_hunt, load_item
from venuely.treasurehunt.hunts import hunt_closed
from venuely.treasurehunt.notify import deliver
from venuely.treasurehunt.schemas import FindOut, ItemIn, ItemOut, ItemPatch
from venuely.treasurehunt.views import count_finds, item_out, items_out

items_router = APIRouter(tags=["treasurehunt"])

BASE = "/events/{EventID}/treasure-hunts"
HUNT = BASE + "/{TreasureHuntID}"
ITEMS = HUNT + "/items"
ITEM = ITEMS + "/{ItemID}"

HuntIdPath = Annotated[str, Path(alias="TreasureHuntID", pattern=ID_PATTERN)]
ItemIdPath = Annotated[str, Path(alias="ItemID", pattern=ID_PATTERN)]


@items_router.get(ITEMS, response_model=list[ItemOut])
async def list_items(
    access: EventMember, hunt_id: HuntIdPath, session: SessionDep
) -> list[ItemOut]:
    """The hunt's items in order, whether the caller found each; organizers also get how many
    people found each (`FoundCount`, null for everyone else)."""
    hunt = await access_hunt(session, access, hunt_id)
    person_id = access.principal.person_id
    return await items_out(session, hunt, person_id, for_admin=access.is_admin)


@items_router.post(ITEMS, response_model=ItemOut, status_code=201)
async def create_item(
    access: EventAdmin,
    hunt_id: HuntIdPath,
    body: ItemIn,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> ItemOut:
    """Hide an item at a node of the event's tour."""
    hunt = await access_hunt(session, access, hunt_id)
    nodes = await items.event_nodes(session, storage, services, access.event)
    item = await items.create_item(session, services, hunt, body, nodes)
    await session.commit()
    return item_out(item, found=False, found_count=0)


@items_router.put(ITEM, response_model=ItemOut)
async def update_item(
    access: EventAdmin,
    hunt_id: HuntIdPath,
    item_id: ItemIdPath,
    body: ItemPatch,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> ItemOut:
    """Change the fields sent; new points recompute every score of the hunt."""
    hunt = await access_hunt(session, access, hunt_id)
    item = await load_item(session, hunt, item_id)
    nodes = await items.event_nodes(session, storage, services, access.event)
    changes = await items.update_item(session, services, hunt, item, body, nodes)
    await session.commit()
    if changes is not None:
        await deliver(services, changes)
    found = await count_finds(session, item.id, access.principal.person_id)
    return item_out(item, found=found.mine, found_count=found.total)


@items_router.delete(ITEM, status_code=204)
async def delete_item(
    access: EventAdmin,
    hunt_id: HuntIdPath,
    item_id: ItemIdPath,
    session: SessionDep,
    services: ServicesDep,
) -> Response:
    """Remove the item; the finds of it go, and every score of the hunt is recomputed."""
    hunt = await access_hunt(session, access, hunt_id)
    item = await load_item(session, hunt, item_id)
    changes = await items.delete_item(session, services, hunt, item)
    await session.commit()
    await deliver(services, changes)
    return Response(status_code=204)


@items_router.post(ITEM + "/find", response_model=FindOut, status_code=201)
async def find_item(
    access: EventMember,
    hunt_id: HuntIdPath,
    item_id: ItemIdPath,
    session: SessionDep,
    services: ServicesDep,
) -> FindOut:
    """The caller opened the item: credited once (409 TREASURE_ITEM_ALREADY_FOUND after), while
    the hunt is open (409 TREASURE_HUNT_CLOSED otherwise)."""
    # SQLite: the write turn before reading what the find decides on (PostgreSQL locks rows).
    await begin_write(session)
    hunt = await access_hunt(session, access, hunt_id)
    item = await load_item(session, hunt, item_id)
    now = services.clock.now()
    if not hunt.is_open(now):
        raise hunt_closed(hunt, now)
    found = await scores.record_find(session, services, hunt, item, access.principal.person_id)
    await session.commit()
    await deliver(services, found.changes)
    score = found.score
    return FindOut(
        ItemID=item.id, Points=item.points, Score=score.score, Found=score.found, Rank=found.rank
    )
