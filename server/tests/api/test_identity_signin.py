"""Signing in with an OpenID provider, through the provider's own pages: a first sign-in creates
the person or links them by a verified address, later ones find them by the provider's account,
and the rules of a password login apply (whitelist, disabled accounts and customers)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import httpx
from sqlalchemy import select, update

from tests.api import identity_support
from tests.api.identity_support import (
    API,
    OidcProvider,
    at_provider,
    complete,
    count,
    identity_world,
    leave_provider,
    logins,
    nothing_signed_in,
    persons_with,
    refused_with,
    sign_in,
)
from tests.factories import bearer, grant_admin, make_event, make_person
from venuely.accounts.models import Person
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Attendee, Customer
from venuely.identity.models import PersonIdentity

# The support module's fixtures, asked for by name in the tests below.
browser = identity_support.browser
oidc_provider = identity_support.oidc_provider
settings = identity_support.settings


async def test_first_sign_in_creates_the_person_and_lands_in_the_event(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    event = world.event

    callback = await sign_in(browser, world.provider["ID"], event, "ada", next_path="/agenda")

    assert callback.status_code == 302, callback.text
    location = urlsplit(callback.headers["location"])
    assert location.path == f"/{event.internal_name}/sso-complete"
    assert parse_qs(location.query) == {"next": ["/agenda"]}
    [cookie] = [c for c in callback.headers.get_list("set-cookie") if c.startswith("venuely_sso=")]
    attributes = {part.strip().lower() for part in cookie.split(";")[1:]}
    assert attributes == {"httponly", "max-age=60", "path=/", "samesite=lax"}, cookie
    # Not logged in yet: the token is minted when the web app redeems the hand-off.
    assert await logins(services, world) == 0

    answer = await complete(browser, event.id)

    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["Reason"] == 7
    assert body["ReasonText"] == "LOGIN_OK"
    assert body["EventID"] == event.id
    # The cookie is cleared.
    assert "venuely_sso=" in answer.headers["set-cookie"]
    assert "Max-Age=0" in answer.headers["set-cookie"]
    [person] = await persons_with(services, "ada@example.com")
    assert body["PersonID"] == person.id
    assert (person.first_name, person.last_name) == ("Ada", "Byron")
    assert person.is_verified
    assert person.password_hash is None
    assert person.language == event.default_language
    # The token works on the event's routes.
    own = await browser.get(f"{API}/events/{event.id}/activities", headers=bearer(body["Token"]))
    assert own.status_code == 200, own.text
    async with services.db.session() as session:
        assert await session.get(Attendee, (event.id, person.id)) is not None
        identity = await session.scalar(select(PersonIdentity))
    assert identity is not None
    assert (identity.subject, identity.person_id) == ("ada", person.id)


async def test_a_later_sign_in_finds_the_person_by_the_provider_account(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    await sign_in(browser, world.provider["ID"], world.event, "ada")
    first = (await complete(browser, world.event.id)).json()
    # The person changes their address here; the provider's account still finds them.
    async with services.db.session() as session:
        await session.execute(
            update(Person).where(Person.id == first["PersonID"]).values(login_email="new@x.org")
        )

    await sign_in(browser, world.provider["ID"], world.event, "ada")
    again = (await complete(browser, world.event.id)).json()

    assert again["Reason"] == 7
    assert again["PersonID"] == first["PersonID"]
    assert await count(services, Person) == 2  # the organizer and Ada, nobody new


async def test_an_existing_account_is_linked_by_its_verified_address(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    linda = await make_person(services, "linda@example.com", first_name="Lin")

    await sign_in(browser, world.provider["ID"], world.event, "linda")
    answer = (await complete(browser, world.event.id)).json()

    assert answer["PersonID"] == linda.id
    [person] = await persons_with(services, "linda@example.com")
    assert person.first_name == "Lin"  # an existing account keeps its names
    assert person.password_hash == linda.password_hash  # and its password


async def test_a_never_confirmed_account_loses_the_password_its_registrant_chose(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    """Someone registered Linda's address without proving the mailbox; Linda's provider proves
    it now. The registrant's password must not open the account Linda then uses."""
    world = await identity_world(services, browser, oidc_provider)
    planted = await make_person(services, "linda@example.com", verified=False)

    await sign_in(browser, world.provider["ID"], world.event, "linda")
    answer = (await complete(browser, world.event.id)).json()

    assert answer["PersonID"] == planted.id
    [person] = await persons_with(services, "linda@example.com")
    assert person.is_verified
    assert person.password_hash is None
    login = await browser.post(
        f"{API}/login",
        params={"EventID": world.event.id},
        json={"LoginEMail": "linda@example.com", "Password": "correct horse battery"},
    )
    assert login.json()["Reason"] == 1


async def test_an_unverified_provider_address_finds_links_and_creates_nobody(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    await make_person(services, "mallory@example.com")
    people = await count(services, Person)

    callback = await sign_in(browser, world.provider["ID"], world.event, "mallory")

    refused_with(callback, world.event, "SSO_EMAIL_UNVERIFIED")
    assert await count(services, Person) == people
    await nothing_signed_in(services, world)


async def test_the_whitelist_refuses_and_nothing_is_created(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(
        services, browser, oidc_provider, whitelist=["someone-else@example.com"]
    )

    callback = await sign_in(browser, world.provider["ID"], world.event, "ada")

    refused_with(callback, world.event, "NOT_WHITELISTED")
    assert await persons_with(services, "ada@example.com") == []
    await nothing_signed_in(services, world)
    assert (await complete(browser, world.event.id)).status_code == 401


async def test_the_events_admins_pass_its_whitelist(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider, whitelist=["x@example.com"])
    boss = await make_person(services, "boss@example.com")
    await grant_admin(
        services, boss, AdminType.EVENT, event_id=world.event.id, customer_id=world.customer.id
    )

    await sign_in(browser, world.provider["ID"], world.event, "boss")
    answer = (await complete(browser, world.event.id)).json()

    assert (answer["Reason"], answer["PersonID"]) == (7, boss.id)


async def test_a_disabled_account_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    await make_person(services, "ada@example.com", is_disabled=True)

    callback = await sign_in(browser, world.provider["ID"], world.event, "ada")

    refused_with(callback, world.event, "ACCOUNT_DISABLED")
    await nothing_signed_in(services, world)


async def test_a_disabled_customers_events_refuse_sign_ins(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    started = await browser.get(
        f"{API}/identity/oidc/{world.provider['ID']}/start", params={"EventID": world.event.id}
    )
    assert started.status_code == 302
    async with services.db.session() as session:
        await session.execute(
            update(Customer).where(Customer.id == world.customer.id).values(is_disabled=True)
        )

    # Disabled while the person was at the provider: the callback refuses.
    callback = await browser.get(await at_provider(browser, started.headers["location"], "ada"))
    refused_with(callback, world.event, "CUSTOMER_DISABLED")
    # And a new sign-in does not even start.
    refused_with(
        await browser.get(
            f"{API}/identity/oidc/{world.provider['ID']}/start",
            params={"EventID": world.event.id},
        ),
        world.event,
        "CUSTOMER_DISABLED",
    )
    assert await persons_with(services, "ada@example.com") == []
    await nothing_signed_in(services, world)


async def test_a_customers_own_provider_cannot_sign_in_an_admin_of_something_else(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    """The customer runs this provider, which could claim any address: an account that matters
    elsewhere on the platform (here a master admin) is refused, not linked."""
    world = await identity_world(services, browser, oidc_provider)
    boss = await make_person(services, "boss@example.com")
    await grant_admin(services, boss, AdminType.MASTER)

    callback = await sign_in(browser, world.provider["ID"], world.event, "boss")

    refused_with(callback, world.event, "SSO_ACCOUNT_ELSEWHERE")
    await nothing_signed_in(services, world)


async def test_a_first_link_of_another_customers_attendee_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    elsewhere = await make_event(services)  # another customer's
    await make_person(services, "linda@example.com", event=elsewhere)

    callback = await sign_in(browser, world.provider["ID"], world.event, "linda")

    refused_with(callback, world.event, "SSO_ACCOUNT_ELSEWHERE")
    await nothing_signed_in(services, world)


async def test_the_login_page_lists_the_events_enabled_providers(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    url = f"{API}/customers/{world.customer.id}/sign-in-providers"
    other_event = await make_event(services, world.customer)
    only_other = await browser.post(
        url,
        headers=world.admin_h,
        json={"Kind": "google", "ClientID": "g", "EventIDs": [other_event.id]},
    )
    off = await browser.post(
        url,
        headers=world.admin_h,
        json={"Issuer": oidc_provider.issuer, "ClientID": "x", "IsEnabled": False},
    )
    assert only_other.status_code == off.status_code == 201

    listed = await browser.get(f"{API}/events/{world.event.id}/sign-in-providers")
    listed_other = await browser.get(f"{API}/events/{other_event.id}/sign-in-providers")

    assert listed.json() == [{"ID": world.provider["ID"], "Kind": "oidc", "Label": "Company login"}]
    assert [p["Label"] for p in listed_other.json()] == ["Company login", "Google"]
    # A provider not offered for the event does not start a sign-in there.
    refused_with(
        await browser.get(
            f"{API}/identity/oidc/{only_other.json()['ID']}/start",
            params={"EventID": world.event.id},
        ),
        world.event,
        "SIGN_IN_PROVIDER_NOT_FOUND",
    )
    unknown = await browser.get(f"{API}/events/{'0' * 23 + '1'}/sign-in-providers")
    assert unknown.status_code == 404


async def test_a_test_sign_in_through_a_disabled_provider_is_for_organizers_only(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    provider_url = f"{API}/customers/{world.customer.id}/sign-in-providers/{world.provider['ID']}"
    off = await browser.put(provider_url, headers=world.admin_h, json={"IsEnabled": False})
    assert off.status_code == 200
    boss = await make_person(services, "boss@example.com")
    await grant_admin(services, boss, AdminType.CUSTOMER, customer_id=world.customer.id)
    start = f"{API}/identity/oidc/{world.provider['ID']}/start"
    params = {"EventID": world.event.id}
    # Switched off: no sign-in for attendees, and none for organizers without Test=1.
    refused_with(await browser.get(start, params=params), world.event, "SIGN_IN_PROVIDER_NOT_FOUND")
    # A test sign-in by someone who does not organize the event is refused.
    started = await browser.get(start, params={**params, "Test": "1"})
    callback = await browser.get(await at_provider(browser, started.headers["location"], "ada"))
    refused_with(callback, world.event, "SSO_PROVIDER_DISABLED")
    assert await persons_with(services, "ada@example.com") == []
    # The organizer's test sign-in goes through.
    leave_provider(browser)
    started = await browser.get(start, params={**params, "Test": "1"})
    callback = await browser.get(await at_provider(browser, started.headers["location"], "boss"))
    answer = (await complete(browser, world.event.id)).json()
    assert (answer["Reason"], answer["PersonID"]) == (7, boss.id)
