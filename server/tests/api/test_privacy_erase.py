"""Erasure (privacy/erase.py): nothing names the person afterwards, in any table; their chat
messages stay with the sender cleared; an organizer's erasure in one event leaves the others."""

from __future__ import annotations

import httpx
from sqlalchemy import select

from tests.api.privacy_support import rows_naming, seed_person
from tests.factories import (
    DEFAULT_PASSWORD,
    bearer,
    grant_admin,
    make_customer,
    make_event,
    make_person,
    token_for,
)
from venuely.admins.models import AdminType
from venuely.chat.models import ChatMessage, Chatroom
from venuely.core.services import Services
from venuely.events.models import Attendee, Event
from venuely.files.models import StoredFile
from venuely.qna.models import Question


async def test_deleting_oneself_leaves_no_row_naming_the_person(
    services: Services, client: httpx.AsyncClient
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    second = await make_event(services, customer)
    person = await make_person(services, event=event)
    other = await make_person(services, event=event)
    async with services.db.session() as session:
        session.add(
            Attendee(event_id=second.id, person_id=other.id, created_at=services.clock.now())
        )
        session.add(
            Attendee(event_id=second.id, person_id=person.id, created_at=services.clock.now())
        )
    first = await seed_person(services, client, event, person, other, "one")
    await seed_person(services, client, second, person, other, "two")
    assert await rows_naming(services, person.id, person.login_email)
    token = await token_for(services, person, event)

    refused = await client.request(
        "DELETE", "/persons/me", json={"Password": "not it"}, headers=bearer(token)
    )
    assert refused.status_code == 403, refused.text
    assert refused.json()["Error"]["Code"] == "PASSWORD_INCORRECT"
    deleted = await client.request(
        "DELETE", "/persons/me", json={"Password": DEFAULT_PASSWORD}, headers=bearer(token)
    )
    assert deleted.status_code == 204, deleted.text

    assert await rows_naming(services, person.id, person.login_email) == []
    async with services.db.session() as session:
        mine = await session.get(ChatMessage, (first.broadcast_id, first.message_id))
        assert mine is not None
        assert mine.sender_id is None
        assert mine.text == "mine one"
        theirs = await session.get(ChatMessage, (first.broadcast_id, first.other_message_id))
        assert theirs is not None
        assert theirs.like_count == 0
        assert theirs.deleted_by is None
        question = await session.get(Question, first.other_question_id)
        assert question is not None
        assert question.votes == 0
        # Another person's whitelist entry keeps the event as restricted as it was.
        assert (await session.get(Event, event.id)).is_restricted is False  # type: ignore[union-attr]
        assert await session.get(StoredFile, first.file_hash) is None
        direct = await session.get(Chatroom, first.direct_id)
        assert direct is not None
        assert direct.internal_name.startswith(f"direct:{other.id}:erased-")
    # The token went with the account.
    gone = await client.get(f"/events/{event.id}/consent", headers=bearer(token))
    assert gone.status_code == 401
    # The other person still reads the conversation: the message with no sender.
    history = await client.get(
        f"/events/{event.id}/chat-rooms/{first.broadcast_id}/chat-messages",
        headers=bearer(await token_for(services, other, event)),
    )
    assert history.status_code == 200, history.text
    by_id = {m["ID"]: m for m in history.json()}
    assert by_id[first.message_id]["SenderID"] is None


async def test_master_delete_goes_through_the_erasure(
    services: Services, client: httpx.AsyncClient
) -> None:
    event = await make_event(services)
    person = await make_person(services, event=event)
    other = await make_person(services, event=event)
    master = await make_person(services)
    await grant_admin(services, master, AdminType.MASTER)
    await seed_person(services, client, event, person, other, "m")
    deleted = await client.delete(
        f"/persons/{person.id}", headers=bearer(await token_for(services, master))
    )
    assert deleted.status_code == 204, deleted.text
    assert await rows_naming(services, person.id, person.login_email) == []


async def test_the_last_whitelist_entry_closes_the_event_rather_than_opening_it(
    services: Services, client: httpx.AsyncClient
) -> None:
    person = await make_person(services)
    event = await make_event(services, whitelist=[person.login_email])
    async with services.db.session() as session:
        session.add(
            Attendee(event_id=event.id, person_id=person.id, created_at=services.clock.now())
        )
    token = await token_for(services, person, event)
    deleted = await client.request(
        "DELETE", "/persons/me", json={"Password": DEFAULT_PASSWORD}, headers=bearer(token)
    )
    assert deleted.status_code == 204, deleted.text
    async with services.db.session() as session:
        assert (await session.get(Event, event.id)).is_restricted is True  # type: ignore[union-attr]


async def test_organizer_erasure_in_one_event_keeps_the_other_event(
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
        now = services.clock.now()
        session.add(Attendee(event_id=second.id, person_id=other.id, created_at=now))
        session.add(Attendee(event_id=second.id, person_id=person.id, created_at=now))
    first = await seed_person(services, client, event, person, other, "one")
    kept = await seed_person(services, client, second, person, other, "two")
    person_token = await token_for(services, person, event)
    second_token = await token_for(services, person, second)
    h = bearer(await token_for(services, organizer))

    refused = await client.delete(f"/events/{event.id}/people/{organizer.id}/data", headers=h)
    assert refused.status_code == 404  # not an attendee
    erased = await client.delete(f"/events/{event.id}/people/{person.id}/data", headers=h)
    assert erased.status_code == 204, erased.text

    left = await rows_naming(services, person.id, person.login_email)
    assert left, "the account and the other event stay"
    assert not [row for row in left if event.id in row]
    async with services.db.session() as session:
        assert await session.get(Attendee, (event.id, person.id)) is None
        assert await session.get(Attendee, (second.id, person.id)) is not None
        mine = await session.get(ChatMessage, (first.broadcast_id, first.message_id))
        assert mine is not None
        assert mine.sender_id is None
        there = await session.get(ChatMessage, (kept.broadcast_id, kept.message_id))
        assert there is not None
        assert there.sender_id == person.id
        assert await session.get(Question, kept.question_id) is not None
        assert await session.get(Question, first.question_id) is None
        rows = await session.execute(select(Event.id).where(Event.id == second.id))
        assert rows.scalar_one() == second.id
    # Their token for the event stopped working; the other event's still works.
    assert (
        await client.get(f"/events/{event.id}/consent", headers=bearer(person_token))
    ).status_code == 401
    assert (
        await client.get(f"/events/{second.id}/consent", headers=bearer(second_token))
    ).status_code == 200


async def test_organizer_erasure_refuses_an_organizer(
    services: Services, client: httpx.AsyncClient
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    organizer = await make_person(services)
    colleague = await make_person(services, event=event)
    for who in (organizer, colleague):
        await grant_admin(
            services, who, AdminType.EVENT, event_id=event.id, customer_id=customer.id
        )
    answer = await client.delete(
        f"/events/{event.id}/people/{colleague.id}/data",
        headers=bearer(await token_for(services, organizer)),
    )
    assert answer.status_code == 409, answer.text
