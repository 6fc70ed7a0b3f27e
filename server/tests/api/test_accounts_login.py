"""Logging in to an event and to the admin area, throttling, logout and token expiry."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select

from tests.api.accounts_support import login
from tests.conftest import Mailbox
from tests.factories import DEFAULT_PASSWORD, bearer, grant_admin, make_event, make_person
from venuely.accounts.models import AuthSession, Person
from venuely.admins.models import AdminType
from venuely.core.clock import FrozenClock
from venuely.core.errors import JWT_EXPIRED_TEXT
from venuely.core.ids import NULL_ID
from venuely.core.services import Services
from venuely.events.models import Attendee, WhitelistEntry


async def _login(client: httpx.AsyncClient, event_id: str, email: str, password: str) -> int:
    response = await login(client, event_id, email, password)
    assert response.status_code == 200, response.text
    reason: int = response.json()["Reason"]
    return reason


async def test_login_issues_an_event_token_and_enrols_the_person(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    person = await make_person(services, "Ada@Example.com")
    response = await login(client, event.id, "ada@example.com", DEFAULT_PASSWORD)
    answer = response.json()
    assert answer["Reason"] == 7
    assert answer["PersonID"] == person.id
    assert answer["EventID"] == event.id
    async with services.db.session() as session:
        assert await session.get(Attendee, (event.id, person.id)) is not None
        sessions = (await session.scalars(select(AuthSession))).all()
        assert [(s.person_id, s.event_id) for s in sessions] == [(person.id, event.id)]
    me = await client.get(f"/persons/{person.id}", headers=bearer(answer["Token"]))
    assert me.status_code == 200


async def test_wrong_password_and_unknown_account_answer_alike(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    await make_person(services, "known@example.com")
    known = await login(client, event.id, "known@example.com", "wrong password!")
    unknown = await login(client, event.id, "unknown@example.com", "wrong password!")
    assert known.json() == unknown.json()
    assert known.json()["Reason"] == 1
    assert known.json()["ReasonText"] == "WRONG_CREDENTIALS"
    assert known.json()["Token"] is None


async def test_disabled_account_is_reason_2_only_with_the_right_password(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    await make_person(services, "off@example.com", is_disabled=True)
    assert await _login(client, event.id, "off@example.com", "wrong password!") == 1
    assert await _login(client, event.id, "off@example.com", DEFAULT_PASSWORD) == 2


async def test_whitelist_refuses_login_with_reason_12(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services, whitelist=["example.org"])
    person = await make_person(services, "outsider@example.com")
    assert await _login(client, event.id, "outsider@example.com", DEFAULT_PASSWORD) == 12
    async with services.db.session() as session:
        assert await session.get(Attendee, (event.id, person.id)) is None
        session.add(WhitelistEntry(event_id=event.id, entry="outsider@example.com"))
    assert await _login(client, event.id, "outsider@example.com", DEFAULT_PASSWORD) == 7


async def test_event_admins_pass_the_whitelist(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services, whitelist=["example.org"])
    admin = await make_person(services, "organiser@example.com")
    await grant_admin(
        services, admin, AdminType.EVENT, customer_id=event.customer_id, event_id=event.id
    )
    assert await _login(client, event.id, "organiser@example.com", DEFAULT_PASSWORD) == 7


async def test_login_to_an_unknown_event_is_404(client: httpx.AsyncClient) -> None:
    response = await login(client, "b" * 24, "a@example.com", "whatever-long")
    assert response.status_code == 404
    assert response.json()["Error"]["Code"] == "EVENT_NOT_FOUND"


@pytest.mark.parametrize(
    ("query", "body", "code", "names"),
    [
        ("", {"LoginEMail": "a@example.com", "Password": "x"}, "MISSING_PARAMETER", ["EventID"]),
        ("?EventID={event}", {"LoginEMail": "a@example.com"}, "MISSING_PARAMETER", ["Password"]),
        ("?EventID={event}", {"LoginEMail": "no-at", "Password": "x"}, "VALIDATION_ERROR", None),
        (
            "?EventID={event}",
            {"LoginEMail": "a@example.com", "Password": 5},
            "VALIDATION_ERROR",
            None,
        ),
        (
            "?EventID={event}",
            {"LoginEMail": "a@example.com", "Password": ""},
            "VALIDATION_ERROR",
            None,
        ),
        ("?EventID={event}", [], "VALIDATION_ERROR", None),
    ],
)
async def test_malformed_login_is_422(
    client: httpx.AsyncClient,
    services: Services,
    query: str,
    body: object,
    code: str,
    names: list[str] | None,
) -> None:
    event = await make_event(services)
    response = await client.post("/login" + query.format(event=event.id), json=body)
    assert response.status_code == 422
    error = response.json()["Error"]
    assert error["Code"] == code
    assert "login_to_event" in error["Message"]
    if names is not None:
        assert error["Data"]["Parameters"] == names


async def test_sixth_failed_attempt_is_throttled_without_checking_the_password(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox, clock: FrozenClock
) -> None:
    event = await make_event(services)
    await make_person(services, "target@example.com")
    for _ in range(5):
        assert await _login(client, event.id, "target@example.com", "guess guess guess") == 1
    throttled = await login(client, event.id, "target@example.com", DEFAULT_PASSWORD)
    assert throttled.status_code == 429
    assert throttled.json()["Error"]["Code"] == "RATE_LIMITED"
    assert int(throttled.headers["Retry-After"]) <= 30 * 60 + 1
    # The admin login shares the account's budget.
    admin = await client.post(
        "/loginadmin", json={"LoginEMail": "target@example.com", "Password": DEFAULT_PASSWORD}
    )
    assert admin.status_code == 429

    # Forgot-password is a separate budget: the owner can still get a reset link.
    forgot = await client.post(
        "/forgottenpassword", params={"loginEMail": "target@example.com", "EventID": event.id}
    )
    assert forgot.json()["Reason"] == 5
    assert len(mailbox.to("target@example.com")) == 1

    # Other accounts are not affected.
    await make_person(services, "bystander@example.com")
    assert await _login(client, event.id, "bystander@example.com", DEFAULT_PASSWORD) == 7

    clock.advance(timedelta(minutes=31))
    assert await _login(client, event.id, "target@example.com", DEFAULT_PASSWORD) == 7


async def test_unknown_addresses_are_throttled_like_known_ones(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    for _ in range(5):
        assert await _login(client, event.id, "ghost@example.com", "guess guess guess") == 1
    assert (await login(client, event.id, "ghost@example.com", "guess")).status_code == 429


async def test_successful_logins_do_not_count_as_failures(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    await make_person(services, "often@example.com")
    for _ in range(8):
        assert await _login(client, event.id, "often@example.com", DEFAULT_PASSWORD) == 7


async def test_many_failures_from_one_ip_are_throttled(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    await make_person(services, "real@example.com")
    for number in range(50):
        assert await _login(client, event.id, f"spray{number}@example.com", "guess it") == 1
    response = await login(client, event.id, "real@example.com", DEFAULT_PASSWORD)
    assert response.status_code == 429
    assert response.json()["Error"]["Data"]["Limit"] == "login_fail_ip"


async def test_admin_login_needs_a_grant(client: httpx.AsyncClient, services: Services) -> None:
    await make_person(services, "attendee@example.com")
    response = await client.post(
        "/loginadmin", json={"LoginEMail": "attendee@example.com", "Password": DEFAULT_PASSWORD}
    )
    assert response.json()["Reason"] == 11
    assert response.json()["ReasonText"] == "ADMIN_REQUIRED"
    assert response.json()["Token"] is None


async def test_admin_login_issues_a_token_not_bound_to_an_event(
    client: httpx.AsyncClient, services: Services
) -> None:
    admin = await make_person(services, "boss@example.com")
    await grant_admin(services, admin, AdminType.MASTER)
    response = await client.post(
        "/loginadmin", json={"LoginEMail": "boss@example.com", "Password": DEFAULT_PASSWORD}
    )
    answer = response.json()
    assert answer["Reason"] == 7
    assert answer["EventID"] == NULL_ID
    listed = await client.get("/persons", headers=bearer(answer["Token"]))
    assert listed.status_code == 200
    wrong = await client.post(
        "/loginadmin", json={"LoginEMail": "boss@example.com", "Password": "not it at all"}
    )
    assert wrong.json()["Reason"] == 1


async def test_logout_revokes_only_that_token(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    person = await make_person(services, "two.tabs@example.com")
    first = (await login(client, event.id, "two.tabs@example.com", DEFAULT_PASSWORD)).json()
    second = (await login(client, event.id, "two.tabs@example.com", DEFAULT_PASSWORD)).json()
    assert (await client.post("/logout", headers=bearer(first["Token"]))).status_code == 204
    refused = await client.get(f"/persons/{person.id}", headers=bearer(first["Token"]))
    assert refused.status_code == 401
    assert refused.json()["Error"]["Code"] == "TOKEN_REVOKED"
    still = await client.get(f"/persons/{person.id}", headers=bearer(second["Token"]))
    assert still.status_code == 200
    assert (await client.post("/logout", headers=bearer(first["Token"]))).status_code == 401


async def test_logout_without_a_token_is_401(client: httpx.AsyncClient) -> None:
    response = await client.post("/logout")
    assert response.status_code == 401
    assert response.json()["Error"]["Code"] == "NOT_AUTHENTICATED"


async def test_expired_token_is_401_jwt_expired(
    client: httpx.AsyncClient, services: Services, clock: FrozenClock
) -> None:
    event = await make_event(services)
    person = await make_person(services, "timely@example.com")
    token = (await login(client, event.id, "timely@example.com", DEFAULT_PASSWORD)).json()["Token"]
    clock.advance(timedelta(seconds=services.settings.token_ttl_seconds - 1))
    assert (await client.get(f"/persons/{person.id}", headers=bearer(token))).status_code == 200
    clock.advance(timedelta(seconds=2))
    response = await client.get(f"/persons/{person.id}", headers=bearer(token))
    assert response.status_code == 401
    assert response.json()["Error"]["Code"] == "JWT_EXPIRED"
    assert response.json()["Error"]["Message"] == JWT_EXPIRED_TEXT == "JWT Expired"


async def test_outdated_password_hash_is_upgraded_on_login(
    client: httpx.AsyncClient, services: Services
) -> None:
    from argon2 import PasswordHasher

    event = await make_event(services)
    person = await make_person(services, "old.hash@example.com")
    weak = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
    async with services.db.session() as session:
        stored = await session.get(Person, person.id)
        assert stored is not None
        stored.password_hash = weak.hash(DEFAULT_PASSWORD)
    assert await _login(client, event.id, "old.hash@example.com", DEFAULT_PASSWORD) == 7
    async with services.db.session() as session:
        stored = await session.get(Person, person.id)
        assert stored is not None
        assert stored.password_hash is not None
        assert "m=19456,t=2,p=1" in stored.password_hash
