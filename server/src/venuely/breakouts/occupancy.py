"""Who is inside each room: the recount, and the coalesced BREAKOUT_OCCUPANCY_NOTIFY.

Nothing keeps a running count: occupancy is read from the presence rows (one statement per
batch of rooms, so version and people come from one snapshot). Under a storm of joins every
committed change marks its rooms on the process's coalescer (`core/background.py`); once per
`INTERVAL` the coalescer flushes each marked event, which recounts only the rooms marked since
the last tick and publishes them — four frames a second per event at most, whatever the rate
of joins. Frames are cut so each stays well inside the protocol's 64 KiB frame limit (about 27
bytes a person).

Who gets which list: everyone at the event sees every room's count and its first
`PEOPLE_SHOWN` people (the faces a room card shows) on the event's channel; the complete list
goes only to those who show it — the people inside the room (its chat room's channel) and the
organizers (the staff channel). Sending every room's complete list to everyone made each tick
of a 5,000-person storm about 400 MB of frames, which took a second to write out and grew with
the square of the audience. An entry is complete when it lists `Occupancy` people.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity
from venuely.breakouts.frames import OccupancyNotice, RoomOccupancy
from venuely.breakouts.models import BreakoutPresence, BreakoutRoomRow
from venuely.breakouts.state import definition_of
from venuely.core.background import Background, Coalescer
from venuely.core.services import Services
from venuely.realtime.hub import event_channel, room_channel, staff_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish

INTERVAL = 0.25
COALESCER = "breakouts.occupancy"
# People listed per frame: 1,500 ids are about 40 KiB of JSON.
PEOPLE_PER_FRAME = 1500
# People listed per room on the event's channel (web: a room card's faces).
PEOPLE_SHOWN = 8


@dataclass(frozen=True, slots=True)
class Seats:
    version: int
    capacity: int
    person_ids: list[str]
    chatroom_id: str | None = None

    @property
    def occupancy(self) -> int:
        return len(self.person_ids)

    @property
    def seats_left(self) -> int:
        return max(0, self.capacity - self.occupancy)


async def seats_of(session: AsyncSession, rooms: Sequence[Activity]) -> dict[str, Seats]:
    """Each room's version and the people inside (by arrival), in one statement."""
    if not rooms:
        return {}
    by_id = {room.id: room for room in rooms}
    rows = await session.execute(
        select(
            BreakoutRoomRow.room_id,
            BreakoutRoomRow.version,
            BreakoutRoomRow.chatroom_id,
            BreakoutPresence.person_id,
        )
        .outerjoin(BreakoutPresence, BreakoutPresence.room_id == BreakoutRoomRow.room_id)
        .where(BreakoutRoomRow.room_id.in_(list(by_id)))
        .order_by(BreakoutRoomRow.room_id, BreakoutPresence.joined_at, BreakoutPresence.person_id)
    )
    versions: dict[str, int] = {}
    chats: dict[str, str | None] = {}
    people: dict[str, list[str]] = {}
    for room_id, version, chatroom_id, person_id in rows.all():
        versions[room_id], chats[room_id] = version, chatroom_id
        inside = people.setdefault(room_id, [])
        if person_id is not None:
            inside.append(person_id)
    return {
        room_id: Seats(
            version=versions.get(room_id, 0),
            capacity=definition_of(room).capacity,
            person_ids=people.get(room_id, []),
            chatroom_id=chats.get(room_id),
        )
        for room_id, room in by_id.items()
    }


def occupancy_entry(room_id: str, seats: Seats, shown: int | None = None) -> RoomOccupancy:
    """The room's entry: everyone inside, or the first `shown` of them."""
    return RoomOccupancy(
        RoomID=room_id,
        Version=seats.version,
        Capacity=seats.capacity,
        Occupancy=seats.occupancy,
        SeatsLeft=seats.seats_left,
        PersonIDs=seats.person_ids if shown is None else seats.person_ids[:shown],
    )


def _frames(event_id: str, entries: list[RoomOccupancy]) -> list[OccupancyNotice]:
    frames: list[OccupancyNotice] = []
    batch: list[RoomOccupancy] = []
    people = 0
    for entry in entries:
        if batch and people + len(entry.PersonIDs) > PEOPLE_PER_FRAME:
            frames.append(OccupancyNotice(EventID=event_id, Rooms=batch))
            batch, people = [], 0
        batch.append(entry)
        people += len(entry.PersonIDs)
    if batch:
        frames.append(OccupancyNotice(EventID=event_id, Rooms=batch))
    return frames


async def publish_occupancy(services: Services, event_id: str, room_ids: Iterable[str]) -> None:
    """Recount these rooms of the event and publish them. Rooms deleted since they were marked
    are left out: their BREAKOUT_ROOM_NOTIFY said so."""
    async with services.db.session() as session:
        rooms = list(
            (
                await session.scalars(
                    select(Activity).where(
                        Activity.id.in_(sorted(set(room_ids))), Activity.event_id == event_id
                    )
                )
            ).all()
        )
        seats = await seats_of(session, rooms)
    shown = [occupancy_entry(room.id, seats[room.id], PEOPLE_SHOWN) for room in rooms]
    # Rooms whose list the event's frames cut: complete to organizers and to the people inside.
    cut = [room for room in rooms if seats[room.id].occupancy > PEOPLE_SHOWN]
    complete = {room.id: occupancy_entry(room.id, seats[room.id]) for room in cut}
    sends = [(event_channel(event_id), frame) for frame in _frames(event_id, shown)]
    sends += [(staff_channel(event_id), f) for f in _frames(event_id, list(complete.values()))]
    for room in cut:
        chatroom_id = seats[room.id].chatroom_id
        if chatroom_id is not None:
            notice = OccupancyNotice(EventID=event_id, Rooms=[complete[room.id]])
            sends.append((room_channel(chatroom_id), notice))
    for channel, frame in sends:
        await publish(services.hub, channel, Opcode.BREAKOUT_OCCUPANCY_NOTIFY, frame)


# Rooms marked since the last tick, by event, per running app (its Background).
_pending: weakref.WeakKeyDictionary[Background, dict[str, set[str]]] = weakref.WeakKeyDictionary()


def _ticker(services: Services) -> Coalescer[str]:
    async def flush(event_id: str) -> None:
        room_ids = _pending.get(services.background, {}).pop(event_id, set())
        if room_ids:
            await publish_occupancy(services, event_id, room_ids)

    return services.background.coalescer(COALESCER, INTERVAL, flush)


def mark_rooms(services: Services, event_id: str, room_ids: Iterable[str]) -> None:
    """Note, after a commit, that these rooms' presence changed; never waits."""
    pending = _pending.setdefault(services.background, {})
    pending.setdefault(event_id, set()).update(room_ids)
    _ticker(services).mark(event_id)
