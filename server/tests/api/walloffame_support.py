"""Shared steps of the Wall of Fame tests: an event with two attendees ("ada" submits, "bob"
looks on), its organizer ("olivia") and a second event with its attendee ("eve") and organizer
("oscar"); the event's categories; a hub that records what is published; calls by name."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from PIL import Image
from sqlalchemy import func, select

from tests.api.chat_support import Published, RecordingHub, install_hub
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.models import AdminType
from venuely.core.db import Base
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.realtime.opcodes import Opcode

CATEGORIES = ["Energy", "Health", "Community"]
PROJECT = {
    "Title": "Solar kiosk",
    "Category": "Energy",
    "Description": "A kiosk that runs on sunlight.",
    "Link": "https://example.org/solar",
}


def png(colour: tuple[int, int, int] = (200, 80, 40), size: tuple[int, int] = (640, 480)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


@dataclass
class Wall:
    client: httpx.AsyncClient
    services: Services
    hub: RecordingHub
    event: Event
    other_event: Event
    persons: dict[str, Person] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)

    def h(self, who: str) -> dict[str, str]:
        return bearer(self.tokens[who])

    def id(self, who: str) -> str:
        return self.persons[who].id

    def url(self, suffix: str = "", event: Event | None = None) -> str:
        return f"/events/{(event or self.event).id}/walloffame{suffix}"

    async def call(
        self, method: str, suffix: str, who: str, event: Event | None = None, **kwargs: Any
    ) -> httpx.Response:
        return await self.client.request(
            method, self.url(suffix, event), headers=self.h(who), **kwargs
        )

    async def person(self, name: str, event: Event | None, admin_of: Event | None = None) -> None:
        person = await make_person(services=self.services, event=event, first_name=name.title())
        if admin_of is not None:
            await grant_admin(
                self.services,
                person,
                AdminType.EVENT,
                event_id=admin_of.id,
                customer_id=admin_of.customer_id,
            )
        self.persons[name] = person
        self.tokens[name] = await token_for(self.services, person, event)

    async def submit(self, who: str = "ada", **fields: Any) -> dict[str, Any]:
        response = await self.call("POST", "/projects", who, json={**PROJECT, **fields})
        assert response.status_code == 201, response.text
        project: dict[str, Any] = response.json()
        return project

    async def act(
        self, project: dict[str, Any], action: str, who: str = "olivia", **kwargs: Any
    ) -> httpx.Response:
        method = "PUT" if action == "featured" else "POST"
        return await self.call(method, f"/projects/{project['ID']}/{action}", who, **kwargs)

    async def approved(self, who: str = "ada", **fields: Any) -> dict[str, Any]:
        project = await self.submit(who, **fields)
        response = await self.act(project, "approve")
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    async def get(self, project: dict[str, Any], who: str) -> httpx.Response:
        return await self.call("GET", f"/projects/{project['ID']}", who)

    async def listed(self, who: str, **params: Any) -> list[str]:
        response = await self.call("GET", "/projects", who, params=params)
        assert response.status_code == 200, response.text
        return [p["ID"] for p in response.json()["Projects"]]

    async def upload(
        self, project: dict[str, Any], who: str = "ada", data: bytes | None = None
    ) -> httpx.Response:
        files = {"file": ("picture.png", png() if data is None else data, "image/png")}
        return await self.call("POST", f"/projects/{project['ID']}/pictures", who, files=files)

    def notices(self, project_id: str | None = None) -> list[Published]:
        return [
            p
            for p in self.hub.of(Opcode.WALLOFFAME_PROJECT_NOTIFY)
            if project_id is None or p.payload["ProjectID"] == project_id
        ]

    async def count(self, model: type[Base]) -> int:
        async with self.services.db.session() as session:
            return int(await session.scalar(select(func.count()).select_from(model)) or 0)


@pytest.fixture
async def wall(
    client: httpx.AsyncClient, services: Services, monkeypatch: pytest.MonkeyPatch
) -> Wall:
    customer, other_customer = await make_customer(services), await make_customer(services)
    event = await make_event(services, customer)
    other_event = await make_event(services, other_customer)
    found = Wall(client, services, install_hub(monkeypatch), event, other_event)
    await found.person("ada", event)
    await found.person("bob", event)
    await found.person("eve", other_event)
    await found.person("olivia", None, admin_of=event)
    await found.person("oscar", None, admin_of=other_event)
    put = await found.call("PUT", "/categories", "olivia", json=CATEGORIES)
    assert put.status_code == 200, put.text
    found.hub.published.clear()
    return found
