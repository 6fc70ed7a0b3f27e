"""Locations per customer: admins manage them; attendees read their event's enabled ones."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.activities_support import World, build_world
from tests.factories import bearer, grant_admin, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.locations.models import Location


@pytest.fixture
async def world(services: Services) -> World:
    return await build_world(services)


def _url(world: World, suffix: str = "") -> str:
    return f"/customers/{world.customer_a.id}/locations{suffix}"


def _body(world: World, **fields: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "LocationType": "VirtualSpace",
        "Name": "Main hall",
        "EventID": world.event_a.id,
        "VirtualSpaceID": "hall",
        "VirtualSpacepanoIDs": ["lobby", "auditorium"],
    }
    body.update(fields)
    return body


async def _create(client: httpx.AsyncClient, world: World, **fields: Any) -> dict[str, Any]:
    response = await client.post(
        _url(world), json=_body(world, **fields), headers=world.h("admin_a")
    )
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


async def _rows(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(Location)) or 0)


async def test_crud_round_trip(client: httpx.AsyncClient, world: World) -> None:
    made = await _create(client, world, Description="Ground floor", Data={"Capacity": 300})
    assert made["CustomerID"] == world.customer_a.id
    assert made["VirtualSpacepanoIDs"] == ["lobby", "auditorium"]
    assert made["Data"] == {"Capacity": 300}
    url = _url(world, f"/{made['ID']}")
    assert (await client.get(url, headers=world.h("admin_a"))).json() == made
    changed = {**made, "Name": "Hall A", "IsDisabled": True}
    updated = await client.put(url, json=changed, headers=world.h("admin_a"))
    assert updated.status_code == 200
    assert (updated.json()["Name"], updated.json()["IsDisabled"]) == ("Hall A", True)
    assert (await client.delete(url, headers=world.h("admin_a"))).status_code == 204
    gone = await client.get(url, headers=world.h("admin_a"))
    assert gone.json()["Error"]["Code"] == "LOCATION_NOT_FOUND"


async def test_admin_filters(client: httpx.AsyncClient, world: World, services: Services) -> None:
    other_event = await make_event(services, world.customer_a)
    await _create(client, world, Name="hall")
    await _create(client, world, Name="closed", IsDisabled=True)
    await _create(client, world, Name="booth", LocationType="Booth", VirtualSpaceID="expo")
    await _create(client, world, Name="elsewhere", EventID=other_event.id)
    await _create(client, world, Name="shared", EventID=None)
    headers = world.h("admin_a")

    async def names(**params: Any) -> list[str]:
        response = await client.get(_url(world), params=params, headers=headers)
        assert response.status_code == 200, response.text
        return [loc["Name"] for loc in response.json()]

    assert await names() == ["hall", "closed", "booth", "elsewhere", "shared"]
    assert await names(EventID=other_event.id) == ["elsewhere"]
    assert await names(LocationType="Booth") == ["booth"]
    assert await names(VirtualSpaceID="expo") == ["booth"]
    assert await names(IsDisabled="true") == ["closed"]
    assert await names(IsDisabled="false", EventID=world.event_a.id) == ["hall", "booth"]
    bad = await client.get(_url(world), params={"IsDisabled": "maybe"}, headers=headers)
    assert bad.status_code == 422
    assert "IsDisabled" in bad.json()["Error"]["Message"]


async def test_attendees_read_their_events_enabled_locations(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    other_event = await make_event(services, world.customer_a)
    hall = await _create(client, world, Name="hall")
    closed = await _create(client, world, Name="closed", IsDisabled=True)
    elsewhere = await _create(client, world, Name="elsewhere", EventID=other_event.id)
    headers = world.h("attendee_a")
    listed = await client.get(_url(world), params={"EventID": world.event_a.id}, headers=headers)
    assert [loc["ID"] for loc in listed.json()] == [hall["ID"]]
    implicit = await client.get(_url(world), headers=headers)  # the token's event
    assert [loc["ID"] for loc in implicit.json()] == [hall["ID"]]
    assert (await client.get(_url(world, f"/{hall['ID']}"), headers=headers)).status_code == 200
    for hidden in (closed, elsewhere):
        one = await client.get(_url(world, f"/{hidden['ID']}"), headers=headers)
        assert one.status_code == 404
    other = await client.get(_url(world), params={"EventID": other_event.id}, headers=headers)
    assert other.status_code == 403


async def test_event_admins_see_their_events_disabled_locations(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    closed = await _create(client, world, Name="closed", IsDisabled=True)
    event_admin = await make_person(services)
    await grant_admin(
        services,
        event_admin,
        AdminType.EVENT,
        event_id=world.event_a.id,
        customer_id=world.customer_a.id,
    )
    headers = bearer(await token_for(services, event_admin))
    listed = await client.get(_url(world), params={"EventID": world.event_a.id}, headers=headers)
    assert [loc["ID"] for loc in listed.json()] == [closed["ID"]]
    without_event = await client.get(_url(world), headers=headers)
    assert without_event.status_code == 403
    write = await client.post(_url(world), json=_body(world), headers=headers)
    assert write.status_code == 403


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 401), ("attendee_a", 403), ("attendee_b", 403), ("admin_b", 403)],
)
async def test_writes_need_customer_admin(
    client: httpx.AsyncClient, world: World, services: Services, who: str, status: int
) -> None:
    made = await _create(client, world)
    url = _url(world, f"/{made['ID']}")
    headers = world.h(who)
    assert (
        await client.post(_url(world), json=_body(world), headers=headers)
    ).status_code == status
    assert (await client.put(url, json=made, headers=headers)).status_code == status
    assert (await client.delete(url, headers=headers)).status_code == status
    assert await _rows(services) == 1


async def test_other_customers_are_kept_apart(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    made = await _create(client, world)
    foreign = await client.get(_url(world), headers=world.h("attendee_b"))
    assert foreign.status_code == 403
    b_reads_a = await client.get(
        _url(world), params={"EventID": world.event_b.id}, headers=world.h("attendee_b")
    )
    assert b_reads_a.status_code == 403
    via_b = await client.get(
        f"/customers/{world.customer_b.id}/locations/{made['ID']}", headers=world.h("admin_b")
    )
    assert via_b.status_code == 404
    into_b_event = await client.post(
        _url(world), json=_body(world, EventID=world.event_b.id), headers=world.h("admin_a")
    )
    assert into_b_event.status_code == 404
    assert into_b_event.json()["Error"]["Code"] == "EVENT_NOT_FOUND"
    unknown = await client.get(f"/customers/{new_id()}/locations", headers=world.h("admin_a"))
    assert unknown.json()["Error"]["Code"] == "CUSTOMER_NOT_FOUND"
    assert await _rows(services) == 1


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"LocationType": None}, "MISSING_PARAMETER"),
        ({"Name": None}, "MISSING_PARAMETER"),
        ({"Name": ""}, "VALIDATION_ERROR"),
        ({"IsDisabled": "sometimes"}, "VALIDATION_ERROR"),
        ({"VirtualSpacepanoIDs": "lobby"}, "VALIDATION_ERROR"),
        ({"VirtualSpacepanoIDs": ["../etc"]}, "VALIDATION_ERROR"),
        ({"EventID": "nope"}, "VALIDATION_ERROR"),
        ({"Colour": "red"}, "VALIDATION_ERROR"),
        ({"Data": {"Seats": 2**80}}, "VALIDATION_ERROR"),  # beyond what JSON storage keeps
    ],
)
async def test_bad_bodies_are_refused(
    client: httpx.AsyncClient,
    world: World,
    services: Services,
    change: dict[str, Any],
    code: str,
) -> None:
    body = _body(world)
    for key, value in change.items():
        if value is None:
            body.pop(key)
        else:
            body[key] = value
    response = await client.post(_url(world), json=body, headers=world.h("admin_a"))
    assert response.status_code == 422
    assert response.json()["Error"]["Code"] == code
    assert await _rows(services) == 0


async def test_identity_must_match_on_update(client: httpx.AsyncClient, world: World) -> None:
    made = await _create(client, world)
    url = _url(world, f"/{made['ID']}")
    for bad in ({**made, "ID": new_id()}, {**made, "CustomerID": world.customer_b.id}):
        response = await client.put(url, json=bad, headers=world.h("admin_a"))
        assert response.status_code == 422
    unknown = await client.put(_url(world, f"/{new_id()}"), json=made, headers=world.h("admin_a"))
    assert unknown.status_code == 404
