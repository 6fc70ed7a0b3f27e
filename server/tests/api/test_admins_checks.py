"""The "am I an admin" checks, admin lists by type, the new-admin mail and `create-admin`."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select

from tests.conftest import Mailbox
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.bootstrap import create_master_admin
from venuely.admins.models import Admin, AdminType
from venuely.core.security import verify_password
from venuely.core.services import Services
from venuely.settings import Settings


async def test_is_checks_answer_about_the_caller(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    other_event = await make_event(services)
    event_admin = await make_person(services)
    await grant_admin(
        services, event_admin, AdminType.EVENT, event_id=event.id, customer_id=customer.id
    )
    customer_admin = await make_person(services)
    await grant_admin(services, customer_admin, AdminType.CUSTOMER, customer_id=customer.id)
    attendee = await make_person(services, event=event)
    headers = {
        "event": bearer(await token_for(services, event_admin)),
        "customer": bearer(await token_for(services, customer_admin)),
        "attendee": bearer(await token_for(services, attendee, event)),
    }

    async def ask(who: str, path: str) -> bool:
        response = await client.get(path, headers=headers[who])
        assert response.status_code == 200, response.text
        answer = response.json()
        assert isinstance(answer, bool)
        return answer

    assert not await ask("customer", "/admins/getismasteradmin")
    assert await ask("customer", f"/admins/getiscustomerormasteradmin?CustomerID={customer.id}")
    assert not await ask("event", f"/admins/getiscustomerormasteradmin?CustomerID={customer.id}")
    from_event = f"/admins/getiscustomerormasteradminfromeventid?EventID={event.id}"
    assert await ask("customer", from_event)
    assert not await ask("event", from_event)
    any_level = f"/admins/getiseventorcustomerormasteradmin?EventID={event.id}"
    assert await ask("event", any_level)
    assert await ask("customer", any_level)
    assert not await ask("attendee", any_level)
    elsewhere = f"/admins/getiseventorcustomerormasteradmin?EventID={other_event.id}"
    assert not await ask("customer", elsewhere)


async def test_is_checks_refusals(client: httpx.AsyncClient, services: Services) -> None:
    person = await make_person(services)
    await grant_admin(services, person, AdminType.MASTER)
    headers = bearer(await token_for(services, person))
    assert (await client.get("/admins/getismasteradmin", headers=headers)).json() is True
    assert (await client.get("/admins/getismasteradmin")).status_code == 401
    missing = await client.get("/admins/getiscustomerormasteradmin", headers=headers)
    assert missing.status_code == 422
    assert missing.json()["Error"]["Code"] == "MISSING_PARAMETER"
    assert missing.json()["Error"]["Data"]["Parameters"] == ["CustomerID"]
    unknown_event = await client.get(
        f"/admins/getiscustomerormasteradminfromeventid?EventID={'a' * 24}", headers=headers
    )
    assert unknown_event.status_code == 404
    assert unknown_event.json()["Error"]["Code"] == "EVENT_NOT_FOUND"
    unknown_customer = await client.get(
        f"/admins/getiscustomerormasteradmin?CustomerID={'a' * 24}", headers=headers
    )
    assert unknown_customer.status_code == 404
    bad = await client.get("/admins/getiseventorcustomerormasteradmin?EventID=12", headers=headers)
    assert bad.status_code == 422


async def test_listadmins_by_type_with_and_without_roles(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    other = await make_event(services)
    host = await make_person(services, "host@example.com", first_name="Hedy", last_name="Lamarr")
    grant = await grant_admin(
        services,
        host,
        AdminType.EVENT,
        event_id=event.id,
        customer_id=customer.id,
        roles=["moderation"],
    )
    outsider = await make_person(services)
    await grant_admin(
        services, outsider, AdminType.EVENT, event_id=other.id, customer_id=other.customer_id
    )
    boss = await make_person(services)
    await grant_admin(services, boss, AdminType.CUSTOMER, customer_id=customer.id)
    headers = bearer(await token_for(services, boss))
    plain = await client.get("/admins/listadmins/Event", headers=headers)
    assert plain.status_code == 200
    assert plain.json() == [
        {
            "AdminID": grant.id,
            "PersonID": host.id,
            "FullName": "Hedy Lamarr",
            "LoginEMail": "host@example.com",
            "AdminType": "Event",
            "CustomerID": customer.id,
            "EventID": event.id,
            "Roles": None,
        }
    ]
    with_roles = await client.get(
        f"/admins/listadmins/Event?EventID={event.id}&WithRoles=true", headers=headers
    )
    assert with_roles.json()[0]["Roles"] == ["moderation"]
    customers = await client.get("/admins/listadmins/Customer", headers=headers)
    assert [a["PersonID"] for a in customers.json()] == [boss.id]
    assert (await client.get("/admins/listadmins/Owner", headers=headers)).status_code == 422
    bad_flag = await client.get("/admins/listadmins/Event?WithRoles=perhaps", headers=headers)
    assert bad_flag.status_code == 422


@pytest.mark.parametrize(
    ("language", "subject", "phrase"),
    [
        ("en", "You are now an admin on Venuely", "event admin rights"),
        ("de", "Du bist jetzt Admin bei Venuely", "Event-Admin-Rechte"),
        ("es", "Ahora eres administrador en Venuely", "administrador del evento"),
        ("fr", "Vous êtes maintenant administrateur sur Venuely", "administrateur de l'événement"),
        ("it", "Ora sei amministratore su Venuely", "amministratore dell'evento"),
    ],
)
async def test_new_admin_mail_in_the_persons_language(
    client: httpx.AsyncClient,
    services: Services,
    mailbox: Mailbox,
    language: str,
    subject: str,
    phrase: str,
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer, title="Jazz <Night>")
    person = await make_person(services, "new.admin@example.com", language=language)
    grant = await grant_admin(
        services, person, AdminType.EVENT, event_id=event.id, customer_id=customer.id
    )
    boss = await make_person(services)
    await grant_admin(services, boss, AdminType.CUSTOMER, customer_id=customer.id)
    response = await client.post(
        f"/admins/{grant.id}/sendnewadmininfomail",
        headers=bearer(await token_for(services, boss)),
    )
    assert response.status_code == 202, response.text
    assert response.json() == {"Sent": True}
    [mail] = mailbox.to("new.admin@example.com")
    assert mail["Subject"] == subject
    text = Mailbox.text(mail)
    assert phrase in text
    assert "Jazz <Night>" in text
    assert "http://venuely.test" in text
    assert "Jazz &lt;Night&gt;" in Mailbox.html(mail)


async def test_new_admin_mail_without_password_points_to_forgot_password(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    customer = await make_customer(services, "Initech")
    person = await make_person(services, "fresh@example.com")
    async with services.db.session() as session:
        row = await session.get(Person, person.id)
        assert row is not None
        row.password_hash = None
    grant = await grant_admin(services, person, AdminType.CUSTOMER, customer_id=customer.id)
    master = await make_person(services)
    await grant_admin(services, master, AdminType.MASTER)
    headers = bearer(await token_for(services, master))
    response = await client.post(f"/admins/{grant.id}/sendnewadmininfomail", headers=headers)
    assert response.status_code == 202
    text = Mailbox.text(mailbox.to("fresh@example.com")[0])
    assert "Forgot password" in text
    assert "Initech" in text


async def test_new_admin_mail_refusals_and_rate_limit(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    person = await make_person(services, "limited@example.com")
    grant = await grant_admin(
        services, person, AdminType.EVENT, event_id=event.id, customer_id=customer.id
    )
    event_admin_headers = bearer(await token_for(services, person))
    refused = await client.post(
        f"/admins/{grant.id}/sendnewadmininfomail", headers=event_admin_headers
    )
    assert refused.status_code == 403
    master = await make_person(services)
    await grant_admin(services, master, AdminType.MASTER)
    headers = bearer(await token_for(services, master))
    unknown = await client.post(f"/admins/{'5' * 24}/sendnewadmininfomail", headers=headers)
    assert unknown.status_code == 404
    statuses = [
        (await client.post(f"/admins/{grant.id}/sendnewadmininfomail", headers=headers)).status_code
        for _ in range(4)
    ]
    assert statuses == [202, 202, 202, 429]
    assert len(mailbox.to("limited@example.com")) == 3


async def test_create_master_admin_creates_then_reuses(
    services: Services, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    code = await create_master_admin(
        settings, "Root@Example.com", "a long enough secret", "Root", "User"
    )
    assert code == 0
    assert "created person" in capsys.readouterr().out
    async with services.db.session() as session:
        person = await session.scalar(
            select(Person).where(Person.login_email == "root@example.com")
        )
        assert person is not None
        assert person.is_verified
        assert verify_password(person.password_hash, "a long enough secret")
        grants = (await session.scalars(select(Admin).where(Admin.person_id == person.id))).all()
    assert [g.admin_type for g in grants] == ["Master"]
    again = await create_master_admin(settings, "root@example.com", "another secret!!", "R", "U")
    assert again == 0
    assert "already a master admin" in capsys.readouterr().out
    async with services.db.session() as session:
        count = (await session.scalars(select(Admin).where(Admin.person_id == person.id))).all()
    assert len(count) == 1


async def test_create_master_admin_grants_an_existing_person(
    services: Services, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    person = await make_person(services, "known@example.com")
    assert await create_master_admin(settings, "known@example.com", "", "K", "P") == 0
    assert "using existing person" in capsys.readouterr().out
    async with services.db.session() as session:
        grant = await session.scalar(select(Admin).where(Admin.person_id == person.id))
    assert grant is not None
    assert grant.admin_type == "Master"


async def test_create_master_admin_refuses_a_short_password(
    services: Services, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await create_master_admin(settings, "new@example.com", "short", "N", "P") == 2
    assert "at least 12" in capsys.readouterr().err
    async with services.db.session() as session:
        assert await session.scalar(select(Person.id)) is None
        assert await session.scalar(select(Admin.id)) is None
