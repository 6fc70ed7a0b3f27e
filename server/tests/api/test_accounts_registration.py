"""Registration and email confirmation, through HTTP, with mail captured by a real SMTP server."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlsplit

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.accounts_support import (
    STRONG_PASSWORD,
    code_in,
    confirm,
    link_in,
    link_query,
    login,
    only_mail_to,
    register,
)
from tests.conftest import Mailbox
from tests.factories import bearer, make_event, make_person
from venuely.accounts.models import EmailToken, Person
from venuely.core.clock import FrozenClock
from venuely.core.services import Services
from venuely.events.models import Attendee


async def _count_persons(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(Person)) or 0)


async def test_full_flow_register_confirm_login_use_logout(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services, internal_name="summit", title="Summit 2027")
    answer = await register(client, event.id, "Grace@Example.com")
    assert answer["Reason"] == 10
    assert answer["ReasonText"] == "REGISTRATION_DONE"
    assert answer["Token"] is None

    mail = only_mail_to(mailbox, "grace@example.com")
    assert "Summit 2027" in str(mail["Subject"])
    text = Mailbox.text(mail)
    assert "Hello Grace," in text
    assert "24 hours" in text
    link = urlsplit(link_in(mail))
    assert (link.scheme, link.netloc, link.path) == (
        "http",
        "venuely.test",
        "/summit/password-confirmation",
    )
    query = link_query(mail)
    assert query["loginEMail"] == "grace@example.com"

    # Not verified yet: the right password is not enough.
    assert (await login(client, event.id, "grace@example.com")).json()["Reason"] == 3

    confirmed = await confirm(client, query["loginEMail"], query["token"])
    assert confirmed["Reason"] == 7
    assert confirmed["Token"] is None

    logged_in = (await login(client, event.id, "GRACE@example.com")).json()
    assert logged_in["Reason"] == 7
    assert logged_in["ReasonText"] == "LOGIN_OK"
    assert logged_in["EventID"] == event.id
    token, person_id = logged_in["Token"], logged_in["PersonID"]

    me = await client.get(f"/persons/{person_id}", headers=bearer(token))
    assert me.status_code == 200
    person = me.json()
    assert person["FullName"] == "Grace Hopper"
    assert person["Login"] == {
        "LoginEMail": "grace@example.com",
        "IsVerified": True,
        "IsDisabled": False,
    }
    assert person["ContactInfo"]["Business"]["EMailAddress"] == "Grace@example.com"
    assert person["IsAdmin"] is False

    out = await client.post("/logout", headers=bearer(token))
    assert out.status_code == 204
    again = await client.get(f"/persons/{person_id}", headers=bearer(token))
    assert again.status_code == 401
    assert again.json()["Error"]["Code"] == "TOKEN_REVOKED"


async def test_registration_enrols_the_person_in_the_event(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await register(client, event.id, "new@example.com", language="fr")
    async with services.db.session() as session:
        person = await session.scalar(select(Person).where(Person.login_email == "new@example.com"))
        assert person is not None
        assert person.is_verified is False
        assert person.language == "fr"
        assert person.password_hash is not None
        assert person.password_hash.startswith("$argon2id$")
        assert await session.get(Attendee, (event.id, person.id)) is not None


async def test_confirmation_by_code(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await register(client, event.id, "code@example.com")
    code = code_in(only_mail_to(mailbox, "code@example.com"))
    assert (await confirm(client, "code@example.com", code))["Reason"] == 7
    assert (await login(client, event.id, "code@example.com")).json()["Reason"] == 7
    # Used once, it is spent.
    assert (await confirm(client, "code@example.com", code))["Reason"] == 4


async def test_code_dies_after_five_wrong_guesses_but_the_link_still_works(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await register(client, event.id, "guess@example.com")
    mail = only_mail_to(mailbox, "guess@example.com")
    code = code_in(mail)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    for _ in range(5):
        assert (await confirm(client, "guess@example.com", wrong))["Reason"] == 4
    assert (await confirm(client, "guess@example.com", code))["Reason"] == 4
    assert (await confirm(client, "guess@example.com", link_query(mail)["token"]))["Reason"] == 7


async def test_four_wrong_guesses_leave_the_code_usable(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await register(client, event.id, "careful@example.com")
    code = code_in(only_mail_to(mailbox, "careful@example.com"))
    wrong = f"{(int(code) + 7) % 1_000_000:06d}"
    for _ in range(4):
        assert (await confirm(client, "careful@example.com", wrong))["Reason"] == 4
    assert (await confirm(client, "careful@example.com", code))["Reason"] == 7


async def test_confirmation_link_expires_after_24_hours(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox, clock: FrozenClock
) -> None:
    event = await make_event(services)
    await register(client, event.id, "late@example.com")
    query = link_query(only_mail_to(mailbox, "late@example.com"))
    clock.advance(timedelta(hours=24, seconds=1))
    assert (await confirm(client, "late@example.com", query["token"]))["Reason"] == 4
    assert (await login(client, event.id, "late@example.com")).json()["Reason"] == 3


async def test_confirmation_token_of_another_address_is_refused(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await register(client, event.id, "one@example.com")
    await register(client, event.id, "two@example.com")
    token_of_one = link_query(only_mail_to(mailbox, "one@example.com"))["token"]
    assert (await confirm(client, "two@example.com", token_of_one))["Reason"] == 4
    assert (await confirm(client, "nobody@example.com", token_of_one))["Reason"] == 4


async def test_unverified_login_resends_verification_at_most_every_ten_minutes(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox, clock: FrozenClock
) -> None:
    event = await make_event(services)
    await register(client, event.id, "slow@example.com")
    first = only_mail_to(mailbox, "slow@example.com")
    mailbox.messages.clear()

    clock.advance(timedelta(minutes=5))
    assert (await login(client, event.id, "slow@example.com")).json()["Reason"] == 3
    assert mailbox.to("slow@example.com") == []

    clock.advance(timedelta(minutes=6))
    assert (await login(client, event.id, "slow@example.com")).json()["Reason"] == 3
    fresh = only_mail_to(mailbox, "slow@example.com")
    # The fresh mail replaces the first one: its link no longer works.
    assert (await confirm(client, "slow@example.com", link_query(first)["token"]))["Reason"] == 4
    assert (await confirm(client, "slow@example.com", code_in(fresh)))["Reason"] == 7


async def test_unverified_login_with_a_wrong_password_reveals_nothing(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    await register(client, event.id, "quiet@example.com")
    mailbox.messages.clear()
    answer = (await login(client, event.id, "quiet@example.com", "not-the-password")).json()
    assert answer["Reason"] == 1
    assert mailbox.messages == []


async def test_registering_a_known_address_answers_the_same_and_warns_the_owner(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services, title="Expo")
    owner = await make_person(services, "taken@example.com", language="de", first_name="Karl")
    known = await register(client, event.id, "taken@example.com", password="another-long-pass-1")
    unknown = await register(client, event.id, "fresh@example.com", password="another-long-pass-1")
    assert known == unknown
    assert known["Reason"] == 10
    assert known["PersonID"] is None

    warning = only_mail_to(mailbox, "taken@example.com")
    text = Mailbox.text(warning)
    assert "Hallo Karl," in text
    assert "vielleicht Sie selbst" in text
    assert "Passwort vergessen" in text
    assert "Expo" in str(warning["Subject"])
    # The warning carries no secret, and the account is untouched.
    assert "token=" not in text
    async with services.db.session() as session:
        assert (await session.get(Person, owner.id)) is not None
        tokens = await session.scalar(
            select(func.count()).select_from(EmailToken).where(EmailToken.person_id == owner.id)
        )
        assert tokens == 0
        assert await session.get(Attendee, (event.id, owner.id)) is None
    assert (await login(client, event.id, "taken@example.com", "another-long-pass-1")).json()[
        "Reason"
    ] == 1


async def test_verification_mail_is_in_german_for_a_german_registration(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services, title="Messe Berlin")
    await register(client, event.id, "anna@example.com", language="de-AT", first_name="Anna")
    mail = only_mail_to(mailbox, "anna@example.com")
    assert str(mail["Subject"]) == "Bestätigen Sie Ihre E-Mail-Adresse für Messe Berlin"
    text = Mailbox.text(mail)
    assert text.startswith("Hallo Anna,")
    assert "vielen Dank für Ihre Registrierung für Messe Berlin." in text
    assert "Ihr Bestätigungscode" in text
    assert "24 Stunden" in text
    assert "Hello" not in text
    assert "E-Mail-Adresse bestätigen" in Mailbox.html(mail)


@pytest.mark.parametrize(
    ("language", "phrase"),
    [
        ("es", "Gracias por registrarse en"),
        ("fr", "Merci pour votre inscription à"),
        ("it", "Grazie per la tua registrazione a"),
        ("xx", "Thank you for registering for"),
    ],
)
async def test_verification_mail_language_follows_the_person(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox, language: str, phrase: str
) -> None:
    event = await make_event(services)
    await register(client, event.id, "polyglot@example.com", language=language)
    assert phrase in Mailbox.text(only_mail_to(mailbox, "polyglot@example.com"))


async def test_without_language_the_event_default_is_used(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services, default_language="it")
    await register(client, event.id, "default@example.com")
    assert "Ciao Grace," in Mailbox.text(only_mail_to(mailbox, "default@example.com"))


async def test_names_cannot_inject_markup_or_headers(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services, title="Fair\r\nBcc: victim@example.com")
    await register(client, event.id, "xss@example.com", first_name="<b>Eve</b>")
    mail = only_mail_to(mailbox, "xss@example.com")
    assert mail["Bcc"] is None
    assert "<b>Eve</b>" not in Mailbox.html(mail)
    assert "&lt;b&gt;Eve&lt;/b&gt;" in Mailbox.html(mail)


async def test_weak_password_is_reason_6_naming_the_rule_and_creates_nothing(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    short = await register(client, event.id, "weak@example.com", password="short-1")
    assert short["Reason"] == 6
    assert short["ReasonText"] == "PASSWORD_RULES"
    assert short["Rules"] == ["min_length"]
    common = await register(client, event.id, "weak@example.com", password="Password1234")
    assert common["Rules"] == ["common_password"]
    own = await register(client, event.id, "weak.person.01@example.com", password="weak.person.01")
    assert own["Rules"] == ["matches_email"]
    assert await _count_persons(services) == 0
    assert mailbox.messages == []


async def test_long_passwords_are_accepted_untruncated(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    long_password = "pass-phrase " * 85  # 1020 characters
    assert (await register(client, event.id, "long@example.com", password=long_password))[
        "Reason"
    ] == 10
    await confirm(client, "long@example.com", code_in(only_mail_to(mailbox, "long@example.com")))
    assert (await login(client, event.id, "long@example.com", long_password)).json()["Reason"] == 7
    # A password sharing the first 1000 characters is a different password.
    prefix_only = long_password[:1000]
    assert (await login(client, event.id, "long@example.com", prefix_only)).json()["Reason"] == 1
    too_long = await register(client, event.id, "longer@example.com", password="x1" * 513)
    assert too_long["Rules"] == ["max_length"]


@pytest.mark.parametrize(
    ("whitelist", "email", "admitted"),
    [
        (["guest@example.com"], "guest@example.com", True),
        (["guest@example.com"], "other@example.com", False),
        (["example.com"], "anyone@example.com", True),
        (["@example.com"], "anyone@example.com", True),
        (["example.com"], "mallory@evil-example.com", False),
        (["example.com"], "someone@sub.example.com", False),
        (["Example.COM"], "Someone@EXAMPLE.com", True),
    ],
)
async def test_whitelist_decides_who_may_register(
    client: httpx.AsyncClient,
    services: Services,
    mailbox: Mailbox,
    whitelist: list[str],
    email: str,
    admitted: bool,
) -> None:
    event = await make_event(services, whitelist=[entry.lstrip("@") for entry in whitelist])
    answer = await register(client, event.id, email)
    if admitted:
        assert answer["Reason"] == 10
        assert await _count_persons(services) == 1
    else:
        assert answer["Reason"] == 12
        assert answer["ReasonText"] == "NOT_ATTENDEE"
        assert await _count_persons(services) == 0
        assert mailbox.messages == []


async def test_registration_is_limited_per_address(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    for _ in range(3):
        assert (await register(client, event.id, "spam@example.com"))["Reason"] == 10
    fourth = await client.post(
        f"/registernewaccount?EventID={event.id}",
        json={
            "FirstName": "A",
            "LastName": "B",
            "LoginEMail": "SPAM@example.com",
            "Password": STRONG_PASSWORD,
        },
    )
    assert fourth.status_code == 429
    assert fourth.json()["Error"]["Code"] == "RATE_LIMITED"
    assert int(fourth.headers["Retry-After"]) > 0
    assert len(mailbox.to("spam@example.com")) == 3


async def test_registration_is_limited_per_ip(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox, clock: FrozenClock
) -> None:
    event = await make_event(services)
    for number in range(10):
        assert (await register(client, event.id, f"bulk{number}@example.com"))["Reason"] == 10
    over = await client.post(
        f"/registernewaccount?EventID={event.id}",
        json={
            "FirstName": "A",
            "LastName": "B",
            "LoginEMail": "bulk10@example.com",
            "Password": STRONG_PASSWORD,
        },
    )
    assert over.status_code == 429
    assert await _count_persons(services) == 10
    clock.advance(timedelta(hours=1))
    assert (await register(client, event.id, "bulk10@example.com"))["Reason"] == 10


async def test_email_alias_field_is_accepted(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    event = await make_event(services)
    response = await client.post(
        f"/registernewaccount?EventID={event.id}",
        json={"FirstName": "A", "LastName": "B", "EMail": "alias@example.com", "Password": "x" * 3},
    )
    assert response.json()["Rules"] == ["min_length", "repeated_character"]
    response = await client.post(
        f"/registernewaccount?EventID={event.id}",
        json={
            "FirstName": "A",
            "LastName": "B",
            "EMail": "alias@example.com",
            "LoginEMail": "other@example.com",
            "Password": STRONG_PASSWORD,
        },
    )
    assert response.status_code == 422


@pytest.mark.parametrize(
    ("query", "body", "code", "names"),
    [
        ("", None, "MISSING_PARAMETER", ["EventID"]),
        ("?EventID=nothex", None, "VALIDATION_ERROR", ["EventID"]),
        ("?EventID={event}", {"LoginEMail": "not-an-address"}, "VALIDATION_ERROR", ["LoginEMail"]),
        ("?EventID={event}", {"FirstName": None}, "MISSING_PARAMETER", ["FirstName"]),
        ("?EventID={event}", {"FirstName": 12}, "VALIDATION_ERROR", ["FirstName"]),
        ("?EventID={event}", {"IsAdmin": True}, "VALIDATION_ERROR", ["IsAdmin"]),
        ("?EventID={event}", {"FirstName": "x" * 101}, "VALIDATION_ERROR", ["FirstName"]),
    ],
)
async def test_malformed_registration_is_422_and_creates_nothing(
    client: httpx.AsyncClient,
    services: Services,
    mailbox: Mailbox,
    query: str,
    body: dict[str, object] | None,
    code: str,
    names: list[str],
) -> None:
    event = await make_event(services)
    payload: dict[str, object] = {
        "FirstName": "Ada",
        "LastName": "King",
        "LoginEMail": "ada@example.com",
        "Password": STRONG_PASSWORD,
    }
    for name, value in (body or {}).items():
        if value is None:
            del payload[name]
        else:
            payload[name] = value
    response = await client.post("/registernewaccount" + query.format(event=event.id), json=payload)
    assert response.status_code == 422
    error = response.json()["Error"]
    assert error["Code"] == code
    assert [p["Name"] for p in error["Data"]["Problems"]] == names
    assert "register_new_account" in error["Message"]
    assert await _count_persons(services) == 0
    assert mailbox.messages == []


async def test_unknown_event_is_404(client: httpx.AsyncClient, mailbox: Mailbox) -> None:
    response = await client.post(
        f"/registernewaccount?EventID={'a' * 24}",
        json={
            "FirstName": "A",
            "LastName": "B",
            "LoginEMail": "a@example.com",
            "Password": STRONG_PASSWORD,
        },
    )
    assert response.status_code == 404
    assert response.json()["Error"]["Code"] == "EVENT_NOT_FOUND"


async def test_confirmation_needs_both_parameters(client: httpx.AsyncClient) -> None:
    response = await client.post("/confirmemailaddress", params={"token": "123456"})
    assert response.status_code == 422
    error = response.json()["Error"]
    assert error["Code"] == "MISSING_PARAMETER"
    assert error["Data"]["Parameters"] == ["loginEMail"]
    assert "confirm_email_address" in error["Message"]
