"""Forgotten password: the request, the mailed link, setting the new password."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlsplit

import httpx
from sqlalchemy import func, select

from tests.api.accounts_support import STRONG_PASSWORD, link_in, link_query, login, only_mail_to
from tests.conftest import Mailbox
from tests.factories import DEFAULT_PASSWORD, bearer, make_event, make_person, token_for
from venuely.accounts.models import AuthSession, Person
from venuely.core.clock import FrozenClock
from venuely.core.services import Services

NEW_PASSWORD = "a brand new secret 42"


async def _forgot(client: httpx.AsyncClient, email: str, event_id: str) -> httpx.Response:
    return await client.post(
        "/forgottenpassword", params={"loginEMail": email, "EventID": event_id}
    )


async def _reset(
    client: httpx.AsyncClient, email: str, token: str, password: str = NEW_PASSWORD
) -> dict[str, object]:
    response = await client.post(
        "/resetpassword", json={"LoginEMail": email, "Password": password, "Token": token}
    )
    assert response.status_code == 200, response.text
    result: dict[str, object] = response.json()
    return result


async def test_reset_flow_sets_the_password_and_revokes_every_token(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services, internal_name="gala", title="Gala Night")
    person = await make_person(services, "forgetful@example.com", first_name="Fritz")
    old_token = await token_for(services, person, event)
    admin_token = await token_for(services, person)

    answer = (await _forgot(client, "Forgetful@example.com", event.id)).json()
    assert answer["Reason"] == 5
    assert answer["ReasonText"] == "PASSWORD_MAIL_REQUESTED"

    mail = only_mail_to(mailbox, "forgetful@example.com")
    assert str(mail["Subject"]) == "Reset your password for Gala Night"
    text = Mailbox.text(mail)
    assert "Hello Fritz," in text
    assert "2 hours" in text
    link = urlsplit(link_in(mail))
    assert link.path == "/gala/password-reset"
    query = link_query(mail)
    assert query["loginEMail"] == "forgetful@example.com"
    assert len(query["token"]) >= 22  # at least 128 bits, URL-safe base64

    result = await _reset(client, "forgetful@example.com", query["token"])
    assert result["Reason"] == 9
    assert result["ReasonText"] == "PASSWORD_SET"

    for token in (old_token, admin_token):
        refused = await client.get(f"/persons/{person.id}", headers=bearer(token))
        assert refused.status_code == 401
        assert refused.json()["Error"]["Code"] == "TOKEN_REVOKED"
    assert (await login(client, event.id, "forgetful@example.com", DEFAULT_PASSWORD)).json()[
        "Reason"
    ] == 1
    assert (await login(client, event.id, "forgetful@example.com", NEW_PASSWORD)).json()[
        "Reason"
    ] == 7


async def test_reset_link_is_single_use(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await make_person(services, "once@example.com")
    await _forgot(client, "once@example.com", event.id)
    token = link_query(only_mail_to(mailbox, "once@example.com"))["token"]
    assert (await _reset(client, "once@example.com", token))["Reason"] == 9
    second = await _reset(client, "once@example.com", token, "yet another secret 43")
    assert second["Reason"] == 4
    assert second["ReasonText"] == "TOKEN_INVALID"
    assert (await login(client, event.id, "once@example.com", NEW_PASSWORD)).json()["Reason"] == 7


async def test_reset_link_expires_after_two_hours(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox, clock: FrozenClock
) -> None:
    event = await make_event(services)
    await make_person(services, "tardy@example.com")
    await _forgot(client, "tardy@example.com", event.id)
    token = link_query(only_mail_to(mailbox, "tardy@example.com"))["token"]
    clock.advance(timedelta(hours=2, seconds=1))
    assert (await _reset(client, "tardy@example.com", token))["Reason"] == 4
    assert (await login(client, event.id, "tardy@example.com", DEFAULT_PASSWORD)).json()[
        "Reason"
    ] == 7


async def test_reset_link_works_just_before_expiry(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox, clock: FrozenClock
) -> None:
    event = await make_event(services)
    await make_person(services, "just.in.time@example.com")
    await _forgot(client, "just.in.time@example.com", event.id)
    token = link_query(only_mail_to(mailbox, "just.in.time@example.com"))["token"]
    clock.advance(timedelta(hours=1, minutes=59))
    assert (await _reset(client, "just.in.time@example.com", token))["Reason"] == 9


async def test_a_new_request_invalidates_the_older_link(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await make_person(services, "twice@example.com")
    await _forgot(client, "twice@example.com", event.id)
    await _forgot(client, "twice@example.com", event.id)
    first, second = mailbox.to("twice@example.com")
    assert (await _reset(client, "twice@example.com", link_query(first)["token"]))["Reason"] == 4
    assert (await _reset(client, "twice@example.com", link_query(second)["token"]))["Reason"] == 9


async def test_weak_new_password_is_reason_6_and_the_link_stays_usable(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await make_person(services, "picky@example.com")
    await _forgot(client, "picky@example.com", event.id)
    token = link_query(only_mail_to(mailbox, "picky@example.com"))["token"]
    weak = await _reset(client, "picky@example.com", token, "qwertyuiopas")
    assert weak["Reason"] == 6
    assert weak["Rules"] == ["common_password"]
    assert (await _reset(client, "picky@example.com", token))["Reason"] == 9


async def test_token_is_bound_to_its_address(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await make_person(services, "victim@example.com")
    await make_person(services, "attacker@example.com")
    await _forgot(client, "attacker@example.com", event.id)
    token = link_query(only_mail_to(mailbox, "attacker@example.com"))["token"]
    assert (await _reset(client, "victim@example.com", token))["Reason"] == 4
    assert (await _reset(client, "victim@example.com", "made-up-token"))["Reason"] == 4
    assert (await _reset(client, "nobody@example.com", token))["Reason"] == 4


async def test_forgot_password_does_not_enumerate_accounts(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await make_person(services, "exists@example.com")
    known = await _forgot(client, "exists@example.com", event.id)
    unknown = await _forgot(client, "missing@example.com", event.id)
    assert known.status_code == unknown.status_code == 200
    assert known.json() == unknown.json()
    assert len(mailbox.to("exists@example.com")) == 1
    assert mailbox.to("missing@example.com") == []


async def test_reset_mail_for_a_disabled_account_is_not_sent(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await make_person(services, "blocked@example.com", is_disabled=True)
    assert (await _forgot(client, "blocked@example.com", event.id)).json()["Reason"] == 5
    assert mailbox.messages == []


async def test_reset_mails_per_address_stop_silently_after_three_an_hour(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox, clock: FrozenClock
) -> None:
    event = await make_event(services)
    await make_person(services, "flooded@example.com")
    for _ in range(5):
        assert (await _forgot(client, "flooded@example.com", event.id)).json()["Reason"] == 5
    assert len(mailbox.to("flooded@example.com")) == 3
    clock.advance(timedelta(hours=1))
    await _forgot(client, "flooded@example.com", event.id)
    assert len(mailbox.to("flooded@example.com")) == 4


async def test_reset_requests_per_ip_are_limited(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    for number in range(20):
        assert (await _forgot(client, f"x{number}@example.com", event.id)).status_code == 200
    over = await _forgot(client, "x20@example.com", event.id)
    assert over.status_code == 429
    assert over.json()["Error"]["Code"] == "RATE_LIMITED"


async def test_reset_verifies_the_address_and_lifts_the_login_throttle(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    person = await make_person(services, "locked@example.com", verified=False)
    for _ in range(5):
        await login(client, event.id, "locked@example.com", "wrong wrong wrong")
    assert (
        await login(client, event.id, "locked@example.com", DEFAULT_PASSWORD)
    ).status_code == 429
    await _forgot(client, "locked@example.com", event.id)
    token = link_query(only_mail_to(mailbox, "locked@example.com"))["token"]
    assert (await _reset(client, "locked@example.com", token))["Reason"] == 9
    assert (await login(client, event.id, "locked@example.com", NEW_PASSWORD)).json()["Reason"] == 7
    async with services.db.session() as session:
        stored = await session.get(Person, person.id)
        assert stored is not None
        assert stored.is_verified is True


async def test_forgot_password_needs_its_parameters(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    missing = await client.post("/forgottenpassword", params={"EventID": event.id})
    assert missing.status_code == 422
    assert missing.json()["Error"]["Data"]["Parameters"] == ["loginEMail"]
    bad = await client.post(
        "/forgottenpassword", params={"loginEMail": "nope", "EventID": event.id}
    )
    assert bad.status_code == 422
    assert bad.json()["Error"]["Code"] == "VALIDATION_ERROR"
    unknown_event = await _forgot(client, "a@example.com", "c" * 24)
    assert unknown_event.status_code == 404
    assert unknown_event.json()["Error"]["Code"] == "EVENT_NOT_FOUND"


async def test_reset_password_body_is_validated(
    client: httpx.AsyncClient, services: Services
) -> None:
    response = await client.post(
        "/resetpassword", json={"LoginEMail": "a@example.com", "Password": STRONG_PASSWORD}
    )
    assert response.status_code == 422
    assert response.json()["Error"]["Data"]["Parameters"] == ["Token"]
    async with services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(AuthSession)) == 0
