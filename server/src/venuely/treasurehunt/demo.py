"""The demo event's treasure hunt: "Find the hidden stars", six stars hidden in the demo
venue's four rooms, and a board with rows — the keynote's audience (qna/demo.py) found some
stars over the last hour, one of them hides their name, and the demo attendee found one.

Called by `demo/seed.py` after the tour is installed. The hunt is a TreasureHunt activity found
by its internal name, and becomes the event's `TreasureHuntID` while that is unset (an
organizer's choice stays). Items are found by name and finds by their key, and made only when
missing, so seeding again changes nothing and what organizers changed since stays. Finds go
through the same function as the API (`scores.record_find`), each with a clock stopped at its
moment, so scores, ranks, times and the attendee variable read as after a real hunt.

Each star's Yaw/Pitch is the direction of a piece of the rendered room seen from the node's
camera (`demo/tour/surface.direction_angles` of the object's position in `demo/tour/rooms/`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import parse_activity
from venuely.activities.service import build_activity
from venuely.core.clock import FrozenClock
from venuely.core.ids import NULL_ID
from venuely.core.services import Services
from venuely.demo.people import demo_person
from venuely.events.models import Attendee, Event
from venuely.qna.demo import AUDIENCE
from venuely.treasurehunt.hunts import load_hunt
from venuely.treasurehunt.items import ANY_NODE, create_item
from venuely.treasurehunt.models import TreasureHuntFind, TreasureHuntItem
from venuely.treasurehunt.schemas import ItemIn
from venuely.treasurehunt.scores import lock_score, record_find

HUNT_NAME = "demo-hunt"
HUNT_TITLE = "Find the hidden stars"


@dataclass(frozen=True, slots=True)
class Star:
    node: str  # a node of the demo tour (demo/tour/rooms/)
    yaw: float
    pitch: float
    name: str
    clue: str
    points: int


STARS = (
    Star(
        "lobby",
        41.6,
        -3.4,
        "Star in the planter",
        "Welcome banners attract more than visitors: look where something green grows beside them.",
        10,
    ),
    Star(
        "lobby",
        -138.4,
        -10.8,
        "Star under the bench",
        "Take a seat before the lounge door, then look down.",
        20,
    ),
    Star(
        "auditorium",
        19.7,
        2.0,
        "Star by the big screen",
        "The keynote screen has a corner nobody watches.",
        30,
    ),
    Star(
        "expo",
        -48.8,
        -8.6,
        "Star on a round table",
        "Between the booths, a white table holds more than brochures.",
        15,
    ),
    Star(
        "expo",
        123.7,
        -2.4,
        "Star in the corner plant",
        "Behind the side booth, a plant keeps a secret.",
        25,
    ),
    Star(
        "lounge",
        115.5,
        -13.9,
        "Star by the velvet sofa",
        "Coffee goes on the little table by the velvet sofa. So does something else.",
        20,
    ),
)
# (index into AUDIENCE, or None for the demo attendee; stars found; minutes ago of the first).
FINDS: tuple[tuple[int | None, tuple[int, ...], int], ...] = (
    (0, (0, 1, 2), 55),
    (1, (2, 3), 48),
    (2, (0,), 40),
    (3, (1, 4, 5), 35),
    (None, (0,), 12),
)
HIDDEN = 2  # Jordan Lee plays without their name on the board


async def _hunt(session: AsyncSession, services: Services, event: Event) -> Activity:
    hunt = await session.scalar(
        select(Activity).where(
            Activity.event_id == event.id,
            Activity.entity_type == EntityType.TREASURE_HUNT.value,
            Activity.internal_name == HUNT_NAME,
        )
    )
    if hunt is None:
        body = {"InternalName": HUNT_NAME, "Title": HUNT_TITLE}
        parsed = parse_activity(EntityType.TREASURE_HUNT, body)
        hunt = build_activity(services, event, EntityType.TREASURE_HUNT, parsed)
        session.add(hunt)
        await session.flush()
    if event.treasure_hunt_id == NULL_ID:
        event.treasure_hunt_id = hunt.id
    return hunt


def _at(services: Services, minutes_ago: int) -> Services:
    """The services with a clock stopped `minutes_ago` before now, for one past step."""
    moment = services.clock.now() - timedelta(minutes=minutes_ago)
    return Services(
        services.settings, services.db, FrozenClock(moment), services.mailer, services.hub
    )


async def _player(session: AsyncSession, services: Services, event: Event, who: int) -> Person:
    email, first, last = AUDIENCE[who]
    person = await demo_person(session, email, first, last, services.clock.now())
    if await session.get(Attendee, (event.id, person.id)) is None:
        session.add(
            Attendee(event_id=event.id, person_id=person.id, created_at=services.clock.now())
        )
    return person


async def ensure_demo_hunt(
    session: AsyncSession, services: Services, event: Event, attendee: Person
) -> None:
    activity = await _hunt(session, services, event)
    hunt = await load_hunt(session, event, activity.id)
    items: list[TreasureHuntItem] = []
    for star in STARS:
        item = await session.scalar(
            select(TreasureHuntItem).where(
                TreasureHuntItem.event_id == event.id,
                TreasureHuntItem.hunt_id == hunt.id,
                TreasureHuntItem.name == star.name,
            )
        )
        if item is None:
            body = ItemIn(
                NodeID=star.node,
                Yaw=star.yaw,
                Pitch=star.pitch,
                Name=star.name,
                Clue=star.clue,
                Points=star.points,
            )
            item = await create_item(session, services, hunt, body, ANY_NODE)
        items.append(item)
    for who, found, minutes_ago in FINDS:
        person = attendee if who is None else await _player(session, services, event, who)
        recorded = False
        for step, index in enumerate(found):
            if await session.get(TreasureHuntFind, (items[index].id, person.id)) is not None:
                continue
            then = _at(services, minutes_ago - 6 * step)
            await record_find(session, then, hunt, items[index], person.id)
            recorded = True
        if who == HIDDEN and recorded:  # once: a player who showed their name since keeps it
            (await lock_score(session, services, hunt, person.id)).hidden = True
    await session.flush()
