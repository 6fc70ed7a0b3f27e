"""The organizer console's lists: `GET /events/managed` and `GET /customers`, scoped by the
caller's grants (master: all; customer admin: their customers; event admin: their events)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import httpx
import pytest

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.services import Services


@dataclass
class World:
    tokens: dict[str, str]
    ids: dict[str, str]

    def h(self, who: str) -> dict[str, str]:
        return bearer(self.tokens[who])


@pytest.fixture
async def world(services: Services) -> World:
    """Customer Alpha: a past, a running and a future event; customer Beta: one future event."""
    now = services.clock.now()
    alpha = await make_customer(services, "Alpha")
    beta = await make_customer(services, "Beta")
    past = await make_event(
        services,
        alpha,
        title="Spring Summit",
        date_begin=now - timedelta(days=30),
        date_end=now - timedelta(days=29),
    )
    running = await make_event(services, alpha, title="Live Forum")
    future = await make_event(
        services,
        alpha,
        title="Autumn Summit",
        date_begin=now + timedelta(days=10),
        date_end=now + timedelta(days=11),
    )
    other = await make_event(
        services,
        beta,
        title="Beta Day",
        date_begin=now + timedelta(days=5),
        date_end=now + timedelta(days=6),
    )
    names = ("master", "alpha", "moderator", "event", "none")
    people = {name: await make_person(services) for name in names}
    await grant_admin(services, people["master"], AdminType.MASTER)
    await grant_admin(services, people["alpha"], AdminType.CUSTOMER, customer_id=alpha.id)
    await grant_admin(
        services,
        people["moderator"],
        AdminType.CUSTOMER,
        customer_id=alpha.id,
        roles=["moderation"],
    )
    await grant_admin(
        services, people["event"], AdminType.EVENT, event_id=other.id, customer_id=beta.id
    )
    attendee = await make_person(services, event=running)
    tokens = {name: await token_for(services, person) for name, person in people.items()}
    tokens["attendee"] = await token_for(services, attendee, running)
    ids = {
        "past": past.id,
        "running": running.id,
        "future": future.id,
        "other": other.id,
        "alpha": alpha.id,
        "beta": beta.id,
    }
    return World(tokens, ids)


async def _managed(
    client: httpx.AsyncClient, world: World, who: str, **params: Any
) -> list[dict[str, Any]]:
    response = await client.get("/events/managed", params=params, headers=world.h(who))
    assert response.status_code == 200, response.text
    rows: list[dict[str, Any]] = response.json()
    return rows


def _names(world: World, rows: list[dict[str, Any]]) -> list[str]:
    by_id = {v: k for k, v in world.ids.items()}
    return [by_id[row["ID"]] for row in rows]


async def test_each_admin_sees_the_events_they_manage(
    client: httpx.AsyncClient, world: World
) -> None:
    assert _names(world, await _managed(client, world, "master")) == [
        "past",
        "running",
        "other",
        "future",
    ]
    assert _names(world, await _managed(client, world, "alpha")) == ["past", "running", "future"]
    assert _names(world, await _managed(client, world, "event")) == ["other"]


async def test_upcoming_past_and_search(client: httpx.AsyncClient, world: World) -> None:
    upcoming = await _managed(client, world, "master", When="upcoming")
    assert _names(world, upcoming) == ["running", "other", "future"]
    assert _names(world, await _managed(client, world, "master", When="past")) == ["past"]
    found = await _managed(client, world, "alpha", When="upcoming", search="SUMMIT")
    assert _names(world, found) == ["future"]
    assert _names(world, await _managed(client, world, "master", CustomerID=world.ids["beta"])) == [
        "other"
    ]


async def test_pages_continue_after_the_last_event(client: httpx.AsyncClient, world: World) -> None:
    first = await _managed(client, world, "master", When="upcoming", MaxCount=2)
    rest = await _managed(
        client, world, "master", When="upcoming", MaxCount=2, StartID=first[-1]["ID"]
    )
    assert _names(world, first + rest) == ["running", "other", "future"]


async def test_rows_name_the_customer_and_whether_delete_is_allowed(
    client: httpx.AsyncClient, world: World
) -> None:
    (row,) = await _managed(client, world, "event")
    assert row["CustomerName"] == "Beta"
    assert row["MayDelete"] is False
    assert row["InternalName"]
    assert all(r["MayDelete"] for r in await _managed(client, world, "alpha"))


async def test_attendees_and_bad_parameters_are_refused(
    client: httpx.AsyncClient, world: World
) -> None:
    denied = await client.get("/events/managed", headers=world.h("attendee"))
    assert denied.status_code == 403
    assert (await client.get("/events/managed", headers=world.h("none"))).status_code == 403
    bad = await client.get("/events/managed", params={"When": "soon"}, headers=world.h("master"))
    assert bad.status_code == 422
    assert bad.json()["Error"]["Code"] == "VALIDATION_ERROR"


async def test_customers_follow_the_same_scope(client: httpx.AsyncClient, world: World) -> None:
    async def customers(who: str) -> list[tuple[str, bool]]:
        response = await client.get("/customers", headers=world.h(who))
        assert response.status_code == 200, response.text
        return [(c["Name"], c["MayCreateEvents"]) for c in response.json()]

    everyone = await customers("master")
    assert ("Alpha", True) in everyone
    assert ("Beta", True) in everyone
    assert await customers("alpha") == [("Alpha", True)]
    # Creating events is content work: a customer admin holding only moderation may not.
    assert await customers("moderator") == [("Alpha", False)]
    # An event admin sees their event's customer but may not add events to it.
    assert await customers("event") == [("Beta", False)]
    assert (await client.get("/customers", headers=world.h("attendee"))).status_code == 403
