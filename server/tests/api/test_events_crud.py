"""Events per customer: create, list and search, read, update, delete."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.models import Admin, AdminType
from venuely.core.ids import NULL_ID
from venuely.core.services import Services
from venuely.events import service as event_service
from venuely.events.models import Customer, Event, WhitelistEntry


def event_body(**overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "Title": "Summer Summit",
        "InternalName": "summer-summit",
        "DateBeginUTC": "2030-06-01T08:00:00Z",
        "DateEndUTC": "2030-06-02T18:00:00Z",
    }
    body.update(overrides)
    return body


async def customer_admin(services: Services, customer: Customer) -> dict[str, str]:
    person = await make_person(services)
    await grant_admin(services, person, AdminType.CUSTOMER, customer_id=customer.id)
    return bearer(await token_for(services, person))


async def event_count(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(Event)) or 0)


async def test_create_event_returns_the_admin_view(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    headers = await customer_admin(services, customer)
    body = event_body(
        InternalName="Summer-Summit",
        TimeZone="Europe/Berlin",
        DefaultLanguage="de",
        IsListed=True,
        Tracking={"URL": "https://stats.example.com", "SiteID": "7"},
        EventModules={"Chat": {"Enabled": True}},
    )
    response = await client.post(f"/customers/{customer.id}/events", json=body, headers=headers)
    assert response.status_code == 201, response.text
    data = response.json()
    assert data["InternalName"] == "summer-summit"  # stored lower-case
    assert data["CustomerID"] == customer.id
    assert data["TimeZone"] == "Europe/Berlin"
    assert data["DefaultLanguage"] == "de"
    assert data["DefaultPage"] == NULL_ID
    assert data["DateBeginUTC"] == "2030-06-01T08:00:00Z"
    assert data["Tracking"] == {"URL": "https://stats.example.com", "SiteID": "7"}
    assert data["EventModules"] == {"Chat": {"Enabled": True}}
    fetched = await client.get(f"/events/{data['ID']}", headers=headers)
    assert fetched.json() == data


async def test_naive_and_offset_times_are_read_as_utc(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    headers = await customer_admin(services, customer)
    body = event_body(DateBeginUTC="2030-06-01T08:00:00", DateEndUTC="2030-06-01T12:00:00+02:00")
    response = await client.post(f"/customers/{customer.id}/events", json=body, headers=headers)
    assert response.status_code == 201, response.text
    assert response.json()["DateBeginUTC"] == "2030-06-01T08:00:00Z"
    assert response.json()["DateEndUTC"] == "2030-06-01T10:00:00Z"


@pytest.mark.parametrize(
    ("overrides", "name"),
    [
        ({"InternalName": "api"}, "InternalName"),
        ({"InternalName": "privacy"}, "InternalName"),
        ({"InternalName": "manage"}, "InternalName"),
        ({"InternalName": "Tours"}, "InternalName"),
        ({"InternalName": "-lead"}, "InternalName"),
        ({"InternalName": "a"}, "InternalName"),
        ({"InternalName": "has space"}, "InternalName"),
        ({"TimeZone": "Mars/Olympus"}, "TimeZone"),
        ({"DefaultLanguage": "pt"}, "DefaultLanguage"),
        ({"DateEndUTC": "2030-06-01T08:00:00Z"}, "body"),
        ({"DateBeginUTC": "not a date"}, "DateBeginUTC"),
        ({"IsListed": "sometimes"}, "IsListed"),
        ({"Tracking": {"URL": "javascript:alert(1)"}}, "Tracking.URL"),
        ({"PanoURL": "ftp://example.com/tour"}, "PanoURL"),
        ({"Title": "x" * 201}, "Title"),
        ({"Unexpected": 1}, "Unexpected"),
        ({"EmailWhitelist": ["not an entry"]}, "EmailWhitelist.0"),
    ],
)
async def test_create_event_refuses_bad_fields(
    client: httpx.AsyncClient, services: Services, overrides: dict[str, Any], name: str
) -> None:
    customer = await make_customer(services)
    headers = await customer_admin(services, customer)
    response = await client.post(
        f"/customers/{customer.id}/events", json=event_body(**overrides), headers=headers
    )
    assert response.status_code == 422, response.text
    error = response.json()["Error"]
    assert error["Code"] == "VALIDATION_ERROR"
    assert error["Data"]["Problems"][0]["Name"] == name
    assert await event_count(services) == 0


async def test_missing_title_names_parameter_and_operation(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    headers = await customer_admin(services, customer)
    body = event_body()
    del body["Title"]
    response = await client.post(f"/customers/{customer.id}/events", json=body, headers=headers)
    assert response.status_code == 422
    error = response.json()["Error"]
    assert error["Code"] == "MISSING_PARAMETER"
    assert error["Data"]["Parameters"] == ["Title"]
    assert error["Data"]["Operation"] == "create_event"
    assert "Title" in error["Message"]


async def test_malformed_json_is_refused(client: httpx.AsyncClient, services: Services) -> None:
    customer = await make_customer(services)
    headers = await customer_admin(services, customer)
    response = await client.post(
        f"/customers/{customer.id}/events",
        content=b'{"Title": ',
        headers=headers | {"content-type": "application/json"},
    )
    assert response.status_code == 422
    assert await event_count(services) == 0


async def test_internal_name_must_be_unique_case_insensitively(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    await make_event(services, customer, internal_name="taken-name")
    headers = await customer_admin(services, customer)
    response = await client.post(
        f"/customers/{customer.id}/events",
        json=event_body(InternalName="Taken-Name"),
        headers=headers,
    )
    assert response.status_code == 409
    assert response.json()["Error"]["Code"] == "INTERNAL_NAME_TAKEN"
    assert await event_count(services) == 1


async def test_create_event_scope(client: httpx.AsyncClient, services: Services) -> None:
    customer = await make_customer(services)
    other = await make_customer(services, "Other")
    headers = await customer_admin(services, other)
    response = await client.post(
        f"/customers/{customer.id}/events", json=event_body(), headers=headers
    )
    assert response.status_code == 403
    unknown = await client.post(f"/customers/{'a' * 24}/events", json=event_body(), headers=headers)
    assert unknown.status_code == 404
    assert unknown.json()["Error"]["Code"] == "CUSTOMER_NOT_FOUND"
    bad_id = await client.post("/customers/xyz/events", json=event_body(), headers=headers)
    assert bad_id.status_code == 422
    anonymous = await client.post(f"/customers/{customer.id}/events", json=event_body())
    assert anonymous.status_code == 401
    assert await event_count(services) == 0


async def test_created_event_runs_the_registered_hooks(
    client: httpx.AsyncClient, services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []

    async def hook(_session: Any, _services: Services, event: Event) -> None:
        seen.append(event.internal_name)

    monkeypatch.setattr(event_service, "on_event_created", [hook])
    customer = await make_customer(services)
    headers = await customer_admin(services, customer)
    response = await client.post(
        f"/customers/{customer.id}/events", json=event_body(), headers=headers
    )
    assert response.status_code == 201
    assert seen == ["summer-summit"]


async def test_list_customer_events_searches_and_pages(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    other = await make_customer(services, "Other")
    first = await make_event(services, customer, internal_name="alpha-day", title="Alpha Day")
    second = await make_event(services, customer, internal_name="beta-day", title="Beta Night")
    await make_event(services, other, internal_name="alpha-other", title="Alpha Elsewhere")
    headers = await customer_admin(services, customer)
    everything = await client.get(f"/customers/{customer.id}/events", headers=headers)
    assert [e["ID"] for e in everything.json()] == [first.id, second.id]
    by_title = await client.get(
        f"/customers/{customer.id}/events", params={"search": "NIGHT"}, headers=headers
    )
    assert [e["ID"] for e in by_title.json()] == [second.id]
    by_name = await client.get(
        f"/customers/{customer.id}/events", params={"search": "alpha"}, headers=headers
    )
    assert [e["ID"] for e in by_name.json()] == [first.id]
    page = await client.get(
        f"/customers/{customer.id}/events",
        params={"StartID": first.id, "MaxCount": 1},
        headers=headers,
    )
    assert [e["ID"] for e in page.json()] == [second.id]
    too_many = await client.get(
        f"/customers/{customer.id}/events", params={"MaxCount": 0}, headers=headers
    )
    assert too_many.status_code == 422


async def test_update_changes_only_the_fields_sent(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer, internal_name="old-name", description="Keep me")
    headers = await customer_admin(services, customer)
    response = await client.put(
        f"/events/{event.id}",
        json={
            "Title": "New title",
            "InternalName": "New-Name",
            "IsUseIsolation": True,
            "Isolations": ["auditorium"],
        },
        headers=headers,
    )
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["Title"] == "New title"
    assert data["InternalName"] == "new-name"
    assert data["Description"] == "Keep me"
    assert data["Isolations"] == ["auditorium"]
    # The whole object a client got from GET can be sent back unchanged.
    again = await client.put(f"/events/{event.id}", json=data, headers=headers)
    assert again.status_code == 200, again.text
    assert again.json()["Title"] == "New title"


@pytest.mark.parametrize(
    "body",
    [
        {"DateEndUTC": "2000-01-01T00:00:00Z"},
        {"ID": "b" * 24},
        {"CustomerID": "b" * 24},
        {"Title": None},
        {"Title": ""},
        {"InternalName": "static"},
        {"ExtraField": True},
    ],
)
async def test_update_refuses_bad_changes(
    client: httpx.AsyncClient, services: Services, body: dict[str, Any]
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer, internal_name="stays-same")
    headers = await customer_admin(services, customer)
    response = await client.put(f"/events/{event.id}", json=body, headers=headers)
    assert response.status_code == 422, response.text
    after = await client.get(f"/events/{event.id}", headers=headers)
    assert after.json()["InternalName"] == "stays-same"
    assert after.json()["Title"] == "Test Event"


async def test_update_to_a_taken_name_is_409(client: httpx.AsyncClient, services: Services) -> None:
    customer = await make_customer(services)
    await make_event(services, customer, internal_name="first-one")
    event = await make_event(services, customer, internal_name="second-one")
    headers = await customer_admin(services, customer)
    response = await client.put(
        f"/events/{event.id}", json={"InternalName": "FIRST-ONE"}, headers=headers
    )
    assert response.status_code == 409
    assert response.json()["Error"]["Code"] == "INTERNAL_NAME_TAKEN"


async def test_update_default_page_must_name_an_item(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    headers = await customer_admin(services, customer)
    response = await client.put(
        f"/events/{event.id}", json={"DefaultPage": "c" * 24}, headers=headers
    )
    assert response.status_code == 404
    assert response.json()["Error"]["Code"] == "MENU_ITEM_NOT_FOUND"


async def test_update_may_replace_the_whitelist(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer, whitelist=["old.example"])
    headers = await customer_admin(services, customer)
    response = await client.put(
        f"/events/{event.id}", json={"EmailWhitelist": ["@New.Example"]}, headers=headers
    )
    assert response.status_code == 200
    async with services.db.session() as session:
        entries = (await session.scalars(select(WhitelistEntry.entry))).all()
    assert list(entries) == ["new.example"]


async def test_unknown_event_is_404(client: httpx.AsyncClient, services: Services) -> None:
    master = await make_person(services)
    await grant_admin(services, master, AdminType.MASTER)
    headers = bearer(await token_for(services, master))
    response = await client.get(f"/events/{'d' * 24}", headers=headers)
    assert response.status_code == 404
    assert response.json()["Error"]["Code"] == "EVENT_NOT_FOUND"


async def test_delete_event_needs_customer_rights_and_removes_its_grants(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    event_admin = await make_person(services)
    await grant_admin(
        services, event_admin, AdminType.EVENT, event_id=event.id, customer_id=customer.id
    )
    refused = await client.delete(
        f"/events/{event.id}", headers=bearer(await token_for(services, event_admin))
    )
    assert refused.status_code == 403
    assert await event_count(services) == 1
    headers = await customer_admin(services, customer)
    deleted = await client.delete(f"/events/{event.id}", headers=headers)
    assert deleted.status_code == 204
    assert (await client.get(f"/events/{event.id}", headers=headers)).status_code == 404
    async with services.db.session() as session:
        grants = (await session.scalars(select(Admin).where(Admin.event_id == event.id))).all()
        person = await session.get(Person, event_admin.id)
    assert grants == []
    assert person is not None  # the person stays; only their right on the event goes
