"""Shared steps of the help desk tests: an event with attendees ("ada" asks, "bob" is another
attendee), a named agent ("sam", named through the API), an admin of the event ("olivia") and a
second event with its own attendee ("eve") and admin ("oscar"); a hub that records what is
published and which sockets join which channels; calls by name."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.chat_support import Published, RecordingHub, install_hub, tmp_id
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.models import AdminType
from venuely.chat.models import ChatMessage
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.helpdesk.models import HelpdeskTicket
from venuely.realtime.opcodes import Opcode


@dataclass
class Desk:
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
        return f"/events/{(event or self.event).id}/helpdesk{suffix}"

    async def call(
        self, method: str, suffix: str, who: str, event: Event | None = None, **kwargs: Any
    ) -> httpx.Response:
        return await self.client.request(
            method, self.url(suffix, event), headers=self.h(who), **kwargs
        )

    async def attendee(self, name: str, event: Event | None = None) -> Person:
        event = event or self.event
        person = await make_person(self.services, event=event, first_name=name.title())
        self.persons[name] = person
        self.tokens[name] = await token_for(self.services, person, event)
        return person

    async def open(
        self, who: str = "ada", topic: str = "No sound in the keynote", **fields: Any
    ) -> dict[str, Any]:
        body = {"Topic": topic, "Text": "I hear nothing at all", "TmpID": tmp_id(), **fields}
        response = await self.call("POST", "/tickets", who, json=body)
        assert response.status_code == 201, response.text
        ticket: dict[str, Any] = response.json()
        return ticket

    async def act(self, ticket: dict[str, Any], action: str, who: str) -> httpx.Response:
        """A ticket action, on the path of the ticket's own event."""
        url = f"/events/{ticket['EventID']}/helpdesk/tickets/{ticket['ID']}/{action}"
        return await self.client.post(url, headers=self.h(who))

    async def ticket(self, ticket: dict[str, Any], who: str = "olivia") -> dict[str, Any]:
        url = f"/events/{ticket['EventID']}/helpdesk/tickets/{ticket['ID']}"
        response = await self.client.get(url, headers=self.h(who))
        assert response.status_code == 200, response.text
        found: dict[str, Any] = response.json()
        return found

    async def say(
        self, ticket: dict[str, Any], who: str, text: str = "Any news?"
    ) -> httpx.Response:
        """A chat message into the ticket's room, through chat's own route."""
        return await self.client.post(
            f"/events/{self.event.id}/chat-rooms/{ticket['ChatroomID']}/chat-messages",
            json={"TmpID": tmp_id(), "Text": text},
            headers=self.h(who),
        )

    async def messages(self, ticket: dict[str, Any], who: str) -> httpx.Response:
        return await self.client.get(
            f"/events/{self.event.id}/chat-rooms/{ticket['ChatroomID']}/chat-messages",
            headers=self.h(who),
        )

    def notices(self, ticket_id: str | None = None) -> list[Published]:
        return [
            p
            for p in self.hub.of(Opcode.HELPDESK_TICKET_NOTIFY)
            if ticket_id is None or p.payload["ID"] == ticket_id
        ]

    async def stored_messages(self, chatroom_id: str) -> int:
        async with self.services.db.session() as session:
            count = await session.scalar(
                select(func.count()).where(ChatMessage.chatroom_id == chatroom_id)
            )
        return int(count or 0)

    async def stored_tickets(self) -> int:
        async with self.services.db.session() as session:
            return int(await session.scalar(select(func.count()).select_from(HelpdeskTicket)) or 0)


@pytest.fixture
async def desk(
    client: httpx.AsyncClient, services: Services, monkeypatch: pytest.MonkeyPatch
) -> Desk:
    customer, other_customer = await make_customer(services), await make_customer(services)
    event = await make_event(services, customer)
    other_event = await make_event(services, other_customer)
    found = Desk(client, services, install_hub(monkeypatch), event, other_event)
    for name in ("ada", "bob", "sam"):
        await found.attendee(name)
    await found.attendee("eve", other_event)
    for name, where in (("olivia", event), ("oscar", other_event)):
        admin = await make_person(services, first_name=name.title(), last_name="Organizer")
        await grant_admin(
            services, admin, AdminType.EVENT, event_id=where.id, customer_id=where.customer_id
        )
        found.persons[name] = admin
        found.tokens[name] = await token_for(services, admin)
    named = await found.call("PUT", f"/agents/{found.id('sam')}", "olivia")
    assert named.status_code == 200, named.text
    found.hub.published.clear()
    found.hub.members.clear()
    return found
