"""Shared setup of the Q&A tests: a running session in event A (and one in event B), attendees of
A, an app whose hub records what is published, and steps for asking, listing and voting."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from tests.api.activities_support import (
    RecordingHub,
    World,
    build_world,
    create,
    session_body,
    with_hub,
)
from tests.apps import app_for
from tests.factories import bearer, make_person, token_for
from venuely.core.services import Services
from venuely.realtime.hub import event_channel, person_channel, staff_channel
from venuely.realtime.opcodes import Opcode


@dataclass
class Board:
    """Event A's running session `session_id` and the people asking in it. `services` is the
    app's (its background work publishes into `hub`); `who` names keys of `world.headers`."""

    world: World
    services: Services
    hub: RecordingHub
    client: httpx.AsyncClient
    session_id: str
    session_b: str  # a session of event B
    person_ids: dict[str, str] = field(default_factory=dict)

    @property
    def event_id(self) -> str:
        return self.world.event_a.id

    def url(self, *parts: str, session_id: str | None = None, event_id: str | None = None) -> str:
        base = f"/events/{event_id or self.event_id}/sessions/{session_id or self.session_id}"
        return "/".join([base, *parts])

    def h(self, who: str) -> dict[str, str]:
        return self.world.h(who)

    async def add_attendee(self, name: str, first_name: str = "Ada") -> str:
        person = await make_person(
            self.services, event=self.world.event_a, first_name=first_name, last_name="Attendee"
        )
        token = await token_for(self.services, person, self.world.event_a)
        self.world.headers[name] = bearer(token)
        self.person_ids[name] = person.id
        return person.id

    async def ask(self, who: str, text: str, **fields: Any) -> dict[str, Any]:
        response = await self.client.post(
            self.url("questions"), json={"Text": text, **fields}, headers=self.h(who)
        )
        assert response.status_code == 201, response.text
        body: dict[str, Any] = response.json()
        return body

    async def listed(self, who: str) -> list[dict[str, Any]]:
        response = await self.client.get(self.url("questions"), headers=self.h(who))
        assert response.status_code == 200, response.text
        rows: list[dict[str, Any]] = response.json()
        return rows

    async def vote(self, who: str, question_id: str) -> httpx.Response:
        return await self.client.put(
            self.url("questions", question_id, "vote"), headers=self.h(who)
        )

    async def unvote(self, who: str, question_id: str) -> httpx.Response:
        return await self.client.delete(
            self.url("questions", question_id, "vote"), headers=self.h(who)
        )

    async def moderate(self, question_id: str, **patch: Any) -> dict[str, Any]:
        response = await self.client.patch(
            self.url("questions", question_id), json=patch, headers=self.h("admin_a")
        )
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    async def interaction(self, **flags: bool) -> httpx.Response:
        body = {"QnaEnabled": True, "QnaModerated": False, "ReactionsEnabled": True, **flags}
        return await self.client.put(self.url("interaction"), json=body, headers=self.h("admin_a"))

    def frames(self, opcode: Opcode) -> list[tuple[str, dict[str, Any]]]:
        """(channel, payload) of every frame of `opcode` published so far."""
        return [(channel, f.value) for channel, f in self.hub.frames() if f.opcode is opcode]

    def question_frames(self) -> list[tuple[str, dict[str, Any]]]:
        return self.frames(Opcode.QUESTION_NOTIFY)

    def everyone(self) -> str:
        return event_channel(self.event_id)

    def staff(self) -> str:
        return staff_channel(self.event_id)

    def person(self, who: str) -> str:
        return person_channel(self.person_ids[who])


@pytest.fixture(name="b")
async def board(services: Services) -> AsyncIterator[Board]:
    """Event A's keynote, running now; attendee A and `other_a` of A; attendee B of B."""
    hub = RecordingHub()
    app_services = with_hub(services, hub)
    app = app_for(app_services)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://venuely.test/api/v1") as c:
        world = await build_world(services)
        now = services.clock.now()
        keynote = await create(c, world, "Session", session_body(now))
        elsewhere = await create(c, world, "Session", session_body(now), event=world.event_b)
        b = Board(world, app_services, hub, c, keynote["ID"], elsewhere["ID"])
        b.person_ids.update(
            attendee_a=world.attendee_a.id,
            attendee_b=world.attendee_b.id,
            admin_a=world.admin_a.id,
        )
        await b.add_attendee("other_a", first_name="Grace")
        hub.published.clear()
        try:
            yield b
        finally:
            # The app's coalescers may still hold a tick; end them with the test.
            await app_services.background.stop()
