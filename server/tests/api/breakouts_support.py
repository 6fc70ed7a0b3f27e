"""Shared steps of the breakout tests: an app whose hub records what is published, rooms made
through the API or straight into the database, and presence taken as a socket would take it
(a made-up socket number on this app's instance)."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.activities_support import RecordingHub, World, build_world, with_hub
from tests.apps import app_for
from tests.factories import bearer, make_person, token_for
from venuely.accounts.models import Person
from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import parse_activity
from venuely.activities.service import build_activity
from venuely.breakouts import joining, presence
from venuely.breakouts.changes import Change, announce
from venuely.breakouts.instances import ensure_alive, instance_of
from venuely.breakouts.models import BreakoutPresence
from venuely.breakouts.rooms import ensure_room
from venuely.core.security import decode_jwt
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.realtime.hub import event_channel, person_channel
from venuely.realtime.opcodes import Opcode

SECRET_URL = "https://meet.jit.si/venuely-test-secret-corner"
_sockets = itertools.count(1000)


def room_body(**overrides: Any) -> dict[str, Any]:
    """A Jitsi room for three, open now."""
    body: dict[str, Any] = {
        "InternalName": "corner",
        "Title": "Speakers' corner",
        "Topic": "Questions for the speakers",
        "Capacity": 3,
        "ConferenceType": "Jitsi",
        "ConferenceJoinURL": SECRET_URL,
    }
    body.update(overrides)
    return body


async def make_room(services: Services, event: Event, **fields: Any) -> Activity:
    """A room stored as the API stores it, with its row and chat room; nothing is published."""
    parsed = parse_activity(EntityType.BREAKOUT_ROOM, room_body(**fields))
    async with services.db.session() as session:
        room = build_activity(services, event, EntityType.BREAKOUT_ROOM, parsed)
        session.add(room)
        await session.flush()
        await ensure_room(session, room, services.clock.now())
    return room


def new_seat(services: Services) -> presence.Seat:
    """A socket of this app's instance that no real socket has."""
    return presence.Seat(instance_of(services).id, next(_sockets))


async def caller_session(services: Services, event_id: str, person_id: str) -> str:
    """An auth session of the person for the event: what a socket's commands name as caller."""
    async with services.db.session() as session:
        person = await session.get(Person, person_id)
        event = await session.get(Event, event_id)
    assert person is not None
    assert event is not None
    token = await token_for(services, person, event)
    return str(decode_jwt(token, services.settings.secret_key, services.clock.now())["jti"])


async def join(
    services: Services,
    event_id: str,
    person_id: str,
    room_id: str,
    *,
    seat: presence.Seat | None = None,
    tmp_id: str = "tmp",
    alone: bool = False,
) -> Change:
    """What BREAKOUT_JOIN does: take the seat with the joins sent meanwhile (`joining.py`), or
    `alone` in a transaction of its own (`presence.join`, the path after a lost race), commit,
    announce."""
    await ensure_alive(services)
    seat = seat or new_seat(services)
    if alone:
        change = await presence.join(
            services,
            event_id=event_id,
            person_id=person_id,
            room_id=room_id,
            seat=seat,
            tmp_id=tmp_id,
        )
    else:
        request = joining.JoinRequest(
            event_id=event_id,
            session_id=await caller_session(services, event_id, person_id),
            room_id=room_id,
            seat=seat,
            tmp_id=tmp_id,
            at=services.clock.now(),
        )
        change = await joining.join(services, request)
    await announce(services, [change])
    return change


async def inside(services: Services, room_id: str) -> list[str]:
    """The people in the room, as stored."""
    async with services.db.session() as session:
        rows = await session.scalars(
            select(BreakoutPresence.person_id)
            .where(BreakoutPresence.room_id == room_id)
            .order_by(BreakoutPresence.person_id)
        )
        return list(rows.all())


async def presence_count(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(BreakoutPresence)) or 0)


@dataclass
class Breakouts:
    """The test's view of the app: client, the world of two events, the recording hub and the
    app's services (whose `background` holds the occupancy coalescer)."""

    client: httpx.AsyncClient
    world: World
    hub: RecordingHub
    services: Services
    people: dict[str, str] = field(default_factory=dict)

    @property
    def event_id(self) -> str:
        return self.world.event_a.id

    def h(self, who: str) -> dict[str, str]:
        return self.world.h(who)

    def url(self, room_id: str | None = None, suffix: str = "", event: Event | None = None) -> str:
        base = f"/events/{(event or self.world.event_a).id}/breakouts"
        return f"{base}{suffix}" if room_id is None else f"{base}/{room_id}{suffix}"

    async def create(self, who: str = "admin_a", **fields: Any) -> dict[str, Any]:
        response = await self.client.post(self.url(), json=room_body(**fields), headers=self.h(who))
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    async def get(self, room_id: str, who: str = "admin_a") -> dict[str, Any]:
        response = await self.client.get(self.url(room_id), headers=self.h(who))
        assert response.status_code == 200, response.text
        view: dict[str, Any] = response.json()
        return view

    async def attendee(self, name: str) -> str:
        """Another attendee of event A, callable as `name`; answers the person's id."""
        person = await make_person(self.services, event=self.world.event_a)
        self.world.headers[name] = bearer(
            await token_for(self.services, person, self.world.event_a)
        )
        self.people[name] = person.id
        return person.id

    async def join(self, who: str, room_id: str, **kwargs: Any) -> Change:
        return await join(self.services, self.event_id, self.people[who], room_id, **kwargs)

    def frames(self, opcode: Opcode, channel: str | None = None) -> list[dict[str, Any]]:
        return [
            frame.value
            for published_on, frame in self.hub.frames()
            if frame.opcode is opcode and (channel is None or published_on == channel)
        ]

    @property
    def event_channel(self) -> str:
        return event_channel(self.event_id)

    def person_channel(self, who: str) -> str:
        return person_channel(self.people[who])

    async def tick(self) -> None:
        """What the occupancy coalescer would do at its next tick, now."""
        await self.services.background.drain()


@pytest.fixture
async def breakouts(services: Services) -> AsyncIterator[Breakouts]:
    hub = RecordingHub()
    recorded = with_hub(services, hub)
    world = await build_world(services)
    transport = httpx.ASGITransport(app=app_for(recorded))
    async with httpx.AsyncClient(transport=transport, base_url="http://venuely.test/api/v1") as c:
        yield Breakouts(c, world, hub, recorded)
    await recorded.background.stop()
