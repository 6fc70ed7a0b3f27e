"""Shared steps of the polls tests: an app whose hub records what is published (and whose
background work the test drains itself), poll definitions, ballots, and frames read back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.api.activities_support import RecordingHub, World, build_world, iso, with_hub
from tests.apps import app_for
from tests.factories import bearer, make_person, token_for
from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import parse_activity
from venuely.activities.service import build_activity
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.realtime.hub import event_channel, person_channel, staff_channel
from venuely.realtime.opcodes import Opcode

__all__ = ["iso"]


@dataclass
class Polls:
    """The test's view of the app: its client, the world of two events, the hub that records
    every publish, and the app's services (their `background` holds the tally's coalescer)."""

    client: httpx.AsyncClient
    world: World
    hub: RecordingHub
    services: Services

    @property
    def event_id(self) -> str:
        return self.world.event_a.id

    def h(self, who: str) -> dict[str, str]:
        return self.world.h(who)

    def url(self, poll_id: str | None = None, suffix: str = "", event: Event | None = None) -> str:
        base = f"/events/{(event or self.world.event_a).id}/polls"
        return base if poll_id is None else f"{base}/{poll_id}{suffix}"

    async def create(self, who: str = "admin_a", **fields: Any) -> dict[str, Any]:
        response = await self.client.post(self.url(), json=poll_body(**fields), headers=self.h(who))
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    async def get(self, poll_id: str, who: str) -> dict[str, Any]:
        response = await self.client.get(self.url(poll_id), headers=self.h(who))
        assert response.status_code == 200, response.text
        view: dict[str, Any] = response.json()
        return view

    async def vote(
        self, who: str, poll_id: str, option_ids: list[str], other: str | None = None
    ) -> httpx.Response:
        body: dict[str, Any] = {"OptionIDs": option_ids}
        if other is not None:
            body["Other"] = other
        return await self.client.put(self.url(poll_id, "/ballot"), json=body, headers=self.h(who))

    async def voted(
        self, who: str, poll_id: str, option_ids: list[str], other: str | None = None
    ) -> dict[str, Any]:
        response = await self.vote(who, poll_id, option_ids, other)
        assert response.status_code == 200, response.text
        ballot: dict[str, Any] = response.json()
        return ballot

    async def results(self, poll_id: str, who: str = "admin_a") -> dict[str, Any]:
        response = await self.client.get(self.url(poll_id, "/results"), headers=self.h(who))
        assert response.status_code == 200, response.text
        results: dict[str, Any] = response.json()
        return results

    async def attendee(self, name: str) -> str:
        """Another attendee of event A, callable as `name`; answers the person's id."""
        person = await make_person(self.services, event=self.world.event_a)
        self.world.headers[name] = bearer(
            await token_for(self.services, person, self.world.event_a)
        )
        return person.id

    def frames(self, opcode: Opcode, channel: str | None = None) -> list[dict[str, Any]]:
        return [
            frame.value
            for published_on, frame in self.hub.frames()
            if frame.opcode is opcode and (channel is None or published_on == channel)
        ]

    def channels(self, opcode: Opcode) -> list[str]:
        return [channel for channel, frame in self.hub.frames() if frame.opcode is opcode]

    @property
    def event_channel(self) -> str:
        return event_channel(self.event_id)

    @property
    def staff_channel(self) -> str:
        return staff_channel(self.event_id)

    def person_channel(self, person_id: str) -> str:
        return person_channel(person_id)

    async def tick(self) -> None:
        """What the coalescer would do at its next tick, now."""
        await self.services.background.drain()


def options(*ids: str) -> list[dict[str, str]]:
    return [{"ID": option_id, "Text": f"Option {option_id.upper()}"} for option_id in ids]


def poll_body(**overrides: Any) -> dict[str, Any]:
    """A single-choice poll with options a, b, c, open now, live results."""
    body: dict[str, Any] = {
        "InternalName": "lunch",
        "Title": "Lunch",
        "Question": "What is for lunch?",
        "Options": options("a", "b", "c"),
        "IsActive": True,
    }
    body.update(overrides)
    return body


@pytest.fixture
async def polls(services: Services) -> AsyncIterator[Polls]:
    hub = RecordingHub()
    recorded = with_hub(services, hub)
    world = await build_world(services)
    transport = httpx.ASGITransport(app=app_for(recorded))
    async with httpx.AsyncClient(transport=transport, base_url="http://venuely.test/api/v1") as c:
        yield Polls(c, world, hub, recorded)
    await recorded.background.stop()


async def make_poll(services: Services, event: Event, **fields: Any) -> Activity:
    """A poll stored as the API would store it, without a request (nothing is published)."""
    parsed = parse_activity(EntityType.POLL, poll_body(**fields))
    async with services.db.session() as session:
        poll = build_activity(services, event, EntityType.POLL, parsed)
        session.add(poll)
    return poll
