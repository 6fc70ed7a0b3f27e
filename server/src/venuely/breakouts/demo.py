"""The demo event's breakout rooms: two to talk in after the keynote, a small one for questions
to the speakers, and one that opens later in the day.

Called by `demo/seed.py`. Rooms are found by their InternalName and made only when missing, so
seeding again changes nothing and what an organizer changed in a demo room stays. Definitions
go through the API's validation (`BreakoutRoomIn`), and each room gets its row and chat room at
once (`rooms.ensure_room`), as the change hook would give it one.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import parse_activity
from venuely.activities.service import build_activity
from venuely.breakouts.rooms import ensure_room
from venuely.core.services import Services
from venuely.events.models import Event

JITSI_ROOM = "demo-breakout-hybrid-stages"
WEB_ROOM = "demo-breakout-community"
SMALL_ROOM = "demo-breakout-speakers-corner"
LATER_ROOM = "demo-breakout-networking"


def _rooms(now: datetime) -> dict[str, dict[str, Any]]:
    return {
        JITSI_ROOM: {
            "Title": "Hybrid stages roundtable",
            "Topic": "Picking up the keynote: what makes a stage work for the room and the stream?",
            "Capacity": 12,
            "ConferenceType": "Jitsi",
            "ConferenceJoinURL": "https://meet.jit.si/venuely-demo-hybrid-stages",
        },
        WEB_ROOM: {
            "Title": "Community at a distance",
            "Topic": "Swap what keeps your online community talking between events.",
            "Capacity": 25,
            "ConferenceType": "Iframe",
            "ConferenceJoinURL": "https://vdo.ninja/?room=venuely-demo-community",
        },
        SMALL_ROOM: {
            "Title": "Speakers' corner",
            "Topic": "Four seats for a close conversation with today's speakers.",
            "Capacity": 4,
            "ConferenceType": "Jitsi",
            "ConferenceJoinURL": "https://meet.jit.si/venuely-demo-speakers-corner",
        },
        LATER_ROOM: {
            "Title": "Evening networking",
            "Topic": "Meet the other attendees before the after-party.",
            "Capacity": 40,
            "ConferenceType": "BigBlueButton",
            "ConferenceJoinURL": "https://demo.bigbluebutton.org/rooms/venuely-demo-networking/join",
            "OpensAt": now + timedelta(hours=4),
        },
    }


async def ensure_demo_rooms(
    session: AsyncSession, services: Services, event: Event
) -> dict[str, Activity]:
    """The demo rooms by InternalName."""
    rooms: dict[str, Activity] = {}
    now = services.clock.now()
    for name, fields in _rooms(now).items():
        room = await session.scalar(
            select(Activity).where(
                Activity.event_id == event.id,
                Activity.entity_type == EntityType.BREAKOUT_ROOM.value,
                Activity.internal_name == name,
            )
        )
        if room is None:
            parsed = parse_activity(EntityType.BREAKOUT_ROOM, {"InternalName": name, **fields})
            room = build_activity(services, event, EntityType.BREAKOUT_ROOM, parsed)
            session.add(room)
            await session.flush()
        await ensure_room(session, room, now)
        rooms[name] = room
    await session.flush()
    return rooms
