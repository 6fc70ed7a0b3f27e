"""Granting, reading, changing and revoking admin rights, with the scope rules of each role."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.models import Admin, AdminType
from venuely.core.services import Services
from venuely.events.models import Customer, Event


@dataclass
class Setup:
    customer: Customer
    other_customer: Customer
    event: Event
    other_event: Event
    target: Person
    master: dict[str, str]
    master_grant: Admin
    customer_admin: dict[str, str]
    event_admin: dict[str, str]
    event_grant: Admin
    other_customer_admin: dict[str, str]


async def _admin(
    services: Services, admin_type: AdminType, **scope: Any
) -> tuple[dict[str, str], Admin]:
    person = await make_person(services)
    grant = await grant_admin(services, person, admin_type, **scope)
    return bearer(await token_for(services, person)), grant


@pytest.fixture
async def setup(services: Services) -> Setup:
    customer = await make_customer(services, "Acme")
    other_customer = await make_customer(services, "Globex")
    event = await make_event(services, customer, title="Acme Days")
    other_event = await make_event(services, other_customer)
    target = await make_person(services, "target@example.com")
    master, master_grant = await _admin(services, AdminType.MASTER)
    customer_admin, _ = await _admin(services, AdminType.CUSTOMER, customer_id=customer.id)
    event_admin, event_grant = await _admin(
        services, AdminType.EVENT, event_id=event.id, customer_id=customer.id
    )
    other_customer_admin, _ = await _admin(
        services, AdminType.CUSTOMER, customer_id=other_customer.id
    )
    return Setup(
        customer,
        other_customer,
        event,
        other_event,
        target,
        master,
        master_grant,
        customer_admin,
        event_admin,
        event_grant,
        other_customer_admin,
    )


async def grant_count(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(Admin)) or 0)


async def test_customer_admin_grants_an_event_right_by_email(
    client: httpx.AsyncClient, services: Services, setup: Setup
) -> None:
    response = await client.post(
        "/admins",
        json={
            "LoginEMail": "TARGET@example.com",
            "AdminType": "Event",
            "EventID": setup.event.id,
            "Roles": ["people", "moderation", "moderation"],
        },
        headers=setup.customer_admin,
    )
    assert response.status_code == 201, response.text
    data = response.json()
    assert data["PersonID"] == setup.target.id
    assert data["AdminType"] == "Event"
    assert data["EventID"] == setup.event.id
    assert data["CustomerID"] == setup.customer.id  # recorded from the event
    assert data["Roles"] == ["moderation", "people"]  # once each, in the canonical order
    fetched = await client.get(f"/admins/{data['ID']}", headers=setup.customer_admin)
    assert fetched.json() == data
    target_headers = bearer(await token_for(services, setup.target))
    event_view = await client.get(f"/events/{setup.event.id}", headers=target_headers)
    assert event_view.status_code == 200  # the new right takes effect


async def test_master_grants_master_and_customer_rights(
    client: httpx.AsyncClient, setup: Setup
) -> None:
    master = await client.post(
        "/admins", json={"PersonID": setup.target.id, "AdminType": "Master"}, headers=setup.master
    )
    assert master.status_code == 201
    assert master.json()["CustomerID"] is None
    customer = await client.post(
        "/admins",
        json={
            "PersonID": setup.target.id,
            "AdminType": "Customer",
            "CustomerID": setup.other_customer.id,
        },
        headers=setup.master,
    )
    assert customer.status_code == 201
    duplicate = await client.post(
        "/admins",
        json={
            "PersonID": setup.target.id,
            "AdminType": "Customer",
            "CustomerID": setup.other_customer.id,
        },
        headers=setup.master,
    )
    assert duplicate.status_code == 409
    assert duplicate.json()["Error"]["Data"]["AdminID"] == customer.json()["ID"]


@pytest.mark.parametrize(
    ("caller", "body", "status"),
    [
        ("event_admin", {"AdminType": "Event", "EventID": "{event}"}, 403),
        ("customer_admin", {"AdminType": "Master"}, 403),
        ("customer_admin", {"AdminType": "Customer", "CustomerID": "{other_customer}"}, 403),
        ("customer_admin", {"AdminType": "Event", "EventID": "{other_event}"}, 403),
        ("other_customer_admin", {"AdminType": "Event", "EventID": "{event}"}, 403),
        ("master", {"AdminType": "Event"}, 422),
        ("master", {"AdminType": "Customer"}, 422),
        ("master", {"AdminType": "Master", "CustomerID": "{customer}"}, 422),
        (
            "master",
            {"AdminType": "Customer", "CustomerID": "{customer}", "EventID": "{event}"},
            422,
        ),
        (
            "master",
            {"AdminType": "Event", "EventID": "{event}", "CustomerID": "{other_customer}"},
            422,
        ),
        ("master", {"AdminType": "Owner"}, 422),
        ("master", {"AdminType": "Event", "EventID": "0123456789abcdef01234567"}, 404),
        ("master", {"AdminType": "Customer", "CustomerID": "0123456789abcdef01234567"}, 404),
        ("master", {"AdminType": "Master", "Roles": ["<script>"]}, 422),
        ("master", {"AdminType": "Master", "Roles": ["content"]}, 422),
        ("master", {"AdminType": "Event", "EventID": "{event}", "Roles": ["Host"]}, 422),
        ("master", {"AdminType": "Master", "Colour": "red"}, 422),
    ],
)
async def test_refused_grants_write_nothing(
    client: httpx.AsyncClient,
    services: Services,
    setup: Setup,
    caller: str,
    body: dict[str, Any],
    status: int,
) -> None:
    ids = {
        "event": setup.event.id,
        "other_event": setup.other_event.id,
        "customer": setup.customer.id,
        "other_customer": setup.other_customer.id,
    }
    filled = {k: v.format(**ids) if isinstance(v, str) else v for k, v in body.items()}
    before = await grant_count(services)
    response = await client.post(
        "/admins", json={"PersonID": setup.target.id, **filled}, headers=getattr(setup, caller)
    )
    assert response.status_code == status, response.text
    assert await grant_count(services) == before


async def test_missing_scope_and_person_name_the_parameter(
    client: httpx.AsyncClient, setup: Setup
) -> None:
    no_event = await client.post(
        "/admins", json={"PersonID": setup.target.id, "AdminType": "Event"}, headers=setup.master
    )
    assert no_event.json()["Error"]["Code"] == "MISSING_PARAMETER"
    assert no_event.json()["Error"]["Data"]["Parameters"] == ["EventID"]
    no_person = await client.post("/admins", json={"AdminType": "Master"}, headers=setup.master)
    assert no_person.status_code == 422
    assert no_person.json()["Error"]["Code"] == "MISSING_PARAMETER"
    no_type = await client.post("/admins", json={"PersonID": setup.target.id}, headers=setup.master)
    assert no_type.json()["Error"]["Data"]["Parameters"] == ["AdminType"]
    assert no_type.json()["Error"]["Data"]["Operation"] == "create_admin"


async def test_unknown_person_is_404(
    client: httpx.AsyncClient, services: Services, setup: Setup
) -> None:
    before = await grant_count(services)
    for who in ({"PersonID": "0" * 23 + "1"}, {"LoginEMail": "ghost@example.com"}):
        response = await client.post(
            "/admins", json={**who, "AdminType": "Master"}, headers=setup.master
        )
        assert response.status_code == 404
        assert response.json()["Error"]["Code"] == "PERSON_NOT_FOUND"
    assert await grant_count(services) == before


async def test_list_shows_only_grants_in_the_callers_scope(
    client: httpx.AsyncClient, setup: Setup
) -> None:
    async def types(headers: dict[str, str], **params: str) -> list[tuple[str, str | None]]:
        response = await client.get("/admins", params=params, headers=headers)
        assert response.status_code == 200
        return sorted((g["AdminType"], g["CustomerID"]) for g in response.json())

    c, o = setup.customer.id, setup.other_customer.id
    assert await types(setup.master) == sorted(
        [("Master", None), ("Customer", c), ("Event", c), ("Customer", o)]
    )
    assert await types(setup.customer_admin) == [("Customer", c), ("Event", c)]
    assert await types(setup.event_admin) == [("Event", c)]
    assert await types(setup.other_customer_admin) == [("Customer", o)]
    assert await types(setup.master, EventID=setup.event.id) == [("Event", c)]
    assert await types(setup.master, CustomerID=o) == [("Customer", o)]
    bad = await client.get("/admins", params={"CustomerID": "nope"}, headers=setup.master)
    assert bad.status_code == 422


async def test_grant_outside_scope_is_not_found(client: httpx.AsyncClient, setup: Setup) -> None:
    path = f"/admins/{setup.event_grant.id}"
    for method in ("GET", "PUT", "DELETE"):
        kwargs: dict[str, Any] = {"json": {"Roles": []}} if method == "PUT" else {}
        response = await client.request(method, path, headers=setup.other_customer_admin, **kwargs)
        assert response.status_code == 404, method
        assert response.json()["Error"]["Code"] == "ADMIN_NOT_FOUND"
    unknown = await client.get(f"/admins/{'7' * 24}", headers=setup.master)
    assert unknown.status_code == 404


async def test_update_roles_and_scope(
    client: httpx.AsyncClient, services: Services, setup: Setup
) -> None:
    path = f"/admins/{setup.event_grant.id}"
    roles = await client.put(path, json={"Roles": ["content"]}, headers=setup.customer_admin)
    assert roles.status_code == 200, roles.text
    assert roles.json()["Roles"] == ["content"]
    assert roles.json()["EventID"] == setup.event.id
    promoted = await client.put(
        path,
        json={"AdminType": "Customer", "CustomerID": setup.customer.id},
        headers=setup.customer_admin,
    )
    assert promoted.status_code == 200, promoted.text
    assert promoted.json()["EventID"] is None
    assert promoted.json()["Roles"] == ["content"]
    # A customer admin may not lift anyone to master, nor move a grant to another customer.
    for body in (
        {"AdminType": "Master"},
        {"CustomerID": setup.other_customer.id},
    ):
        refused = await client.put(path, json=body, headers=setup.customer_admin)
        assert refused.status_code == 403, body
    echoed = await client.put(path, json=promoted.json(), headers=setup.customer_admin)
    assert echoed.status_code == 200
    mismatch = await client.put(
        path, json={"PersonID": setup.target.id}, headers=setup.customer_admin
    )
    assert mismatch.status_code == 422
    after = await client.get(path, headers=setup.master)
    assert after.json()["AdminType"] == "Customer"
    assert after.json()["CustomerID"] == setup.customer.id


async def test_event_admin_may_see_but_not_change_their_grant(
    client: httpx.AsyncClient, services: Services, setup: Setup
) -> None:
    path = f"/admins/{setup.event_grant.id}"
    assert (await client.get(path, headers=setup.event_admin)).status_code == 200
    put = await client.put(path, json={"Roles": ["people"]}, headers=setup.event_admin)
    assert put.status_code == 403
    delete = await client.delete(path, headers=setup.event_admin)
    assert delete.status_code == 403
    assert (await client.get(path, headers=setup.master)).json()["Roles"] == []


async def test_delete_grant_and_the_last_master_stays(
    client: httpx.AsyncClient, services: Services, setup: Setup
) -> None:
    deleted = await client.delete(f"/admins/{setup.event_grant.id}", headers=setup.customer_admin)
    assert deleted.status_code == 204
    assert (
        await client.get(f"/admins/{setup.event_grant.id}", headers=setup.master)
    ).status_code == 404
    last = await client.delete(f"/admins/{setup.master_grant.id}", headers=setup.master)
    assert last.status_code == 409
    assert last.json()["Error"]["Code"] == "CONFLICT"
    demote = await client.put(
        f"/admins/{setup.master_grant.id}",
        json={"AdminType": "Customer", "CustomerID": setup.customer.id},
        headers=setup.master,
    )
    assert demote.status_code == 409
    second = await client.post(
        "/admins", json={"PersonID": setup.target.id, "AdminType": "Master"}, headers=setup.master
    )
    assert second.status_code == 201
    removed = await client.delete(f"/admins/{setup.master_grant.id}", headers=setup.master)
    assert removed.status_code == 204
