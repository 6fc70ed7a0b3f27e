"""Reading and changing a customer: its admins rename it; disabling and enabling it is a master's
decision only; other admins get nothing."""

from __future__ import annotations

from datetime import timedelta

import httpx
from sqlalchemy import select

from tests.api.customers_support import (
    customer_admin_headers,
    event_admin_headers,
    master_headers,
)
from tests.factories import make_customer, make_event
from venuely.core.clock import FrozenClock
from venuely.core.services import Services
from venuely.events.models import Customer


async def _stored(services: Services, customer_id: str) -> tuple[str, bool]:
    async with services.db.session() as session:
        row = (
            await session.execute(
                select(Customer.name, Customer.is_disabled).where(Customer.id == customer_id)
            )
        ).one()
        return row[0], row[1]


async def test_a_customer_admin_reads_and_renames_their_customer(
    client: httpx.AsyncClient, services: Services, clock: FrozenClock
) -> None:
    customer = await make_customer(services, "Acme")
    headers = await customer_admin_headers(services, customer)
    got = await client.get(f"/customers/{customer.id}", headers=headers)
    assert got.status_code == 200, got.text
    assert got.json() == {
        "ID": customer.id,
        "Name": "Acme",
        "IsDisabled": False,
        "MayCreateEvents": True,
        "CreatedAt": got.json()["CreatedAt"],
    }

    clock.advance(timedelta(minutes=1))
    renamed = await client.put(
        f"/customers/{customer.id}", headers=headers, json={"Name": "Acme AG"}
    )
    assert renamed.status_code == 200, renamed.text
    assert renamed.json()["Name"] == "Acme AG"
    assert await _stored(services, customer.id) == ("Acme AG", False)
    async with services.db.session() as session:
        stored = await session.get(Customer, customer.id)
        assert stored is not None
        assert stored.updated_at > stored.created_at

    # Sending the current flag back (a console saving the whole object) is no change.
    echoed = await client.put(
        f"/customers/{customer.id}", headers=headers, json={"Name": "Acme", "IsDisabled": False}
    )
    assert echoed.status_code == 200, echoed.text


async def test_only_masters_disable_and_enable_a_customer(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services, "Acme")
    own = await customer_admin_headers(services, customer)
    master = await master_headers(services)

    refused = await client.put(
        f"/customers/{customer.id}", headers=own, json={"Name": "Renamed", "IsDisabled": True}
    )
    assert refused.status_code == 403
    assert refused.json()["Error"]["Code"] == "FORBIDDEN"
    # Nothing of the refused body was applied, the name included.
    assert await _stored(services, customer.id) == ("Acme", False)

    disabled = await client.put(
        f"/customers/{customer.id}", headers=master, json={"IsDisabled": True}
    )
    assert disabled.status_code == 200, disabled.text
    assert disabled.json()["IsDisabled"] is True
    # Its own admins still read and rename it (they may be sorting things out), but cannot
    # switch it back on.
    seen = await client.get(f"/customers/{customer.id}", headers=own)
    assert seen.json()["IsDisabled"] is True
    assert (
        await client.put(f"/customers/{customer.id}", headers=own, json={"IsDisabled": False})
    ).status_code == 403
    listed = await client.get("/customers", headers=own)
    assert [(c["ID"], c["IsDisabled"]) for c in listed.json()] == [(customer.id, True)]

    enabled = await client.put(
        f"/customers/{customer.id}", headers=master, json={"IsDisabled": False}
    )
    assert enabled.json()["IsDisabled"] is False
    assert await _stored(services, customer.id) == ("Acme", False)


async def test_other_admins_neither_read_nor_change_a_customer(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services, "Acme")
    other = await make_customer(services, "Globex")
    event = await make_event(services, customer)
    for headers in (
        await event_admin_headers(services, event),
        await customer_admin_headers(services, other),
    ):
        assert (await client.get(f"/customers/{customer.id}", headers=headers)).status_code == 403
        put = await client.put(f"/customers/{customer.id}", headers=headers, json={"Name": "Mine"})
        assert put.status_code == 403
    assert await _stored(services, customer.id) == ("Acme", False)
    missing = await client.get(f"/customers/{'0' * 23}1", headers=await master_headers(services))
    assert missing.status_code == 404


async def test_bad_changes_are_refused_and_change_nothing(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services, "Acme")
    await make_customer(services, "Globex")
    headers = await master_headers(services)
    for body, status in (
        ({"Name": ""}, 422),
        ({"Name": "   "}, 422),
        ({"Name": "a\tb"}, 422),
        ({"IsDisabled": "maybe"}, 422),
        ({"Name": "Acme", "MayCreateEvents": False}, 422),
        ({"Name": "GLOBEX"}, 409),
        ({"Name": "Fine", "IsDisabled": None, "ID": customer.id}, 422),
    ):
        response = await client.put(f"/customers/{customer.id}", headers=headers, json=body)
        assert response.status_code == status, (body, response.text)
    assert await _stored(services, customer.id) == ("Acme", False)
