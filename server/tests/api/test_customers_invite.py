"""Creating a customer invites its first admin: a new account without password gets a
set-password link to the console, which verifies the address and lets them sign in; an existing
account is told to sign in. Refusals write nothing and send nothing."""

from __future__ import annotations

from urllib.parse import urlsplit

import httpx
from sqlalchemy import func, select

from tests.api.accounts_support import STRONG_PASSWORD, link_in, link_query, only_mail_to
from tests.api.customers_support import customer_admin_headers, master_headers
from tests.conftest import Mailbox
from tests.factories import make_customer, make_person
from venuely.accounts.models import Person
from venuely.admins.models import Admin, AdminType
from venuely.core.clock import FrozenClock
from venuely.core.services import Services
from venuely.events.models import Customer


async def _counts(services: Services) -> tuple[int, int, int]:
    async with services.db.session() as session:
        return (
            int(await session.scalar(select(func.count()).select_from(Customer)) or 0),
            int(await session.scalar(select(func.count()).select_from(Person)) or 0),
            int(await session.scalar(select(func.count()).select_from(Admin)) or 0),
        )


async def test_a_new_customer_admin_sets_a_password_from_the_mail_and_signs_in(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    headers = await master_headers(services)
    response = await client.post(
        "/customers",
        headers=headers,
        json={
            "Name": "  Initech  ",
            "AdminEMail": "peter@initech.example.com",
            "AdminFirstName": "Peter",
            "AdminLastName": "Gibbons",
            "Language": "de",
        },
    )
    assert response.status_code == 201, response.text
    created = response.json()
    assert created["Name"] == "Initech"
    assert created["IsDisabled"] is False
    assert created["MayCreateEvents"] is True
    assert created["CreatedAt"]

    async with services.db.session() as session:
        person = await session.scalar(
            select(Person).where(Person.login_email == "peter@initech.example.com")
        )
        assert person is not None
        assert (person.password_hash, person.is_verified, person.language) == (None, False, "de")
        grant = await session.scalar(select(Admin).where(Admin.person_id == person.id))
        assert grant is not None
        assert (grant.admin_type, grant.customer_id, grant.roles) == (
            AdminType.CUSTOMER.value,
            created["ID"],
            [],
        )

    mail = only_mail_to(mailbox, "peter@initech.example.com")
    assert str(mail["Subject"]) == "Einladung zur Verwaltung von Initech bei Venuely"
    assert "Hallo Peter," in Mailbox.text(mail)
    link = urlsplit(link_in(mail))
    assert link.path == "/manage/set-password"
    query = link_query(mail)
    assert query["loginEMail"] == "peter@initech.example.com"

    # Before the password is set the account cannot sign in at all.
    before = await client.post(
        "/loginadmin", json={"LoginEMail": "peter@initech.example.com", "Password": "x"}
    )
    assert before.json()["ReasonText"] == "WRONG_CREDENTIALS"

    reset = await client.post(
        "/resetpassword",
        json={
            "LoginEMail": query["loginEMail"],
            "Password": STRONG_PASSWORD,
            "Token": query["token"],
        },
    )
    assert reset.json()["ReasonText"] == "PASSWORD_SET", reset.text
    async with services.db.session() as session:
        stored = await session.get(Person, person.id)
        assert stored is not None
        assert stored.is_verified is True  # the link proved the mailbox

    login = await client.post(
        "/loginadmin",
        json={"LoginEMail": "peter@initech.example.com", "Password": STRONG_PASSWORD},
    )
    assert login.json()["ReasonText"] == "LOGIN_OK", login.text
    token = login.json()["Token"]
    mine = await client.get("/customers", headers={"Authorization": f"Bearer {token}"})
    assert [c["ID"] for c in mine.json()] == [created["ID"]]

    # The link is single use.
    again = await client.post(
        "/resetpassword",
        json={
            "LoginEMail": query["loginEMail"],
            "Password": STRONG_PASSWORD,
            "Token": query["token"],
        },
    )
    assert again.json()["ReasonText"] == "TOKEN_INVALID"


async def test_an_existing_account_is_told_to_sign_in_and_keeps_its_password(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    existing = await make_person(services, "samir@example.com", first_name="Samir", language="fr")
    response = await client.post(
        "/customers",
        headers=await master_headers(services),
        json={"Name": "Penetrode", "AdminEMail": "Samir@Example.com", "Language": "it"},
    )
    assert response.status_code == 201, response.text
    mail = only_mail_to(mailbox, "samir@example.com")
    # The account's own language, not the one the body offered a new account.
    assert str(mail["Subject"]) == "Invitation à gérer Penetrode sur Venuely"
    assert urlsplit(link_in(mail)).path == "/manage"
    async with services.db.session() as session:
        stored = await session.get(Person, existing.id)
        assert stored is not None
        assert stored.password_hash == existing.password_hash
        assert stored.language == "fr"


async def test_resending_an_invitation_retires_the_old_link(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox, clock: FrozenClock
) -> None:
    headers = await master_headers(services)
    created = await client.post(
        "/customers",
        headers=headers,
        json={"Name": "Hooli", "AdminEMail": "gavin@hooli.example.com"},
    )
    assert created.status_code == 201, created.text
    first = link_query(only_mail_to(mailbox, "gavin@hooli.example.com"))
    mailbox.messages.clear()

    resent = await client.post(
        f"/customers/{created.json()['ID']}/invitation",
        headers=headers,
        json={"AdminEMail": "gavin@hooli.example.com"},
    )
    assert resent.status_code == 200, resent.text
    assert resent.json()["LoginEMail"] == "gavin@hooli.example.com"
    assert resent.json()["ExpiresAt"] is not None
    second = link_query(only_mail_to(mailbox, "gavin@hooli.example.com"))
    assert second["token"] != first["token"]
    old = await client.post(
        "/resetpassword",
        json={
            "LoginEMail": first["loginEMail"],
            "Password": STRONG_PASSWORD,
            "Token": first["token"],
        },
    )
    assert old.json()["ReasonText"] == "TOKEN_INVALID"

    # Only admins of the customer are invited again: this route makes no new admins.
    stranger = await make_person(services, "stranger@example.com")
    refused = await client.post(
        f"/customers/{created.json()['ID']}/invitation",
        headers=headers,
        json={"AdminEMail": stranger.login_email},
    )
    assert refused.status_code == 404
    assert refused.json()["Error"]["Code"] == "ADMIN_NOT_FOUND"


async def test_bad_input_and_refusals_write_nothing_and_send_nothing(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    headers = await master_headers(services)
    taken = await make_customer(services, "Acme Events")
    await make_person(services, "gone@example.com", is_disabled=True)
    before = await _counts(services)
    for body, status, code in (
        ({"Name": "", "AdminEMail": "a@example.com"}, 422, "VALIDATION_ERROR"),
        ({"Name": "Two\nlines", "AdminEMail": "a@example.com"}, 422, "VALIDATION_ERROR"),
        ({"Name": "X" * 201, "AdminEMail": "a@example.com"}, 422, "VALIDATION_ERROR"),
        ({"Name": "Fine", "AdminEMail": "not an address"}, 422, "VALIDATION_ERROR"),
        ({"Name": "Fine"}, 422, "MISSING_PARAMETER"),
        ({"Name": "Fine", "AdminEMail": "a@example.com", "Extra": 1}, 422, "VALIDATION_ERROR"),
        ({"Name": "Fine", "AdminEMail": "a@example.com", "Language": 5}, 422, "VALIDATION_ERROR"),
        ({"Name": "acme EVENTS", "AdminEMail": "a@example.com"}, 409, "CONFLICT"),
        ({"Name": "Fine", "AdminEMail": "gone@example.com"}, 409, "CONFLICT"),
    ):
        response = await client.post("/customers", headers=headers, json=body)
        assert response.status_code == status, (body, response.text)
        assert response.json()["Error"]["Code"] == code, (body, response.text)
    assert await _counts(services) == before
    assert mailbox.messages == []

    # Only masters create customers, customer admins included.
    own = await customer_admin_headers(services, taken)
    before = await _counts(services)
    response = await client.post(
        "/customers", headers=own, json={"Name": "Mine", "AdminEMail": "b@example.com"}
    )
    assert response.status_code == 403
    assert await _counts(services) == before
    assert mailbox.messages == []
