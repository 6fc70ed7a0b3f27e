"""Business rules of room definitions and organizers' actions (docs/subsystems/breakouts.md);
presence is `presence.py`.

A room's definition is an Activity of type BreakoutRoom written through the activities service,
so the generic activity routes and these store the same document and reach the same change hook
(`notify.py`). Closing empties the room in the same transaction that closes it: a join waiting
for the room's lock then finds it closed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.activities import service as activities
from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import BreakoutRoomIn
from venuely.activities.sync import commit_and_publish
from venuely.breakouts.access import event_rooms
from venuely.breakouts.changes import announce
from venuely.breakouts.frames import CallInfo
from venuely.breakouts.models import BreakoutRoomRow
from venuely.breakouts.occupancy import Seats, seats_of
from venuely.breakouts.presence import evict
from venuely.breakouts.rooms import ensure_room
from venuely.breakouts.schemas import BroadcastOut, PostedMessage, RoomView
from venuely.breakouts.state import CLOSED, OPEN, definition_of, state_of
from venuely.chat.messages import check_text, post_message
from venuely.chat.models import Chatroom
from venuely.chat.publish import Effect, deliver
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event

# -- reading -----------------------------------------------------------------------------------


async def views(
    session: AsyncSession, access: EventAccess, rooms: Sequence[Activity], now: datetime
) -> list[RoomView]:
    seats = await seats_of(session, rooms)
    chats: dict[str, str | None] = {}
    if rooms:
        rows = await session.execute(
            select(BreakoutRoomRow.room_id, BreakoutRoomRow.chatroom_id).where(
                BreakoutRoomRow.room_id.in_([room.id for room in rooms])
            )
        )
        chats = {row.room_id: row.chatroom_id for row in rows.all()}
    me = access.principal.person_id
    return [
        _view(
            room,
            seats[room.id],
            chats.get(room.id),
            now,
            access.is_admin or me in seats[room.id].person_ids,
        )
        for room in rooms
    ]


def _view(
    room: Activity, seats: Seats, chatroom_id: str | None, now: datetime, with_call: bool
) -> RoomView:
    definition = definition_of(room)
    call = definition.call
    return RoomView(
        ID=room.id,
        EventID=room.event_id,
        InternalName=room.internal_name,
        Title=definition.title,
        Topic=definition.topic,
        Capacity=definition.capacity,
        State=state_of(room, now),
        OpensAt=room.date_begin,
        ClosesAt=room.date_end,
        ConferenceType=call.type,
        PanoNodeID=room.pano_node_id,
        ChatroomID=chatroom_id,
        Version=seats.version,
        Occupancy=seats.occupancy,
        SeatsLeft=seats.seats_left,
        PersonIDs=seats.person_ids,
        Call=CallInfo(
            Type=call.type, URL=call.url, MeetingID=call.meeting_id, Password=call.password
        )
        if with_call
        else None,
        CreatedAt=room.created_at,
        UpdatedAt=room.updated_at,
    )


async def view(
    session: AsyncSession, access: EventAccess, room: Activity, now: datetime
) -> RoomView:
    return (await views(session, access, [room], now))[0]


# -- definitions -------------------------------------------------------------------------------


async def create_room(
    session: AsyncSession, services: Services, event: Event, parsed: BreakoutRoomIn
) -> Activity:
    return await activities.create_activity(
        session, services, event, EntityType.BREAKOUT_ROOM, parsed
    )


async def update_room(
    session: AsyncSession, services: Services, room: Activity, parsed: BreakoutRoomIn
) -> Activity:
    return await activities.update_activity(session, services, room, parsed)


async def delete_room(session: AsyncSession, services: Services, room: Activity) -> None:
    """The people inside are told ("deleted"); the chat room goes with the room (`notify.py`)."""
    changes = await evict(session, [room.id], "deleted")
    await activities.delete_activity(session, services, room)
    await announce(services, changes)


def _iso(value: datetime | None) -> str | None:
    # As the document stores times written through `BreakoutRoomIn`: UTC with a Z.
    return None if value is None else value.astimezone(UTC).isoformat().replace("+00:00", "Z")


async def _set_times(
    session: AsyncSession,
    services: Services,
    room: Activity,
    opens_at: datetime | None,
    closes_at: datetime | None,
) -> None:
    """Store new opening times (document and columns) and commit. Written directly rather than
    through `BreakoutRoomIn`, so a room stored before rooms were checked can still be closed."""
    before = activities.columns_of(room)
    room.document = {**room.document, "OpensAt": _iso(opens_at), "ClosesAt": _iso(closes_at)}
    room.date_begin, room.date_end = opens_at, closes_at
    room.updated_at = services.clock.now()
    await commit_and_publish(session, services, room, before=before)


async def close_room(session: AsyncSession, services: Services, room: Activity) -> Activity:
    """Close now: `ClosesAt` becomes now (an `OpensAt` still ahead is cleared), everyone inside
    leaves ("closed"), in one transaction. A closed room stays as it is."""
    now = services.clock.now()
    if state_of(room, now) == CLOSED:
        return room
    changes = await evict(session, [room.id], "closed")
    opens_at = room.date_begin if room.date_begin is not None and room.date_begin < now else None
    await _set_times(session, services, room, opens_at, now)
    await announce(services, changes)
    return room


async def open_room(session: AsyncSession, services: Services, room: Activity) -> Activity:
    """Open now (also a closed or scheduled room): a passed `ClosesAt` and an `OpensAt` still
    ahead are cleared. An open room stays as it is."""
    now = services.clock.now()
    if state_of(room, now) == OPEN:
        return room
    closes_at = room.date_end if room.date_end is not None and room.date_end > now else None
    await _set_times(session, services, room, None, closes_at)
    return room


# -- broadcast ---------------------------------------------------------------------------------


def _message_tmp_id(tmp_id: str, chatroom_id: str) -> str:
    """One TmpID per room, derived from the request's: chat sends are idempotent on (sender,
    TmpID), so a retried broadcast finds every message it posted before."""
    digest = hashlib.sha256(tmp_id.encode()).hexdigest()[:16]
    return f"breakout-broadcast:{digest}:{chatroom_id}"


async def broadcast(
    session: AsyncSession, services: Services, access: EventAccess, text: str, tmp_id: str | None
) -> BroadcastOut:
    """Post `text` from the organizer into the chat room of every room of the event, in one
    transaction; the messages reach the people inside live (CHAT_MESSAGE_SEND_NOTIFY)."""
    check_text(text, {})
    now, key = services.clock.now(), tmp_id or new_id()
    effects: list[Effect] = []
    posted = []
    for room in await event_rooms(session, access.event.id):
        row, made = await ensure_room(session, room, now)
        effects += made
        chat = await session.get(Chatroom, row.chatroom_id)
        assert chat is not None  # ensure_room gave the row a chat room
        outcome = await post_message(
            session,
            services,
            chat,
            sender_id=access.principal.person_id,
            tmp_id=_message_tmp_id(key, chat.id),
            text=text,
        )
        effects += outcome.effects
        posted.append(
            PostedMessage(RoomID=room.id, ChatroomID=chat.id, MessageID=outcome.message.ID)
        )
    await session.commit()
    await deliver(services, effects)
    return BroadcastOut(Messages=posted)
