"""A customer's sign-in providers: created, listed, changed and removed by its admins, the
Google preset, the rules an issuer must follow, and a client secret that is stored encrypted
and never sent back."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import TEST_SECRET
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Customer, Event
from venuely.identity import secrets as secretbox
from venuely.identity.discovery import address_problem
from venuely.identity.models import PersonIdentity, SignInProvider
from venuely.settings import Environment, Settings

SECRET = "s3cr3t-client-secret-never-to-be-seen"
ISSUER = "https://login.example.com/realms/acme"


async def _admin_of(services: Services) -> tuple[Customer, Event, dict[str, str]]:
    customer = await make_customer(services, "Acme")
    event = await make_event(services, customer)
    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.CUSTOMER, customer_id=customer.id)
    return customer, event, bearer(await token_for(services, admin))


def _url(customer: Customer, provider_id: str | None = None) -> str:
    base = f"/customers/{customer.id}/sign-in-providers"
    return base if provider_id is None else f"{base}/{provider_id}"


async def _stored(services: Services, provider_id: str) -> SignInProvider:
    async with services.db.session() as session:
        row = await session.get(SignInProvider, provider_id)
    assert row is not None
    return row


async def test_a_provider_is_created_listed_changed_and_removed(
    services: Services, client: httpx.AsyncClient
) -> None:
    customer, event, h = await _admin_of(services)
    body: dict[str, Any] = {
        "Issuer": ISSUER,
        "ClientID": "venuely",
        "ClientSecret": SECRET,
        "Label": "Acme staff",
        "Scopes": "openid email  email profile",
        "EventIDs": [event.id],
    }

    created = await client.post(_url(customer), headers=h, json=body)

    assert created.status_code == 201, created.text
    out = created.json()
    assert out == {
        "ID": out["ID"],
        "CustomerID": customer.id,
        "Kind": "oidc",
        "Label": "Acme staff",
        "Issuer": ISSUER,
        "ClientID": "venuely",
        "HasClientSecret": True,
        "Scopes": "openid email profile",
        "EventIDs": [event.id],
        "IsEnabled": True,
        "CreatedAt": out["CreatedAt"],
    }
    listed = await client.get(_url(customer), headers=h)
    assert listed.json() == [out]

    new_secret = "another-client-secret-of-sorts"
    changed = await client.put(
        _url(customer, out["ID"]),
        headers=h,
        json={**out, "Label": "Staff", "IsEnabled": False, "ClientSecret": new_secret},
    )
    assert changed.status_code == 200, changed.text
    assert (changed.json()["Label"], changed.json()["IsEnabled"]) == ("Staff", False)
    stored = await _stored(services, out["ID"])
    assert secretbox.decrypt(TEST_SECRET, stored.client_secret_enc) == new_secret

    assert (await client.delete(_url(customer, out["ID"]), headers=h)).status_code == 204
    assert (await client.get(_url(customer), headers=h)).json() == []
    gone = await client.put(_url(customer, out["ID"]), headers=h, json={"Label": "x"})
    assert gone.status_code == 404
    assert gone.json()["Error"]["Code"] == "SIGN_IN_PROVIDER_NOT_FOUND"
    for response in (created, listed, changed):
        assert SECRET not in response.text
        assert new_secret not in response.text


async def test_the_client_secret_is_stored_encrypted(
    services: Services, client: httpx.AsyncClient
) -> None:
    customer, _, h = await _admin_of(services)
    created = await client.post(
        _url(customer), headers=h, json={"Issuer": ISSUER, "ClientID": "c", "ClientSecret": SECRET}
    )

    stored = await _stored(services, created.json()["ID"])

    assert SECRET not in stored.client_secret_enc
    assert secretbox.decrypt(TEST_SECRET, stored.client_secret_enc) == SECRET
    with pytest.raises(secretbox.SecretUnreadable):
        secretbox.decrypt("another-secret-key-" + "y" * 40, stored.client_secret_enc)


async def test_google_is_a_preset(services: Services, client: httpx.AsyncClient) -> None:
    customer, _, h = await _admin_of(services)

    google = await client.post(
        _url(customer),
        headers=h,
        json={"Kind": "google", "ClientID": "123.apps", "ClientSecret": "x"},
    )
    not_google = await client.post(
        _url(customer),
        headers=h,
        json={"Kind": "google", "ClientID": "1", "Issuer": "https://evil.example"},
    )

    assert google.status_code == 201, google.text
    assert (google.json()["Issuer"], google.json()["Label"]) == (
        "https://accounts.google.com",
        "Google",
    )
    assert not_google.status_code == 422


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"ClientID": "c"}, "Issuer"),
        ({"Issuer": "http://login.example.com", "ClientID": "c"}, "Issuer"),
        ({"Issuer": "ftp://login.example.com", "ClientID": "c"}, "Issuer"),
        ({"Issuer": "https://u:p@login.example.com", "ClientID": "c"}, "Issuer"),
        ({"Issuer": "https://login.example.com/?x=1", "ClientID": "c"}, "Issuer"),
        ({"Issuer": "not a url", "ClientID": "c"}, "Issuer"),
        ({"Issuer": ISSUER, "ClientID": "c", "Scopes": "email profile"}, "Scopes"),
        ({"Issuer": ISSUER, "ClientID": ""}, "ClientID"),
        ({"Issuer": ISSUER, "ClientID": "c", "Kind": "saml"}, "Kind"),
        ({"Issuer": ISSUER, "ClientID": "c", "Secret": "typo"}, "Secret"),
        ({"Issuer": ISSUER, "ClientID": "c", "EventIDs": ["nope"]}, "EventIDs"),
    ],
)
async def test_bad_provider_input_is_refused_and_nothing_stored(
    services: Services, client: httpx.AsyncClient, body: dict[str, Any], field: str
) -> None:
    customer, _, h = await _admin_of(services)

    refused = await client.post(_url(customer), headers=h, json=body)

    assert refused.status_code == 422, refused.text
    assert field in refused.text
    assert (await client.get(_url(customer), headers=h)).json() == []


async def test_events_of_another_customer_are_refused(
    services: Services, client: httpx.AsyncClient
) -> None:
    customer, event, h = await _admin_of(services)
    foreign = await make_event(services)
    body = {"Issuer": ISSUER, "ClientID": "c", "EventIDs": [event.id, foreign.id]}

    refused = await client.post(_url(customer), headers=h, json=body)

    assert refused.status_code == 422
    assert foreign.id in refused.json()["Error"]["Message"]
    assert (await client.get(_url(customer), headers=h)).json() == []


async def test_another_customers_provider_does_not_exist_here(
    services: Services, client: httpx.AsyncClient
) -> None:
    customer, _, h = await _admin_of(services)
    other, _, other_h = await _admin_of(services)
    theirs = await client.post(
        _url(other), headers=other_h, json={"Issuer": ISSUER, "ClientID": "c"}
    )
    theirs_id = theirs.json()["ID"]

    changed = await client.put(_url(customer, theirs_id), headers=h, json={"Label": "mine"})
    removed = await client.delete(_url(customer, theirs_id), headers=h)
    across = await client.put(_url(other, theirs_id), headers=h, json={"Label": "mine"})

    assert (changed.status_code, removed.status_code, across.status_code) == (404, 404, 403)
    assert (await _stored(services, theirs_id)).label == "login.example.com"


async def test_a_new_issuer_or_client_unlinks_the_identities(
    services: Services, client: httpx.AsyncClient
) -> None:
    """A `sub` is unique per issuer only: an old link could give an account to whoever has the
    same `sub` at the new one."""
    customer, _, h = await _admin_of(services)
    created = (
        await client.post(_url(customer), headers=h, json={"Issuer": ISSUER, "ClientID": "c"})
    ).json()
    person = await make_person(services)

    async def link() -> None:
        async with services.db.session() as session:
            session.add(
                PersonIdentity(
                    provider_id=created["ID"],
                    subject="123",
                    person_id=person.id,
                    created_at=datetime.now(UTC),
                )
            )

    async def links() -> int:
        async with services.db.session() as session:
            return len((await session.scalars(PersonIdentity.__table__.select())).all())

    await link()
    await client.put(_url(customer, created["ID"]), headers=h, json={"Label": "Same issuer"})
    assert await links() == 1
    await client.put(_url(customer, created["ID"]), headers=h, json={"Issuer": ISSUER + "2"})
    assert await links() == 0
    await link()
    await client.put(_url(customer, created["ID"]), headers=h, json={"ClientID": "c2"})
    assert await links() == 0
    await link()
    assert (await client.delete(_url(customer, created["ID"]), headers=h)).status_code == 204
    assert await links() == 0


def test_plain_http_issuers_only_on_loopback_outside_production() -> None:
    def settings(env: Environment) -> Settings:
        return Settings(env=env, data_dir=Path("unused"), secret_key="k" * 40)

    for env in (Environment.DEV, Environment.TEST):
        assert address_problem("http://127.0.0.1:9400", settings(env)) is None
        assert address_problem("http://localhost:9400", settings(env)) is None
        assert address_problem("http://[::1]:9400", settings(env)) is None
        assert address_problem("http://10.0.0.1", settings(env)) is not None
        assert address_problem("http://login.example.com", settings(env)) is not None
    production = settings(Environment.PRODUCTION)
    assert address_problem("http://127.0.0.1:9400", production) is not None
    assert address_problem("https://accounts.google.com", production) is None
