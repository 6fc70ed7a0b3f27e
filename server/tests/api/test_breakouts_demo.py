"""The demo event's breakout rooms: a Jitsi room, one on a generic call page, a small one and
one that opens later, each with its chat room; seeding again changes none of them."""

from __future__ import annotations

from sqlalchemy import select

from venuely.activities.models import Activity, EntityType
from venuely.breakouts import demo
from venuely.breakouts.models import BreakoutRoomRow
from venuely.breakouts.state import definition_of, state_of
from venuely.core.services import Services
from venuely.demo.seed import seed_demo


async def _rooms(services: Services, event_id: str) -> dict[str, Activity]:
    async with services.db.session() as session:
        rows = await session.scalars(
            select(Activity).where(
                Activity.event_id == event_id,
                Activity.entity_type == EntityType.BREAKOUT_ROOM.value,
            )
        )
        return {room.internal_name: room for room in rows.all()}


async def test_the_demo_has_breakout_rooms(services: Services) -> None:
    ctx = await seed_demo(services)
    rooms = await _rooms(services, ctx.event.id)
    assert set(rooms) == {demo.JITSI_ROOM, demo.WEB_ROOM, demo.SMALL_ROOM, demo.LATER_ROOM}
    now = services.clock.now()
    calls = {name: definition_of(room).call for name, room in rooms.items()}
    assert calls[demo.JITSI_ROOM].type == "Jitsi"
    assert calls[demo.JITSI_ROOM].url.startswith("https://meet.jit.si/")
    assert calls[demo.WEB_ROOM].type == "Iframe"
    assert definition_of(rooms[demo.SMALL_ROOM]).capacity == 4
    states = {name: state_of(room, now) for name, room in rooms.items()}
    assert states == {
        demo.JITSI_ROOM: "open",
        demo.WEB_ROOM: "open",
        demo.SMALL_ROOM: "open",
        demo.LATER_ROOM: "scheduled",
    }
    async with services.db.session() as session:
        chats = {
            row.room_id: row.chatroom_id
            for row in (await session.scalars(select(BreakoutRoomRow))).all()
        }
    assert set(chats) == {room.id for room in rooms.values()}
    assert all(chats.values())

    await seed_demo(services)
    again = await _rooms(services, ctx.event.id)
    assert {name: room.id for name, room in again.items()} == {
        name: room.id for name, room in rooms.items()
    }
