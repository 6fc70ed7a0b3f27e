"""Event values by key and the attendee id list."""

from __future__ import annotations

import httpx
import pytest

from tests.factories import bearer, grant_admin, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Event


async def _admin(services: Services, event: Event) -> dict[str, str]:
    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.CUSTOMER, customer_id=event.customer_id)
    return bearer(await token_for(services, admin))


async def _attendee(services: Services, event: Event) -> dict[str, str]:
    person = await make_person(services, event=event)
    return bearer(await token_for(services, person, event))


@pytest.mark.parametrize("value", [{"Day": 2, "Tags": ["a"]}, [1, 2], "text", 42, True])
async def test_admin_writes_and_attendee_reads_a_value(
    client: httpx.AsyncClient, services: Services, value: object
) -> None:
    event = await make_event(services)
    path = f"/events/{event.id}/values/Var_EventDay.v1"
    written = await client.post(path, json=value, headers=await _admin(services, event))
    assert written.status_code == 200, written.text
    assert written.json() == value
    read = await client.get(path, headers=await _attendee(services, event))
    assert read.status_code == 200
    assert read.json() == value


async def test_a_value_can_be_overwritten(client: httpx.AsyncClient, services: Services) -> None:
    event = await make_event(services)
    admin = await _admin(services, event)
    path = f"/events/{event.id}/values/k"
    await client.post(path, json={"v": 1}, headers=admin)
    await client.post(path, json={"v": 2}, headers=admin)
    assert (await client.get(path, headers=admin)).json() == {"v": 2}


async def test_value_errors(client: httpx.AsyncClient, services: Services) -> None:
    event = await make_event(services)
    other = await make_event(services)
    admin = await _admin(services, event)
    attendee = await _attendee(services, event)
    unknown = await client.get(f"/events/{event.id}/values/none", headers=admin)
    assert unknown.status_code == 404
    assert unknown.json()["Error"]["Code"] == "VALUE_NOT_FOUND"
    bad_key = await client.post(f"/events/{event.id}/values/bad key!", json=1, headers=admin)
    assert bad_key.status_code == 422
    long_key = await client.post(f"/events/{event.id}/values/{'k' * 101}", json=1, headers=admin)
    assert long_key.status_code == 422
    malformed = await client.post(
        f"/events/{event.id}/values/k",
        content=b"{oops",
        headers=admin | {"content-type": "application/json"},
    )
    assert malformed.status_code == 422
    missing = await client.post(f"/events/{event.id}/values/k", headers=admin)
    assert missing.status_code == 422
    assert missing.json()["Error"]["Code"] == "MISSING_PARAMETER"
    by_attendee = await client.post(f"/events/{event.id}/values/k", json=1, headers=attendee)
    assert by_attendee.status_code == 403
    elsewhere = await client.post(f"/events/{other.id}/values/k", json=1, headers=admin)
    assert elsewhere.status_code == 403
    assert (await client.get(f"/events/{event.id}/values/k", headers=admin)).status_code == 404
    no_token = await client.get(f"/events/{event.id}/values/k")
    assert no_token.status_code == 401


async def test_attendee_ids_search_and_page(client: httpx.AsyncClient, services: Services) -> None:
    event = await make_event(services)
    other = await make_event(services)
    ada = await make_person(services, first_name="Ada", last_name="Lovelace", event=event)
    grace = await make_person(services, first_name="Grace", last_name="Hopper", event=event)
    alan = await make_person(services, first_name="Alan", last_name="Turing", event=event)
    await make_person(services, first_name="Adam", last_name="Elsewhere", event=other)
    headers = bearer(await token_for(services, ada, event))
    path = f"/events/{event.id}/attendees/ids"

    async def ids(**params: str | int) -> list[str]:
        response = await client.get(path, params=params, headers=headers)
        assert response.status_code == 200, response.text
        result: list[str] = response.json()
        return result

    assert await ids() == [ada.id, grace.id, alan.id]
    assert await ids(SearchTerm="HOPPER") == [grace.id]
    assert await ids(SearchTerm="a") == [ada.id, grace.id, alan.id]
    assert await ids(SearchTerm="ada love") == [ada.id]
    assert await ids(SearchTerm="%") == []
    assert await ids(LastID=ada.id, Limit=1) == [grace.id]
    assert await ids(LastID=grace.id) == [alan.id]
    for params in ({"Limit": 0}, {"Limit": 1001}, {"LastID": "x"}, {"Limit": "many"}):
        response = await client.get(path, params=params, headers=headers)
        assert response.status_code == 422, params
