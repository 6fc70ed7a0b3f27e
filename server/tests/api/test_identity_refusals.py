"""Every way a sign-in can go wrong is refused with a clear code, nothing created, nobody logged
in: tampered, replayed or foreign `state`, a wrong `nonce`, ID tokens with the wrong audience,
issuer, signature or expiry, providers that are down, slow or say no."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.api import identity_support
from tests.api.identity_support import (
    API,
    CALLBACK,
    OidcProvider,
    SilentServer,
    add_provider,
    at_provider,
    cancel_at_provider,
    closed_port,
    complete,
    count,
    identity_world,
    new_browser,
    nothing_signed_in,
    persons_with,
    provider_config,
    refused_with,
    running_provider,
    sign_in,
    start,
    with_query,
)
from venuely.core.clock import FrozenClock
from venuely.core.ratelimit import Limit
from venuely.core.services import Services
from venuely.identity import router
from venuely.identity.models import OidcLogin, SsoHandoff

# The support module's fixtures, asked for by name in the tests below.
browser = identity_support.browser
oidc_provider = identity_support.oidc_provider
settings = identity_support.settings


HOUR = timedelta(hours=1)


def _query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


async def _no_ada(services: Services) -> None:
    assert await persons_with(services, "ada@example.com") == []


async def test_a_tampered_state_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    started = await start(browser, world.provider["ID"], world.event)
    back = await at_provider(browser, started.headers["location"], "ada")
    state = _query(back)["state"]

    callback = await browser.get(with_query(back, state=state[:-2] + "xy"))

    refused_with(callback, world.event, "SSO_STATE_INVALID")
    await _no_ada(services)
    await nothing_signed_in(services, world)


async def test_an_unknown_state_without_a_sign_in_in_progress_is_a_clear_error(
    services: Services, browser: httpx.AsyncClient
) -> None:
    callback = await browser.get(CALLBACK, params={"code": "abc", "state": "never-issued"})

    assert callback.status_code == 400
    assert callback.json()["Error"]["Code"] == "SSO_STATE_INVALID"


async def test_a_replayed_callback_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    started = await start(browser, world.provider["ID"], world.event)
    back = await at_provider(browser, started.headers["location"], "ada")
    first = await browser.get(back)
    assert first.status_code == 302
    assert "/sso-complete" in first.headers["location"]
    assert await count(services, SsoHandoff) == 1

    # The same state again (with a fresh state cookie, as an attacker holding the URL would set).
    browser.cookies.set("venuely_oidc_state", _query(back)["state"], domain="venuely.test")
    replayed = await browser.get(back)

    refused_with(replayed, world.event, "SSO_STATE_INVALID")
    assert await count(services, SsoHandoff) == 1


async def test_a_callback_in_another_browser_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    """Login CSRF: someone finishes their own sign-in in a victim's browser. The state is bound
    to the browser that started it, and is used up by the attempt."""
    world = await identity_world(services, browser, oidc_provider)
    started = await start(browser, world.provider["ID"], world.event)
    back = await at_provider(browser, started.headers["location"], "ada")
    async with new_browser(services) as victim:
        foreign = await victim.get(back)

    refused_with(foreign, world.event, "SSO_STATE_INVALID")
    refused_with(await browser.get(back), world.event, "SSO_STATE_INVALID")
    await _no_ada(services)
    await nothing_signed_in(services, world)


async def test_a_sign_in_left_too_long_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider, clock: FrozenClock
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    started = await start(browser, world.provider["ID"], world.event)
    back = await at_provider(browser, started.headers["location"], "ada")
    clock.advance(timedelta(minutes=11))

    refused_with(await browser.get(back), world.event, "SSO_STATE_INVALID")
    await _no_ada(services)


async def test_a_wrong_nonce_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    """The nonce is edited on the way to the provider: the ID token then carries another one."""
    world = await identity_world(services, browser, oidc_provider)
    started = await start(browser, world.provider["ID"], world.event)

    tampered = with_query(started.headers["location"], nonce="chosen-by-an-attacker")
    callback = await browser.get(await at_provider(browser, tampered, "ada"))

    refused_with(callback, world.event, "SSO_TOKEN_INVALID")
    await _no_ada(services)
    await nothing_signed_in(services, world)


@pytest.mark.parametrize(
    "client_id",
    [
        pytest.param("venuely-aud", id="audience: a token issued to another client"),
        pytest.param("venuely-iss", id="issuer: another issuer's name"),
        pytest.param("venuely-sig", id="signature: another key under the provider's key id"),
    ],
)
async def test_an_id_token_failing_a_check_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider, client_id: str
) -> None:
    world = await identity_world(services, browser, oidc_provider, client_id=client_id)

    callback = await sign_in(browser, world.provider["ID"], world.event, "ada")

    refused_with(callback, world.event, "SSO_TOKEN_INVALID")
    await _no_ada(services)
    await nothing_signed_in(services, world)


async def test_an_expired_id_token_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider, clock: FrozenClock
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    started = await start(browser, world.provider["ID"], world.event)
    back = await at_provider(browser, started.headers["location"], "ada")
    # The provider's tokens live two minutes; the sign-in itself ten.
    clock.advance(timedelta(minutes=5))

    refused_with(await browser.get(back), world.event, "SSO_TOKEN_INVALID")
    await _no_ada(services)
    await nothing_signed_in(services, world)


async def test_an_edited_code_challenge_fails_the_code_exchange(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    """PKCE: a code obtained for another challenge is worthless with this sign-in's verifier."""
    world = await identity_world(services, browser, oidc_provider)
    started = await start(browser, world.provider["ID"], world.event)
    challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    tampered = with_query(started.headers["location"], code_challenge=challenge)

    callback = await browser.get(await at_provider(browser, tampered, "ada"))

    refused_with(callback, world.event, "SSO_PROVIDER_FAILED")
    await _no_ada(services)


async def test_a_code_of_another_client_fails_the_code_exchange(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    started = await start(browser, world.provider["ID"], world.event)
    tampered = with_query(started.headers["location"], client_id="venuely-other")

    callback = await browser.get(await at_provider(browser, tampered, "ada"))

    refused_with(callback, world.event, "SSO_PROVIDER_FAILED")
    await _no_ada(services)


async def test_an_answer_naming_another_issuer_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    """RFC 9207: the provider names itself in the callback; a mix-up is caught there."""
    world = await identity_world(services, browser, oidc_provider)
    started = await start(browser, world.provider["ID"], world.event)
    back = await at_provider(browser, started.headers["location"], "ada")

    callback = await browser.get(with_query(back, iss="https://accounts.google.com"))

    refused_with(callback, world.event, "SSO_STATE_INVALID")
    await _no_ada(services)


async def test_cancelling_at_the_provider_comes_back_as_a_refusal(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    started = await start(browser, world.provider["ID"], world.event)

    back = await cancel_at_provider(browser, started.headers["location"])

    assert _query(back)["error"] == "access_denied"
    refused_with(await browser.get(back), world.event, "SSO_PROVIDER_FAILED")
    await nothing_signed_in(services, world)


async def test_a_provider_that_is_down_refuses_to_start(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    down = await add_provider(
        browser, world.admin_h, world.customer.id, f"http://127.0.0.1:{closed_port()}"
    )

    refused_with(await start(browser, down["ID"], world.event), world.event, "SSO_PROVIDER_FAILED")
    assert await count(services, OidcLogin) == 0


async def test_a_provider_that_never_answers_refuses_to_start_in_time(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    with SilentServer() as silent:
        hanging = await add_provider(browser, world.admin_h, world.customer.id, silent.issuer)

        refused_with(
            await start(browser, hanging["ID"], world.event), world.event, "SSO_PROVIDER_FAILED"
        )
    assert await count(services, OidcLogin) == 0


async def test_a_provider_too_slow_to_exchange_the_code_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider, client_id="venuely-slow")

    callback = await sign_in(browser, world.provider["ID"], world.event, "ada")

    refused_with(callback, world.event, "SSO_PROVIDER_FAILED")
    await _no_ada(services)
    await nothing_signed_in(services, world)


async def test_a_provider_down_by_the_time_of_the_callback_is_refused(
    services: Services, browser: httpx.AsyncClient
) -> None:
    with running_provider(provider_config()) as provider:
        world = await identity_world(services, browser, provider)
        started = await start(browser, world.provider["ID"], world.event)
        back = await at_provider(browser, started.headers["location"], "ada")
        provider.stop()

        callback = await browser.get(back)

    refused_with(callback, world.event, "SSO_PROVIDER_FAILED")
    await _no_ada(services)
    await nothing_signed_in(services, world)


async def test_claims_left_out_of_the_id_token_are_read_from_userinfo(
    services: Services, browser: httpx.AsyncClient
) -> None:
    """A provider may return the email and profile claims at its UserInfo endpoint only."""
    with running_provider(provider_config(claims_in_id_token=False)) as provider:
        world = await identity_world(services, browser, provider)
        await sign_in(browser, world.provider["ID"], world.event, "ada")
        answer = await complete(browser, world.event.id)

    assert answer.json()["Reason"] == 7
    [ada] = await persons_with(services, "ada@example.com")
    assert (ada.first_name, ada.last_name) == ("Ada", "Byron")


async def test_a_start_with_bad_parameters_is_refused(
    services: Services, browser: httpx.AsyncClient, oidc_provider: OidcProvider
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    url = f"{API}/identity/oidc/{world.provider['ID']}/start"
    for params in (
        {"EventID": world.event.id, "Next": "//evil.example/"},
        {"EventID": world.event.id, "Next": "https://evil.example/"},
        {"EventID": world.event.id, "Next": "/\\evil.example"},
        {"EventID": "not-an-id"},
        {},
    ):
        answer = await browser.get(url, params=params)
        assert answer.status_code == 422, params
    unknown_event = await browser.get(url, params={"EventID": "0" * 23 + "1"})
    assert unknown_event.status_code == 404
    unknown = await browser.get(
        f"{API}/identity/oidc/{'0' * 23 + '1'}/start", params={"EventID": world.event.id}
    )
    refused_with(unknown, world.event, "SIGN_IN_PROVIDER_NOT_FOUND")
    assert await count(services, OidcLogin) == 0


async def test_sign_ins_started_from_one_address_are_bounded(
    services: Services,
    browser: httpx.AsyncClient,
    oidc_provider: OidcProvider,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    world = await identity_world(services, browser, oidc_provider)
    monkeypatch.setattr(router, "SIGN_IN_STARTS_PER_IP", Limit("sign_in_start_ip", 2, HOUR))

    answers = [await start(browser, world.provider["ID"], world.event) for _ in range(3)]

    assert [a.status_code for a in answers] == [302, 302, 302]
    assert all(a.headers["location"].startswith(oidc_provider.issuer) for a in answers[:2])
    refused_with(answers[2], world.event, "RATE_LIMITED")
    assert await count(services, OidcLogin) == 2
