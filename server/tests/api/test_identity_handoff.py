"""The SSO hand-off: the `venuely_sso` cookie is redeemed once, within a minute, for its event;
and a customer's portal hands people in with a signed, single-use, short-lived token."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
from joserfc import jwt
from joserfc.jwk import OctKey
from starlette.responses import Response

from tests.api import identity_support
from tests.api.identity_support import (
    API,
    OidcProvider,
    complete,
    count,
    identity_world,
    logins,
    persons_with,
    refused_with,
    sign_in,
)
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.models import AdminType
from venuely.core.clock import FrozenClock
from venuely.core.services import Services
from venuely.events.models import Customer, Event
from venuely.identity import handoff
from venuely.identity.models import CustomerSsoSecret
from venuely.settings import Settings

HANDOFF = f"{API}/identity/sso/handoff"

# --- the cookie hand-off --------------------------------------------------------------------------

# The support module's fixtures, asked for by name in the tests below.
browser = identity_support.browser
oidc_provider = identity_support.oidc_provider
settings = identity_support.settings


async def test_the_hand_off_is_redeemed_once(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    callback = await sign_in(browser, world.provider["ID"], world.event, "ada")
    code = browser.cookies.get("venuely_sso")
    assert code

    first = await complete(browser, world.event.id)
    # The browser dropped the cookie; someone who copied it sends it again.
    browser.cookies.set("venuely_sso", code, domain="venuely.test")
    second = await complete(browser, world.event.id)

    assert callback.status_code == 302
    assert first.json()["Reason"] == 7
    assert second.status_code == 401
    assert second.json()["Error"]["Code"] == "SSO_HANDOFF_INVALID"
    assert "venuely_sso=" in second.headers["set-cookie"]  # cleared again
    assert await logins(services, world) == 1


async def test_two_tabs_redeeming_one_hand_off_get_one_login(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    await sign_in(browser, world.provider["ID"], world.event, "ada")

    answers = await asyncio.gather(*(complete(browser, world.event.id) for _ in range(4)))

    assert sorted(a.status_code for a in answers) == [200, 401, 401, 401]
    assert await logins(services, world) == 1


async def test_a_late_hand_off_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider, clock: FrozenClock
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    await sign_in(browser, world.provider["ID"], world.event, "ada")
    clock.advance(timedelta(seconds=61))

    late = await complete(browser, world.event.id)

    assert late.status_code == 401
    assert late.json()["Error"]["Code"] == "SSO_HANDOFF_INVALID"
    assert await logins(services, world) == 0


async def test_no_cookie_or_another_events_id_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    missing = await complete(browser, world.event.id)
    assert missing.status_code == 401
    assert "cookie is missing" in missing.json()["Error"]["Message"]

    await sign_in(browser, world.provider["ID"], world.event, "ada")
    other = await make_event(services, world.customer)
    wrong_event = await complete(browser, other.id)
    assert wrong_event.status_code == 401
    # Used up by that attempt: no second try.
    assert (await complete(browser, world.event.id)).status_code == 401
    assert await logins(services, world) == 0
    malformed = await browser.post(f"{API}/identity/sso/complete", json={"EventID": "x"})
    assert malformed.status_code == 422


async def test_an_account_disabled_meanwhile_is_not_logged_in(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    await sign_in(browser, world.provider["ID"], world.event, "ada")
    [ada] = await persons_with(services, "ada@example.com")
    async with services.db.session() as session:
        person = await session.get(Person, ada.id)
        assert person is not None
        person.is_disabled = True

    answer = await complete(browser, world.event.id)

    assert answer.json()["Reason"] == 2
    assert answer.json()["Token"] is None


# --- the portal hand-off --------------------------------------------------------------------------


async def _portal(
    services: Services, client: httpx.AsyncClient
) -> tuple[Customer, Event, dict[str, str], str]:
    customer = await make_customer(services, "Portal Corp")
    event = await make_event(services, customer)
    admin = await make_person(services, "organizer@example.com")
    await grant_admin(services, admin, AdminType.CUSTOMER, customer_id=customer.id)
    h = bearer(await token_for(services, admin))
    created = await client.post(f"{API}/customers/{customer.id}/sso-secret", headers=h)
    assert created.status_code == 201, created.text
    return customer, event, h, created.json()["Secret"]


def portal_token(
    services: Services, customer: Customer, into: Event, secret: str, **changes: Any
) -> str:
    """What a customer's portal would send: HS256 with the customer's secret; `changes` replace
    claims (None leaves one out)."""
    now = int(services.clock.now().timestamp())
    claims = {
        "iss": customer.id,
        "aud": "http://venuely.test",
        "sub": "portal-user-7",
        "email": "ada@example.com",
        "given_name": "Ada",
        "family_name": "Portal",
        "event": into.internal_name,
        "next": "/agenda",
        "exp": now + 60,
        "jti": "hand-off-1",
        **changes,
    }
    claims = {k: v for k, v in claims.items() if v is not None}
    return jwt.encode({"alg": "HS256"}, claims, OctKey.import_key(secret))


async def test_a_portal_hands_a_person_into_the_event(
    services: Services, browser: httpx.AsyncClient
) -> None:
    customer, event, _, secret = await _portal(services, browser)

    handed = await browser.get(
        HANDOFF, params={"token": portal_token(services, customer, event, secret)}
    )

    assert handed.status_code == 302, handed.text
    location = urlsplit(handed.headers["location"])
    assert location.path == f"/{event.internal_name}/sso-complete"
    assert parse_qs(location.query) == {"next": ["/agenda"]}
    answer = (await complete(browser, event.id)).json()
    assert answer["Reason"] == 7
    [ada] = await persons_with(services, "ada@example.com")
    assert (ada.first_name, ada.last_name, ada.is_verified) == ("Ada", "Portal", True)
    own = await browser.get(f"{API}/events/{event.id}/activities", headers=bearer(answer["Token"]))
    assert own.status_code == 200


async def test_a_portal_token_is_used_once(services: Services, browser: httpx.AsyncClient) -> None:
    customer, event, _, secret = await _portal(services, browser)
    token = portal_token(services, customer, event, secret)
    assert (await browser.get(HANDOFF, params={"token": token})).status_code == 302
    assert (await complete(browser, event.id)).json()["Reason"] == 7

    again = await browser.get(HANDOFF, params={"token": token})

    refused_with(again, event, "SSO_HANDOFF_INVALID")


async def test_late_or_long_lived_portal_tokens_are_refused(
    services: Services, browser: httpx.AsyncClient, clock: FrozenClock
) -> None:
    customer, event, _, secret = await _portal(services, browser)
    now = int(services.clock.now().timestamp())
    late = portal_token(services, customer, event, secret, exp=now + 60)
    clock.advance(timedelta(minutes=2))
    refused_with(await browser.get(HANDOFF, params={"token": late}), event, "SSO_HANDOFF_INVALID")

    now = int(services.clock.now().timestamp())
    lasting = portal_token(services, customer, event, secret, exp=now + 3600, jti="j2")
    refused_with(
        await browser.get(HANDOFF, params={"token": lasting}), event, "SSO_HANDOFF_INVALID"
    )
    assert await persons_with(services, "ada@example.com") == []


async def test_portal_tokens_failing_a_check_are_refused(
    services: Services, browser: httpx.AsyncClient
) -> None:
    customer, event, _, secret = await _portal(services, browser)
    foreign_event = await make_event(services)
    for changes in (
        {"aud": "https://elsewhere.example"},
        {"email": None},
        {"jti": None},
        {"exp": None},
        {"event": "no-such-event"},
        {"event": foreign_event.id},
    ):
        token = portal_token(services, customer, event, secret, **changes)
        answer = await browser.get(HANDOFF, params={"token": token})
        assert answer.status_code in {302, 401}, changes
        if answer.status_code == 302:
            refused_with(answer, event, "SSO_HANDOFF_INVALID")
        else:
            assert answer.json()["Error"]["Code"] == "SSO_HANDOFF_INVALID", changes
    other_key = portal_token(services, customer, event, "another-secret-of-32-characters!")
    for token in (other_key, "not-a-jwt", other_key.replace(".", "x", 1)):
        answer = await browser.get(HANDOFF, params={"token": token})
        assert answer.status_code == 401, token
        assert answer.json()["Error"]["Code"] == "SSO_HANDOFF_INVALID"
    assert await persons_with(services, "ada@example.com") == []


async def test_the_secret_is_shown_once_rotated_and_removed(
    services: Services, browser: httpx.AsyncClient
) -> None:
    customer, event, h, secret = await _portal(services, browser)
    url = f"{API}/customers/{customer.id}/sso-secret"
    status = await browser.get(url, headers=h)
    assert status.json()["HasSecret"] is True
    assert secret not in status.text
    async with services.db.session() as session:
        row = await session.get(CustomerSsoSecret, customer.id)
        assert row is not None
        assert secret not in row.secret_enc

    rotated = (await browser.post(url, headers=h)).json()["Secret"]
    old = portal_token(services, customer, event, secret)
    assert (await browser.get(HANDOFF, params={"token": old})).status_code == 401
    new = portal_token(services, customer, event, rotated, jti="j-new")
    assert (await browser.get(HANDOFF, params={"token": new})).status_code == 302

    assert (await browser.delete(url, headers=h)).status_code == 204
    assert (await browser.get(url, headers=h)).json() == {"HasSecret": False, "CreatedAt": None}
    gone = portal_token(services, customer, event, rotated, jti="j-after")
    assert (await browser.get(HANDOFF, params={"token": gone})).status_code == 401


async def test_a_portal_cannot_sign_in_an_admin_of_something_else(
    services: Services, browser: httpx.AsyncClient
) -> None:
    customer, event, _, secret = await _portal(services, browser)
    master = await make_person(services, "root@example.com")
    await grant_admin(services, master, AdminType.MASTER)
    before = await count(services, Person)

    token = portal_token(services, customer, event, secret, email="root@example.com")
    refused_with(
        await browser.get(HANDOFF, params={"token": token}), event, "SSO_ACCOUNT_ELSEWHERE"
    )

    assert await count(services, Person) == before
    assert (await complete(browser, event.id)).status_code == 401


async def test_a_disabled_customer_accepts_no_portal_hand_off(
    services: Services, browser: httpx.AsyncClient
) -> None:
    customer, event, _, secret = await _portal(services, browser)
    async with services.db.session() as session:
        row = await session.get(Customer, customer.id)
        assert row is not None
        row.is_disabled = True

    token = portal_token(services, customer, event, secret)
    refused_with(await browser.get(HANDOFF, params={"token": token}), event, "CUSTOMER_DISABLED")
    assert await persons_with(services, "ada@example.com") == []


def test_the_cookies_are_secure_behind_https() -> None:
    for public_url, secure in (("https://events.example.com", True), ("http://127.0.0.1", False)):
        settings = Settings(public_url=public_url, data_dir=Path("unused"), secret_key="k" * 40)
        response = Response()
        handoff.set_sso_cookie(response, settings, "code")
        handoff.set_state_cookie(response, settings, "state")
        for cookie in response.headers.getlist("set-cookie"):
            assert ("secure" in cookie.lower().split("; ")) is secure, cookie
