"""After every committed write of a BreakoutRoom activity — through the breakouts routes, the
generic activity routes or `createzoommeeting` — (registered as the activities change hook for
the type, so activities never imports breakouts):

- a new room gets its row and its chat room (`rooms.ensure_room`); a renamed one renames its
  chat room;
- a room that is not open any more (closed, or its opening moved into the future) is emptied:
  the people inside are told, "closed";
- BREAKOUT_ROOM_NOTIFY goes to `event:{EventID}`, and the room's occupancy is recounted (its
  capacity may have changed);
- a deleted room's chat room is deleted with it (its presence went with the activity, by the
  foreign key), and the notice says `Deleted`.
"""

from __future__ import annotations

from datetime import datetime

from venuely.activities.models import Activity, EntityType
from venuely.activities.sync import ActivityChange, register_change_hook
from venuely.breakouts.changes import announce
from venuely.breakouts.frames import RoomNotice
from venuely.breakouts.occupancy import mark_rooms
from venuely.breakouts.presence import evict
from venuely.breakouts.rooms import ensure_room, rename_chat
from venuely.breakouts.state import OPEN, chat_name, definition_of, state_of
from venuely.chat.members import find_named_room
from venuely.chat.publish import deliver
from venuely.chat.service import delete_room
from venuely.core.services import Services
from venuely.realtime.hub import event_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish


def room_notice(room: Activity, now: datetime, *, deleted: bool = False) -> RoomNotice:
    definition = definition_of(room)
    return RoomNotice(
        ID=room.id,
        EventID=room.event_id,
        Title=definition.title,
        Topic=definition.topic,
        Capacity=definition.capacity,
        State=state_of(room, now),
        OpensAt=room.date_begin,
        ClosesAt=room.date_end,
        ConferenceType=definition.call.type,
        PanoNodeID=room.pano_node_id,
        Deleted=deleted,
    )


async def _deleted(services: Services, room: Activity) -> None:
    async with services.db.session() as session:
        chat = await find_named_room(session, room.event_id, chat_name(room.id))
        effects = [] if chat is None else await delete_room(session, chat)
    await deliver(services, effects)


async def publish_change(services: Services, change: ActivityChange) -> None:
    room, now = change.activity, services.clock.now()
    channel = event_channel(room.event_id)
    if change.deleted:
        await _deleted(services, room)
        notice = room_notice(room, now, deleted=True)
        await publish(services.hub, channel, Opcode.BREAKOUT_ROOM_NOTIFY, notice)
        return
    async with services.db.session() as session:
        _, effects = await ensure_room(session, room, now)
        await rename_chat(session, room)
        closed = state_of(room, now) != OPEN
        changes = await evict(session, [room.id], "closed", unless_open_at=now) if closed else []
    await deliver(services, effects)
    await announce(services, changes)
    await publish(services.hub, channel, Opcode.BREAKOUT_ROOM_NOTIFY, room_notice(room, now))
    mark_rooms(services, room.event_id, [room.id])


register_change_hook(EntityType.BREAKOUT_ROOM, publish_change)
