"""Organizers' side of the items: hide one at a node, change it, remove it.

An item's `NodeID` must name a node of the event's current tour (its id or custom id, as the
attendee app finds rooms) when the server can know the tour's nodes, that is when the event's
PanoURL is a tour version stored here (`events.prepublish.tour`); an event without a tour or
with a tour the server does not hold takes any node id (the organizer may upload the tour
later). A hunt holds at most `MAX_ITEMS` items.

Changing an item's points, or deleting it (its finds go with it, by the foreign key), changes
what people's finds are worth: the hunt's scores are recomputed in the same transaction
(`scores.recompute`).
"""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.db import begin_write
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.events.prepublish.context import CheckContext
from venuely.events.prepublish.tour import TourNodes, tour_nodes
from venuely.files.storage import Storage
from venuely.treasurehunt.hunts import Hunt
from venuely.treasurehunt.models import TreasureHuntItem as Item
from venuely.treasurehunt.models import TreasureHuntScore
from venuely.treasurehunt.schemas import ItemIn, ItemPatch
from venuely.treasurehunt.scores import Changes, recompute

MAX_ITEMS = 200
# The tour's nodes cannot be known: every node id is taken.
ANY_NODE = TourNodes(None, "the event's tour is not stored here")


async def event_nodes(
    session: AsyncSession, storage: Storage, services: Services, event: Event
) -> TourNodes:
    """The node ids of the event's tour, or `ANY_NODE` when it has none the server holds."""
    if not event.pano_url:
        return ANY_NODE
    return await tour_nodes(CheckContext(session, storage, services.settings, event, []))


def _check_node(nodes: TourNodes, node_id: str) -> None:
    if nodes.known is None or nodes.has(node_id):
        return
    raise ApiError(
        ErrorCode.VALIDATION_ERROR,
        f"NodeID '{node_id}' is not a node of the event's tour",
        {"Name": "NodeID", "NodeID": node_id},
    )


async def create_item(
    session: AsyncSession, services: Services, hunt: Hunt, body: ItemIn, nodes: TourNodes
) -> Item:
    _check_node(nodes, body.NodeID)
    # The count below must stay true until the commit: SQLite's write turn, PostgreSQL's lock
    # on the event row (organizers placing items at once take turns; NO KEY, so rows that only
    # reference the event, finds' scores among them, do not wait for it).
    await begin_write(session)
    event_row = select(Event.id).where(Event.id == hunt.event_id)
    await session.execute(event_row.with_for_update(key_share=True))
    where = (Item.event_id == hunt.event_id, Item.hunt_id == hunt.id)
    count, last = (
        await session.execute(select(func.count(), func.max(Item.sort)).where(*where))
    ).one()
    if int(count) >= MAX_ITEMS:
        raise ApiError(
            ErrorCode.TREASURE_HUNT_FULL,
            f"A treasure hunt holds at most {MAX_ITEMS} items",
            {"TreasureHuntID": hunt.id, "MaxItems": MAX_ITEMS},
        )
    now = services.clock.now()
    item = Item(
        event_id=hunt.event_id,
        hunt_id=hunt.id,
        node_id=body.NodeID,
        yaw=body.Yaw,
        pitch=body.Pitch,
        name=body.Name,
        clue=body.Clue,
        points=body.Points,
        sort=body.Sort if body.Sort is not None else (0 if last is None else int(last) + 1),
        created_at=now,
        updated_at=now,
    )
    session.add(item)
    await session.flush()
    return item


async def update_item(
    session: AsyncSession,
    services: Services,
    hunt: Hunt,
    item: Item,
    body: ItemPatch,
    nodes: TourNodes,
) -> Changes | None:
    """Apply the fields sent; the recomputed scores when the points changed, else None."""
    if body.NodeID is not None and body.NodeID != item.node_id:
        _check_node(nodes, body.NodeID)
    await begin_write(session)
    sent = body.model_dump(exclude_none=True)
    columns = {"NodeID": "node_id", "Yaw": "yaw", "Pitch": "pitch", "Name": "name"}
    columns |= {"Clue": "clue", "Points": "points", "Sort": "sort"}
    repriced = "Points" in sent and sent["Points"] != item.points
    for field, column in columns.items():
        if field in sent:
            setattr(item, column, sent[field])
    item.updated_at = services.clock.now()
    await session.flush()
    return await recompute(session, services, hunt) if repriced else None


async def delete_item(session: AsyncSession, services: Services, hunt: Hunt, item: Item) -> Changes:
    """Remove the item and its finds (foreign key), then everyone's score without it."""
    await begin_write(session)
    await session.execute(delete(Item).where(Item.id == item.id))
    session.expunge(item)
    return await recompute(session, services, hunt)


async def forget_hunt(session: AsyncSession, event_id: str, hunt_id: str) -> None:
    """A deleted hunt's items (their finds with them) and scores."""
    await session.execute(delete(Item).where(Item.event_id == event_id, Item.hunt_id == hunt_id))
    await session.execute(
        delete(TreasureHuntScore).where(
            TreasureHuntScore.event_id == event_id, TreasureHuntScore.hunt_id == hunt_id
        )
    )
