"""Shared steps of the people tests: an event with an organizer holding the `people` role,
attendees, and a statement counter for the rules that must not cost a query."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Event


@dataclass
class PeopleWorld:
    event: Event
    organizer: Person
    organizer_token: str

    @property
    def h(self) -> dict[str, str]:
        return bearer(self.organizer_token)

    def url(self, tail: str = "") -> str:
        return f"/events/{self.event.id}{tail}"


async def build_people_world(services: Services, **event_fields: Any) -> PeopleWorld:
    customer = await make_customer(services)
    event = await make_event(services, customer, **event_fields)
    organizer = await make_person(services)
    await grant_admin(services, organizer, AdminType.EVENT, event_id=event.id, roles=["people"])
    return PeopleWorld(event, organizer, await token_for(services, organizer))


async def put(client: httpx.AsyncClient, world: PeopleWorld, tail: str) -> httpx.Response:
    return await client.put(world.url(tail), headers=world.h)
