"""The data export: the person's own rows and uploads, nothing of anyone else's."""

from __future__ import annotations

import io
import zipfile

import httpx
import orjson

from tests.api.privacy_support import UPLOAD, seed_person
from tests.factories import (
    bearer,
    grant_admin,
    make_customer,
    make_event,
    make_person,
    token_for,
)
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Attendee


def _archive(response: httpx.Response) -> dict[str, bytes]:
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


async def test_own_export_holds_what_the_person_made_and_nothing_of_others(
    services: Services, client: httpx.AsyncClient
) -> None:
    event = await make_event(services)
    person = await make_person(services, event=event)
    other = await make_person(services, event=event, first_name="Zebedee")
    seeded = await seed_person(services, client, event, person, other, "one")
    files = _archive(
        await client.get(
            "/persons/me/data-export", headers=bearer(await token_for(services, person, event))
        )
    )
    for name in ("profile.json", "events.json", "messages.json", "ballots.json",
                 "questions.json", "projects.json", "files.json", "agenda.json",
                 "consents.json", "values.json", "README.txt"):  # fmt: skip
        assert name in files, name
    everything = b"".join(files.values())
    assert b"theirs one" not in everything  # the other person's message in the same room
    assert b"their question one" not in everything
    assert b"Zebedee" not in everything
    assert other.login_email.encode() not in everything
    messages = orjson.loads(files["messages.json"])
    assert {m["Text"] for m in messages} == {"mine one", "direct one"}
    assert orjson.loads(files["profile.json"])["LoginEMail"] == person.login_email
    assert orjson.loads(files["questions.json"])["UpvotedQuestionIDs"] == [seeded.other_question_id]
    listed = orjson.loads(files["files.json"])
    assert listed[0]["Included"] is True
    assert files[listed[0]["ArchiveName"]] == UPLOAD + b"one"
    assert orjson.loads(files["consents.json"])[0]["Statistics"] is True
    assert b"password" not in files["profile.json"].lower().replace(b"haspassword", b"")


async def test_organizer_export_is_limited_to_their_event(
    services: Services, client: httpx.AsyncClient
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    second = await make_event(services, customer)
    person = await make_person(services, event=event)
    other = await make_person(services, event=event)
    organizer = await make_person(services)
    await grant_admin(
        services, organizer, AdminType.EVENT, event_id=event.id, customer_id=customer.id
    )
    async with services.db.session() as session:
        for who in (person, other):
            session.add(
                Attendee(event_id=second.id, person_id=who.id, created_at=services.clock.now())
            )
    await seed_person(services, client, event, person, other, "one")
    await seed_person(services, client, second, person, other, "two")
    h = bearer(await token_for(services, organizer))
    files = _archive(
        await client.get(f"/events/{event.id}/people/{person.id}/data-export", headers=h)
    )
    everything = b"".join(files.values())
    assert b"mine one" in everything
    assert b"two" not in everything.replace(b"two-", b"")
    assert second.id.encode() not in everything
    assert orjson.loads(files["values.json"]) == []
    # The other event is not theirs to ask about.
    refused = await client.get(f"/events/{second.id}/people/{person.id}/data-export", headers=h)
    assert refused.status_code == 403


async def test_own_exports_are_rate_limited(services: Services, client: httpx.AsyncClient) -> None:
    event = await make_event(services)
    person = await make_person(services, event=event)
    h = bearer(await token_for(services, person, event))
    statuses = [
        (await client.get("/persons/me/data-export", headers=h)).status_code for _ in range(6)
    ]
    assert statuses == [200] * 5 + [429]
