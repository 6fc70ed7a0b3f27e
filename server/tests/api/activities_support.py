"""Shared setup of the activities, relations, lists and locations tests: two events of two
customers, their attendees and admins, a hub that records what is published, and a session body."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field, fields
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest

from tests.apps import app_for
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Customer, Event
from venuely.realtime.codec import Frame, decode_frame


@dataclass
class RecordingHub:
    """Stands in for the realtime hub: keeps every (channel, frame) it is asked to publish."""

    published: list[tuple[str, bytes]] = field(default_factory=list)
    fail: bool = False

    async def publish(self, channel: str, frame: bytes) -> None:
        if self.fail:
            raise ConnectionError("hub down")
        self.published.append((channel, frame))

    async def add_member(self, channel: str, person_id: str) -> None:
        return None

    async def remove_member(self, channel: str, person_id: str) -> None:
        return None

    def frames(self) -> list[tuple[str, Frame]]:
        return [(channel, decode_frame(frame)) for channel, frame in self.published]


class _ServicesWithHub(Services):
    # No __slots__: this subclass may carry a `hub` whether or not core's Services declares one.
    pass


def with_hub(services: Services, hub: RecordingHub) -> Services:
    # Fields made by __post_init__ (the background work) are made anew for the copy, bound to it.
    copy = _ServicesWithHub(
        **{f.name: getattr(services, f.name) for f in fields(services) if f.init}
    )
    setattr(copy, "hub", hub)  # noqa: B010 - mypy cannot know the attribute on older Services
    return copy


@pytest.fixture
def hub() -> RecordingHub:
    return RecordingHub()


@pytest.fixture
async def hub_client(services: Services, hub: RecordingHub) -> AsyncIterator[httpx.AsyncClient]:
    """A client whose app publishes into `hub` (import this fixture into the test module)."""
    recorded = with_hub(services, hub)
    app = app_for(recorded)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://venuely.test/api/v1") as c:
        yield c
    await recorded.background.stop()  # its coalescers read the database: before the engine goes


@dataclass
class World:
    customer_a: Customer
    customer_b: Customer
    event_a: Event
    event_b: Event
    attendee_a: Person
    attendee_b: Person
    admin_a: Person
    headers: dict[str, dict[str, str]]

    def h(self, who: str) -> dict[str, str]:
        return self.headers[who]


async def build_world(services: Services, **event_fields: Any) -> World:
    customer_a = await make_customer(services, "Customer A")
    customer_b = await make_customer(services, "Customer B")
    event_a = await make_event(services, customer_a, **event_fields)
    event_b = await make_event(services, customer_b)
    attendee_a = await make_person(services, event=event_a)
    attendee_b = await make_person(services, event=event_b)
    admin_a = await make_person(services)
    admin_b = await make_person(services)
    await grant_admin(services, admin_a, AdminType.CUSTOMER, customer_id=customer_a.id)
    await grant_admin(services, admin_b, AdminType.CUSTOMER, customer_id=customer_b.id)
    headers = {
        "attendee_a": bearer(await token_for(services, attendee_a, event_a)),
        "attendee_b": bearer(await token_for(services, attendee_b, event_b)),
        "admin_a": bearer(await token_for(services, admin_a)),
        "admin_b": bearer(await token_for(services, admin_b)),
        "anonymous": {},
    }
    return World(customer_a, customer_b, event_a, event_b, attendee_a, attendee_b, admin_a, headers)


def iso(value: datetime) -> str:
    return value.isoformat().replace("+00:00", "Z")


def session_body(now: datetime, **overrides: Any) -> dict[str, Any]:
    """A session running from 10 minutes ago for an hour, streamed from an iframe."""
    body: dict[str, Any] = {
        "InternalName": "keynote",
        "Title": "Opening keynote",
        "ScreenID": "screen-1",
        "IsVirtual": True,
        "DateBegin": iso(now - timedelta(minutes=10)),
        "DateEnd": iso(now + timedelta(minutes=50)),
        "NoAvtoPlay": False,
        "StreamID": "main",
        "ConferenceType": "Iframe",
        "ConferenceJoinURL": "https://stream.example.com/live?room=1",
        "ConferenceID": "",
    }
    body.update(overrides)
    return body


async def create(
    client: httpx.AsyncClient,
    world: World,
    entity_type: str,
    body: dict[str, Any],
    event: Event | None = None,
    who: str = "admin_a",
) -> dict[str, Any]:
    event = event or world.event_a
    response = await client.post(
        f"/events/{event.id}/activities",
        params={"EntityType": entity_type},
        json=body,
        headers=world.h("admin_b" if event is world.event_b else who),
    )
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result
