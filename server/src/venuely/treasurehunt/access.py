"""Permission-checked loaders of the treasure hunt: a hunt of the caller's event, an item of
that hunt.

Routes pass `EventMember` or `EventAdmin` first, so the event is the caller's; these loaders
then make sure every id in the path belongs to it. An item of another hunt or another event is
the same 404 `TREASURE_ITEM_NOT_FOUND` as one that does not exist, so ids cannot be probed
across events.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.core.errors import ApiError, ErrorCode
from venuely.treasurehunt.hunts import Hunt, load_hunt
from venuely.treasurehunt.models import TreasureHuntItem
from venuely.treasurehunt.rankings import Viewer


def item_not_found(item_id: str) -> ApiError:
    return ApiError(
        ErrorCode.TREASURE_ITEM_NOT_FOUND,
        "No such item in this treasure hunt",
        {"ItemID": item_id},
    )


def already_found(item_id: str) -> ApiError:
    return ApiError(
        ErrorCode.TREASURE_ITEM_ALREADY_FOUND,
        "You found this item already: it counts once",
        {"ItemID": item_id},
    )


async def access_hunt(session: AsyncSession, access: EventAccess, hunt_id: str) -> Hunt:
    """A hunt of the caller's event (404 NOT_FOUND otherwise, naming `TreasureHuntID`)."""
    return await load_hunt(session, access.event, hunt_id)


async def load_item(session: AsyncSession, hunt: Hunt, item_id: str) -> TreasureHuntItem:
    item = await session.scalar(
        select(TreasureHuntItem).where(
            TreasureHuntItem.id == item_id,
            TreasureHuntItem.event_id == hunt.event_id,
            TreasureHuntItem.hunt_id == hunt.id,
        )
    )
    if item is None:
        raise item_not_found(item_id)
    return item


def viewer_of(access: EventAccess) -> Viewer:
    # A preview token (an organizer seeing the event as an attendee) is no admin: it sees the
    # board as attendees do.
    return Viewer(person_id=access.principal.person_id, is_admin=access.is_admin)
