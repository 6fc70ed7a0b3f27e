"""Permission-checked loaders of breakout rooms, for REST and the socket alike.

The caller's right to the event is checked first — by a route's policy (`EventMember`,
`EventAdmin`) or, on a socket, by `check_event_member` on the socket's event — so these only
decide whether the room belongs to that event. A room of another event, an activity of another
type and an unknown id are the same 404 `BREAKOUT_ROOM_NOT_FOUND`. Every member may see every
room of the event (there are no drafts), so there is nothing further to hide.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.core.errors import ApiError, ErrorCode


def room_not_found(room_id: str) -> ApiError:
    return ApiError(
        ErrorCode.BREAKOUT_ROOM_NOT_FOUND,
        f"Breakout room {room_id} not found in this event",
        {"RoomID": room_id},
    )


async def access_room(
    session: AsyncSession, event_id: str, room_id: str, *, fresh: bool = False
) -> Activity:
    """The room, a BreakoutRoom of `event_id`. `fresh`: re-read even if the session holds it
    (after taking the room's lock, to see a close that committed meanwhile)."""
    query = select(Activity).where(
        Activity.id == room_id,
        Activity.event_id == event_id,
        Activity.entity_type == EntityType.BREAKOUT_ROOM.value,
    )
    if fresh:
        query = query.execution_options(populate_existing=True)
    room = await session.scalar(query)
    if room is None:
        raise room_not_found(room_id)
    return room


async def event_rooms(session: AsyncSession, event_id: str) -> list[Activity]:
    """Every room of the event, oldest first (ids are time-ordered)."""
    query = select(Activity).where(
        Activity.event_id == event_id, Activity.entity_type == EntityType.BREAKOUT_ROOM.value
    )
    return list((await session.scalars(query.order_by(Activity.id))).all())
