"""Authorization matrix: every kind of caller against admin-only and event-scoped routes of event A.

Each row names a route and the exact status each caller must get. A cell that answers 2xx where
the table says otherwise is an unexpected allow; the test fails listing every mismatching cell.
Routes that destroy their target get a fresh world per caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from pydantic import TypeAdapter

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import PersonValue
from venuely.admins.models import AdminType
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.menu import MenuItemIn, item_document
from venuely.events.models import EventValue, MenuItem

CALLERS = ("anonymous", "att_a", "att_b", "event_admin_a", "cust_admin_a", "cust_admin_b", "master")


@dataclass
class World:
    event_a: str
    event_b: str
    customer_a: str
    item_a: str
    grant_event_admin_a: str
    spare_person: str
    person_a: str
    email_a: str
    tokens: dict[str, str]


async def build_world(services: Services) -> World:
    customer_a = await make_customer(services, "Customer A")
    customer_b = await make_customer(services, "Customer B")
    event_a = await make_event(services, customer_a)
    event_b = await make_event(services, customer_b)
    att_a = await make_person(services, event=event_a)
    att_b = await make_person(services, event=event_b)
    event_admin = await make_person(services)
    cust_admin_a = await make_person(services)
    cust_admin_b = await make_person(services)
    master = await make_person(services)
    spare = await make_person(services)
    grant = await grant_admin(
        services, event_admin, AdminType.EVENT, event_id=event_a.id, customer_id=customer_a.id
    )
    await grant_admin(services, cust_admin_a, AdminType.CUSTOMER, customer_id=customer_a.id)
    await grant_admin(services, cust_admin_b, AdminType.CUSTOMER, customer_id=customer_b.id)
    await grant_admin(services, master, AdminType.MASTER)
    now = services.clock.now()
    item_id = new_id()
    async with services.db.session() as session:
        session.add(EventValue(event_id=event_a.id, key="k", value={"a": 1}, updated_at=now))
        session.add(PersonValue(person_id=att_a.id, key="k", value=1, updated_at=now))
        session.add(
            MenuItem(
                id=item_id,
                event_id=event_a.id,
                position="Top",
                index=1,
                is_visible=True,
                type="Module",
                document=item_document(TypeAdapter(MenuItemIn).validate_python(_menu_item())),
                created_at=now,
                updated_at=now,
            )
        )
    tokens = {
        "att_a": await token_for(services, att_a, event_a),
        "att_b": await token_for(services, att_b, event_b),
        "event_admin_a": await token_for(services, event_admin),
        "cust_admin_a": await token_for(services, cust_admin_a),
        "cust_admin_b": await token_for(services, cust_admin_b),
        "master": await token_for(services, master),
    }
    return World(
        event_a=event_a.id,
        event_b=event_b.id,
        customer_a=customer_a.id,
        item_a=item_id,
        grant_event_admin_a=grant.id,
        spare_person=spare.id,
        person_a=att_a.id,
        email_a=att_a.login_email,
        tokens=tokens,
    )


def _menu_item() -> dict[str, Any]:
    return {
        "Position": "Top",
        "Index": 1,
        "Name": "Agenda",
        "Type": "Module",
        "Data": {"module": "agenda"},
    }


def _event_body() -> dict[str, Any]:
    return {
        "Title": "New",
        "InternalName": f"new-{new_id()[-10:]}",
        "DateBeginUTC": "2030-01-01T10:00:00Z",
        "DateEndUTC": "2030-01-02T10:00:00Z",
    }


@dataclass(frozen=True)
class Row:
    method: str
    path: str
    expected: tuple[int, int, int, int, int, int, int]
    body: Callable[[World], Any] | None = None
    destructive: bool = False

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


ROWS = [
    #                                                     anon att_a att_b evadm custA custB master
    Row("GET", "/events/{A}", (401, 403, 403, 200, 200, 403, 200)),
    Row("PUT", "/events/{A}", (401, 403, 403, 200, 200, 403, 200), lambda w: {"Title": "T2"}),
    Row("DELETE", "/events/{A}", (401, 403, 403, 403, 204, 403, 204), destructive=True),
    Row("GET", "/events/{A}/public", (401, 200, 403, 200, 200, 403, 200)),
    Row("GET", "/events/{A}/email-whitelist", (401, 200, 403, 200, 200, 403, 200)),
    Row(
        "PUT",
        "/events/{A}/email-whitelist",
        (401, 403, 403, 200, 200, 403, 200),
        lambda w: {"Entries": []},
    ),
    Row("GET", "/events/{A}/values/k", (401, 200, 403, 200, 200, 403, 200)),
    Row("POST", "/events/{A}/values/k", (401, 403, 403, 200, 200, 403, 200), lambda w: [1]),
    Row("GET", "/events/{A}/attendees/ids", (401, 200, 403, 200, 200, 403, 200)),
    Row("POST", "/events/{A}/menu", (401, 403, 403, 201, 201, 403, 201), lambda w: _menu_item()),
    Row(
        "PUT",
        "/events/{A}/menu/{ITEM}",
        (401, 403, 403, 200, 200, 403, 200),
        lambda w: _menu_item(),
    ),
    Row("DELETE", "/events/{A}/menu/{ITEM}", (401, 403, 403, 204, 204, 403, 204), destructive=True),
    Row(
        "PUT",
        "/events/{A}/menu/default",
        (401, 403, 403, 200, 200, 403, 200),
        lambda w: {"ID": w.item_a},
    ),
    Row("GET", "/customers/{C}/events", (401, 403, 403, 403, 200, 403, 200)),
    Row(
        "POST",
        "/customers/{C}/events",
        (401, 403, 403, 403, 201, 403, 201),
        lambda w: _event_body(),
    ),
    Row("GET", "/events/getallevents", (401, 403, 403, 403, 403, 403, 200)),
    Row("GET", "/events/id/{A}/metadata", (200, 200, 200, 200, 200, 200, 200)),
    Row("GET", "/admins", (401, 403, 403, 200, 200, 200, 200)),
    Row("GET", "/admins/listadmins/Event?EventID={A}", (401, 403, 403, 200, 200, 200, 200)),
    Row(
        "POST",
        "/admins",
        (401, 403, 403, 403, 201, 403, 201),
        lambda w: {"PersonID": w.spare_person, "AdminType": "Event", "EventID": w.event_a},
        destructive=True,
    ),
    Row("GET", "/admins/{GRANT}", (401, 403, 403, 200, 200, 404, 200)),
    Row(
        "PUT",
        "/admins/{GRANT}",
        (401, 403, 403, 403, 200, 404, 200),
        lambda w: {"Roles": ["Moderator"]},
    ),
    Row("DELETE", "/admins/{GRANT}", (401, 403, 403, 403, 204, 404, 204), destructive=True),
    Row("POST", "/admins/{GRANT}/sendnewadmininfomail", (401, 403, 403, 403, 202, 404, 202)),
    Row(
        "GET",
        "/admins/getiseventorcustomerormasteradmin?EventID={A}",
        (401, 200, 200, 200, 200, 200, 200),
    ),
    Row("GET", "/admins/getismasteradmin", (401, 200, 200, 200, 200, 200, 200)),
    # Persons: attendee A's own record. Outside their scope, admins and attendees get 404.
    Row("GET", "/persons", (401, 403, 403, 200, 200, 200, 200)),
    Row(
        "POST",
        "/persons",
        (401, 403, 403, 201, 201, 403, 201),
        lambda w: {
            "FirstName": "New",
            "LastName": "Person",
            "LoginEMail": f"new-{new_id()}@example.com",
            "EventID": w.event_a,
        },
    ),
    Row("GET", "/personbyemail?EMail={EMAIL}", (401, 403, 403, 200, 200, 404, 200)),
    Row("GET", "/persons/{P}", (401, 200, 404, 200, 200, 404, 200)),
    Row("PUT", "/persons/{P}", (401, 200, 404, 200, 200, 404, 200), lambda w: {"FirstName": "X"}),
    Row("DELETE", "/persons/{P}", (401, 204, 404, 403, 204, 404, 204), destructive=True),
    Row("GET", "/persons/{P}/values/k", (401, 200, 404, 200, 200, 404, 200)),
    Row("POST", "/persons/{P}/values/k", (401, 200, 404, 200, 200, 404, 200), lambda w: 2),
]


def _path(row: Row, world: World) -> str:
    return (
        row.path.replace("{A}", world.event_a)
        .replace("{C}", world.customer_a)
        .replace("{ITEM}", world.item_a)
        .replace("{GRANT}", world.grant_event_admin_a)
        .replace("{P}", world.person_a)
        .replace("{EMAIL}", world.email_a)
    )


async def _call(client: httpx.AsyncClient, row: Row, world: World, caller: str) -> int:
    headers = bearer(world.tokens[caller]) if caller in world.tokens else {}
    kwargs: dict[str, Any] = {"headers": headers}
    if row.body is not None:
        kwargs["json"] = row.body(world)
    response = await client.request(row.method, _path(row, world), **kwargs)
    return response.status_code


@pytest.mark.usefixtures("mailbox")
@pytest.mark.parametrize("row", ROWS, ids=str)
async def test_authorization_matrix(
    client: httpx.AsyncClient, services: Services, row: Row
) -> None:
    world = await build_world(services)
    mismatches = []
    for caller, expected in zip(CALLERS, row.expected, strict=True):
        if row.destructive:
            world = await build_world(services)
        status = await _call(client, row, world, caller)
        if status != expected:
            mismatches.append(f"{caller}: expected {expected}, got {status}")
    assert mismatches == []


async def test_is_admin_answers_depend_on_the_caller(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    path = f"/admins/getiseventorcustomerormasteradmin?EventID={world.event_a}"
    answers = {
        caller: (await client.get(path, headers=bearer(world.tokens[caller]))).json()
        for caller in CALLERS[1:]
    }
    assert answers == {
        "att_a": False,
        "att_b": False,
        "event_admin_a": True,
        "cust_admin_a": True,
        "cust_admin_b": False,
        "master": True,
    }
