"""Invitations (people/invitations.py): an import is judged row by row and stored whole or, with
Confirm, its good rows only; each invitee gets a mail with the event's sign-up link; an
invitation admits its address on a listed event without closing an open one."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import httpx
from sqlalchemy import func, select

from tests.api.accounts_support import link_in, only_mail_to, register
from tests.api.people_support import PeopleWorld, build_people_world
from tests.conftest import Mailbox
from tests.factories import make_person
from venuely.core.services import Services
from venuely.people.models import EventInvitation


async def _stored(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(EventInvitation)) or 0)


async def _import(client: httpx.AsyncClient, world: PeopleWorld, **body: object) -> httpx.Response:
    return await client.post(world.url("/invitations"), json=body, headers=world.h)


async def test_a_bad_row_refuses_the_whole_import_until_confirmed(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    world = await build_people_world(services)
    await make_person(services, "member@example.com", event=world.event)
    csv = (
        "First_Name,EMAIL,language\n"
        "Ann,ann@example.com,de\n"
        "Bad,not-an-address,en\n"
        "Ann again,ANN@example.com,en\n"
        "Mem,member@example.com,en\n"
        "\n"
        "Ben,ben@example.com,\n"
    )
    refused = await _import(client, world, CSV=csv)
    assert refused.status_code == 422, refused.text
    error = refused.json()["Error"]
    assert error["Code"] == "INVITATION_IMPORT_INVALID"
    report = [(r["Line"], r["Email"], r["Status"]) for r in error["Data"]["Rows"]]
    assert report == [
        (2, "ann@example.com", "ok"),
        (3, "not-an-address", "invalid"),
        (4, "ann@example.com", "duplicate"),
        (5, "member@example.com", "already_registered"),
        (7, "ben@example.com", "ok"),
    ]
    assert await _stored(services) == 0
    assert not mailbox.to("ann@example.com")

    confirmed = await _import(client, world, CSV=csv, Confirm=True)
    assert confirmed.status_code == 200, confirmed.text
    assert confirmed.json()["Invited"] == 2
    assert await _stored(services) == 2
    mail = only_mail_to(mailbox, "ann@example.com")
    assert "Einladung" in str(mail["Subject"])  # the row's language
    link = urlsplit(link_in(mail))
    assert link.path == f"/{world.event.internal_name}/sign-up"
    assert parse_qs(link.query) == {"email": ["ann@example.com"]}
    assert only_mail_to(mailbox, "ben@example.com")
    # Importing the same list again: both are known now, nothing is mailed twice.
    again = await _import(client, world, Emails=["ann@example.com, ben@example.com"])
    statuses = [r["Status"] for r in again.json()["Error"]["Data"]["Rows"]]
    assert statuses == ["already_invited", "already_invited"]
    assert len(mailbox.to("ann@example.com")) == 1


async def test_missing_header_and_oversized_imports_store_nothing(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_people_world(services)
    no_header = await _import(client, world, CSV="ann@example.com\nben@example.com\n", Confirm=True)
    assert no_header.status_code == 422
    rows = no_header.json()["Error"]["Data"]["Rows"]
    assert [(r["Line"], r["Status"]) for r in rows] == [(1, "missing_header")]
    huge = "email\n" + "".join(f"p{i}@example.com\n" for i in range(5001))
    too_many = await _import(client, world, CSV=huge, Confirm=True)
    assert (too_many.status_code, too_many.json()["Error"]["Code"]) == (413, "BODY_TOO_LARGE")
    pasted = await _import(client, world, Emails=[f"p{i}@example.com" for i in range(5001)])
    assert pasted.status_code == 413
    both = await _import(client, world, Emails=["a@example.com"], CSV="email\n")
    assert both.status_code == 422
    assert await _stored(services) == 0


async def test_an_invitation_admits_on_a_listed_event_and_never_closes_an_open_one(
    client: httpx.AsyncClient, services: Services
) -> None:
    listed = await build_people_world(services, whitelist=["vip@example.com"])
    assert (await _import(client, listed, Emails=["guest@example.com"])).status_code == 200
    assert (await register(client, listed.event.id, "guest@example.com"))["Reason"] == 10
    assert (await register(client, listed.event.id, "stranger@example.com"))["Reason"] == 12

    open_world = await build_people_world(services)
    assert (await _import(client, open_world, Emails=["guest2@example.com"])).status_code == 200
    assert (await register(client, open_world.event.id, "anyone@example.com"))["Reason"] == 10


async def test_withdrawing_an_unused_invitation(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_people_world(services, is_restricted=True)
    await _import(client, world, Emails=["one@example.com", "two@example.com"])
    await register(client, world.event.id, "two@example.com")
    gone = await client.delete(world.url("/invitations/ONE@example.com"), headers=world.h)
    assert gone.status_code == 204
    assert (await register(client, world.event.id, "one@example.com"))["Reason"] == 12
    used = await client.delete(world.url("/invitations/two@example.com"), headers=world.h)
    assert (used.status_code, used.json()["Error"]["Code"]) == (409, "CONFLICT")
    missing = await client.delete(world.url("/invitations/one@example.com"), headers=world.h)
    assert missing.status_code == 404
