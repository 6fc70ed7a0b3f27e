"""What the read routes answer: the event's hunts with the caller's score in each, a hunt's
items with what the caller found, and the caller's own standing in a hunt. A few statements
per answer whatever the number of items or players."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.events.models import Event
from venuely.treasurehunt.hunts import Hunt, event_hunts
from venuely.treasurehunt.models import TreasureHuntFind as Find
from venuely.treasurehunt.models import TreasureHuntItem as Item
from venuely.treasurehunt.models import TreasureHuntScore as Score
from venuely.treasurehunt.rankings import rank_of
from venuely.treasurehunt.schemas import HuntOut, ItemOut, MeOut


def item_out(item: Item, *, found: bool, found_count: int | None) -> ItemOut:
    return ItemOut(
        ID=item.id,
        HuntID=item.hunt_id,
        NodeID=item.node_id,
        Yaw=item.yaw,
        Pitch=item.pitch,
        Name=item.name,
        Clue=item.clue,
        Points=item.points,
        Sort=item.sort,
        Found=found,
        FoundCount=found_count,
    )


@dataclass(frozen=True, slots=True)
class Finds:
    total: int  # how many people found the item
    mine: bool  # the caller is one of them


async def count_finds(session: AsyncSession, item_id: str, person_id: str) -> Finds:
    mine = case((Find.person_id == person_id, 1), else_=0)
    total, found = (
        await session.execute(
            select(func.count(), func.coalesce(func.max(mine), 0)).where(Find.item_id == item_id)
        )
    ).one()
    return Finds(total=int(total), mine=bool(found))


async def hunts_out(
    session: AsyncSession, event: Event, person_id: str, now: datetime
) -> list[HuntOut]:
    """Each hunt of the event (the main one first) with its item count and the person's score
    and finds in it."""
    hunts = await event_hunts(session, event)
    count_rows = await session.execute(
        select(Item.hunt_id, func.count()).where(Item.event_id == event.id).group_by(Item.hunt_id)
    )
    counts = {hunt_id: int(count) for hunt_id, count in count_rows.all()}
    score_rows = await session.execute(
        select(Score.hunt_id, Score.score, Score.found).where(
            Score.event_id == event.id, Score.person_id == person_id
        )
    )
    mine = {hunt_id: (score, found) for hunt_id, score, found in score_rows.all()}
    return [
        HuntOut(
            ID=hunt.id,
            Title=hunt.title,
            IsMain=hunt.is_main,
            IsOpen=hunt.is_open(now),
            DateBegin=hunt.date_begin,
            DateEnd=hunt.date_end,
            ItemCount=counts.get(hunt.id, 0),
            MyScore=mine.get(hunt.id, (0, 0))[0],
            MyFound=mine.get(hunt.id, (0, 0))[1],
        )
        for hunt in hunts
    ]


async def items_out(
    session: AsyncSession, hunt: Hunt, person_id: str, *, for_admin: bool
) -> list[ItemOut]:
    """The hunt's items in their order, `Found` for the caller, `FoundCount` for organizers."""
    items = (
        await session.scalars(
            select(Item)
            .where(Item.event_id == hunt.event_id, Item.hunt_id == hunt.id)
            .order_by(Item.sort, Item.id)
        )
    ).all()
    found = set(
        (
            await session.scalars(
                select(Find.item_id).where(
                    Find.event_id == hunt.event_id,
                    Find.hunt_id == hunt.id,
                    Find.person_id == person_id,
                )
            )
        ).all()
    )
    counts: dict[str, int] = {}
    if for_admin:
        rows = await session.execute(
            select(Find.item_id, func.count())
            .where(Find.event_id == hunt.event_id, Find.hunt_id == hunt.id)
            .group_by(Find.item_id)
        )
        counts = {item_id: int(count) for item_id, count in rows.all()}
    return [
        item_out(
            item,
            found=item.id in found,
            found_count=counts.get(item.id, 0) if for_admin else None,
        )
        for item in items
    ]


async def me_out(session: AsyncSession, hunt: Hunt, person_id: str) -> MeOut:
    row = await session.get(Score, (hunt.event_id, hunt.id, person_id), populate_existing=True)
    items = await items_out(session, hunt, person_id, for_admin=False)
    return MeOut(
        HuntID=hunt.id,
        Score=row.score if row else 0,
        Found=row.found if row else 0,
        Rank=await rank_of(session, row) if row else None,
        Hidden=row.hidden if row else False,
        ItemCount=len(items),
        FoundItemIDs=[item.ID for item in items if item.Found],
    )
