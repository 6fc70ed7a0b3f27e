"""Shared steps of the treasure hunt tests: an event with an organizer ("olivia") and attendees
("ada", "bob", "cy"), a second event with its own attendee ("eve") and organizer ("oscar"), a
hunt made through the activities API, items placed through the API, calls by name, and a hub
that records what is published (its coalescers drained on demand)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from tests.api.activities_support import RecordingHub, with_hub
from tests.apps import app_for
from tests.factories import bearer, grant_admin, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.realtime.opcodes import Opcode


@dataclass
class Hunting:
    client: httpx.AsyncClient
    services: Services  # the app's: it publishes into `hub`
    hub: RecordingHub
    event: Event
    other_event: Event
    persons: dict[str, Person] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    hunt_id: str = ""

    def h(self, who: str) -> dict[str, str]:
        return bearer(self.tokens[who])

    def id(self, who: str) -> str:
        return self.persons[who].id

    def hunts_url(self, event: Event | None = None) -> str:
        return f"/events/{(event or self.event).id}/treasure-hunts"

    def url(self, suffix: str = "", hunt: str | None = None, event: Event | None = None) -> str:
        return f"{self.hunts_url(event)}/{hunt or self.hunt_id}{suffix}"

    async def call(
        self, method: str, suffix: str, who: str, hunt: str | None = None, **kwargs: Any
    ) -> httpx.Response:
        return await self.client.request(
            method, self.url(suffix, hunt), headers=self.h(who), **kwargs
        )

    async def person(self, name: str, event: Event | None = None, admin: bool = False) -> Person:
        event = event or self.event
        if admin:
            person = await make_person(self.services, first_name=name.title(), last_name="Org")
            await grant_admin(
                self.services,
                person,
                AdminType.EVENT,
                event_id=event.id,
                customer_id=event.customer_id,
            )
            token = await token_for(self.services, person)
        else:
            person = await make_person(
                self.services, event=event, first_name=name.title(), last_name="Player"
            )
            token = await token_for(self.services, person, event)
        self.persons[name], self.tokens[name] = person, token
        return person

    async def hunt(self, title: str, who: str = "olivia", **fields: Any) -> str:
        """A TreasureHunt activity made through the activities API; its id."""
        event = self.other_event if who == "oscar" else self.event
        response = await self.client.post(
            f"/events/{event.id}/activities",
            params={"EntityType": "TreasureHunt"},
            json={"InternalName": title.lower().replace(" ", "-"), "Title": title, **fields},
            headers=self.h(who),
        )
        assert response.status_code == 201, response.text
        return str(response.json()["ID"])

    async def item(
        self, name: str, points: int = 10, hunt: str | None = None, who: str = "olivia", **kw: Any
    ) -> dict[str, Any]:
        body = {"NodeID": "lobby", "Yaw": 10.5, "Pitch": -4.0, "Name": name, "Points": points}
        response = await self.call("POST", "/items", who, hunt, json=body | kw)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    async def find(self, item_id: str, who: str, hunt: str | None = None) -> httpx.Response:
        return await self.call("POST", f"/items/{item_id}/find", who, hunt)

    async def board(self, who: str = "ada", hunt: str | None = None) -> list[dict[str, Any]]:
        response = await self.call("GET", "/rankings", who, hunt)
        assert response.status_code == 200, response.text
        rows: list[dict[str, Any]] = response.json()
        return rows

    async def me(self, who: str, hunt: str | None = None) -> dict[str, Any]:
        response = await self.call("GET", "/me", who, hunt)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def frames(self, opcode: Opcode) -> list[tuple[str, Any]]:
        return [(channel, f.value) for channel, f in self.hub.frames() if f.opcode is opcode]

    async def drain(self) -> None:
        """Flush the coalescers now instead of waiting for their tick."""
        await self.services.background.drain()


@pytest.fixture
async def hunting(services: Services) -> AsyncIterator[Hunting]:
    hub = RecordingHub()
    recorded = with_hub(services, hub)
    event = await make_event(services)
    other_event = await make_event(services)
    transport = httpx.ASGITransport(app=app_for(recorded))
    async with httpx.AsyncClient(transport=transport, base_url="http://venuely.test/api/v1") as c:
        world = Hunting(c, recorded, hub, event, other_event)
        await world.person("olivia", admin=True)
        for name in ("ada", "bob", "cy"):
            await world.person(name)
        await world.person("eve", other_event)
        await world.person("oscar", other_event, admin=True)
        world.hunt_id = await world.hunt("Find the stars")
        yield world
    await recorded.background.stop()
