"""The attendee app's hot reads (issue 22, bench/http_reads.py) keep their round trips: the
`EventMember` policy reads its caller, the event and the verdict in one statement, the public
view its parts in one more, a chat history page its messages with the reader's reactions in one,
and the login page's metadata comes from a per-process cache that this process's writes clear
at once and other processes' writes reach within `metadata_cache.TTL`.

The refusals keep their order and codes: every kind of caller gets from a member route what
`check_session` + `check_event_member` (unchanged, used by the socket handlers) decide."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
from sqlalchemy import delete, insert, update

from tests.api.caller_kinds import EVERY_VERDICT, every_kind_of_caller, session_id_of
from tests.factories import bearer, make_customer, make_event, make_person, token_for
from tests.statements import counted_statements
from venuely.accounts.models import AuthSession, Person
from venuely.accounts.permissions import check_event_member, load_event
from venuely.accounts.socket import session_principal
from venuely.chat.history import _page_statement
from venuely.chat.models import ChatMessage, ChatMessageReaction
from venuely.chat.service import ensure_broadcast_room
from venuely.core.clock import FrozenClock
from venuely.core.errors import ApiError
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.metadata_cache import TTL
from venuely.events.models import Customer, Event


async def _rest_verdict(services: Services, token: str, event_id: str) -> object:
    """What the unchanged checks decide: (is admin, chat banned) or the refusal's code."""
    try:
        async with services.db.session() as session:
            principal = await session_principal(session, services, session_id_of(services, token))
            access = await check_event_member(
                session, principal, await load_event(session, event_id)
            )
            return (access.is_admin, access.chat_banned)
    except ApiError as refusal:
        return refusal.code


async def test_every_kind_of_caller_gets_the_verdict_of_the_member_check(
    services: Services, client: httpx.AsyncClient, clock: FrozenClock
) -> None:
    world = await every_kind_of_caller(services, clock)
    tokens, open_event = world.tokens, world.open_event

    seen: set[object] = set()
    for event_id in (*(event.id for event in world.events), new_id()):
        for index, token in enumerate(tokens):
            expected = await _rest_verdict(services, token, event_id)
            response = await client.get(f"/events/{event_id}/public", headers=bearer(token))
            if isinstance(expected, tuple):
                assert response.status_code == 200, (event_id, index, response.text)
            else:
                assert response.json()["Error"]["Code"] == expected, (event_id, index)
            seen.add(expected)
    # The chat ban travels with the access: a banned attendee reads, never writes.
    async with services.db.session() as session:
        room = await ensure_broadcast_room(session, open_event.id, clock.now())
    for token, status in ((tokens[2], 403), (tokens[0], 201)):
        sent = await client.post(
            f"/events/{open_event.id}/chat-rooms/{room.id}/chat-messages",
            headers=bearer(token),
            json={"TmpID": new_id(), "Text": "hello"},
        )
        assert sent.status_code == status, sent.text
    assert seen >= EVERY_VERDICT


async def test_refusals_keep_their_order_against_a_malformed_event_id(
    services: Services, client: httpx.AsyncClient
) -> None:
    """The caller is refused (401) before the path is validated (422), as before."""
    event = await make_event(services)
    person = await make_person(services, event=event)
    token = await token_for(services, person, event)
    anonymous = await client.get("/events/not-an-id/public")
    assert anonymous.status_code == 401
    bad_token = await client.get("/events/not-an-id/public", headers=bearer("x.y.z"))
    assert bad_token.json()["Error"]["Code"] == "TOKEN_INVALID"
    member = await client.get("/events/not-an-id/public", headers=bearer(token))
    assert member.status_code == 422
    async with services.db.session() as session:
        await session.execute(
            delete(AuthSession).where(AuthSession.id == session_id_of(services, token))
        )
    revoked = await client.get("/events/not-an-id/public", headers=bearer(token))
    assert revoked.json()["Error"]["Code"] == "TOKEN_REVOKED"


async def test_an_attendees_hot_reads_keep_their_round_trips(
    services: Services, client: httpx.AsyncClient
) -> None:
    event = await make_event(services, internal_name="hot-reads")
    person = await make_person(services, event=event)
    token = await token_for(services, person, event)
    async with services.db.session() as session:
        room = await ensure_broadcast_room(session, event.id, services.clock.now())
        for n in range(5):
            session.add(
                ChatMessage(
                    chatroom_id=room.id,
                    id=new_id(),
                    event_id=event.id,
                    sender_id=person.id,
                    tmp_id=f"t{n}",
                    text=f"message {n}",
                    created_at=services.clock.now(),
                )
            )
    reads = {
        # caller + event + verdict, the navigation, the FAQ/landing/photobooth parts
        f"/events/{event.id}/public": 3,
        # caller + event + verdict, the room, the page with the reader's reactions
        f"/events/{event.id}/chat-rooms/{room.id}/chat-messages?MaxCount=50": 3,
        # caller + event + verdict, the activities
        f"/events/{event.id}/activities?EntityType=Session": 2,
    }
    for path, statements in reads.items():
        with counted_statements(services) as seen:
            response = await client.get(path, headers=bearer(token))
        assert response.status_code == 200, response.text
        assert len(seen) == statements, (path, seen)


async def test_a_history_page_carries_the_readers_own_reactions_only(
    services: Services, client: httpx.AsyncClient
) -> None:
    event = await make_event(services)
    reader = await make_person(services, event=event)
    other = await make_person(services, event=event)
    async with services.db.session() as session:
        room = await ensure_broadcast_room(session, event.id, services.clock.now())
        ids = [new_id() for _ in range(3)]
        for n, message_id in enumerate(ids):
            session.add(
                ChatMessage(
                    chatroom_id=room.id,
                    id=message_id,
                    event_id=event.id,
                    sender_id=other.id,
                    tmp_id=f"t{n}",
                    text=f"message {n}",
                    created_at=services.clock.now(),
                )
            )
        await session.flush()
        session.add_all(
            [
                ChatMessageReaction(
                    chatroom_id=room.id, message_id=ids[0], person_id=reader.id, kind="Like"
                ),
                ChatMessageReaction(
                    chatroom_id=room.id, message_id=ids[0], person_id=other.id, kind="Dislike"
                ),
                ChatMessageReaction(
                    chatroom_id=room.id, message_id=ids[1], person_id=other.id, kind="Like"
                ),
            ]
        )
    token = await token_for(services, reader, event)
    page = await client.get(
        f"/events/{event.id}/chat-rooms/{room.id}/chat-messages", headers=bearer(token)
    )
    assert page.status_code == 200, page.text
    # Newest first, one entry per message whatever the number of reactions to it.
    assert [(m["ID"], m["MyReaction"]) for m in page.json()] == [
        (ids[2], None),
        (ids[1], None),
        (ids[0], "Like"),
    ]
    # The same page shape for another reader: the statement built for the first one, with this
    # reader bound into it (their reactions, not the first reader's).
    built = _page_statement.cache_info().misses
    their = await client.get(
        f"/events/{event.id}/chat-rooms/{room.id}/chat-messages",
        headers=bearer(await token_for(services, other, event)),
    )
    assert _page_statement.cache_info().misses == built
    assert [(m["ID"], m["MyReaction"]) for m in their.json()] == [
        (ids[2], None),
        (ids[1], "Like"),
        (ids[0], "Dislike"),
    ]


def _count_units(services: Services) -> list[None]:
    """A list that grows by one at every unit of work `services.db` opens from now on."""
    opened: list[None] = []
    session = services.db.session

    def counting() -> Any:
        opened.append(None)
        return session()

    services.db.session = counting  # type: ignore[method-assign]
    return opened


async def _title(client: httpx.AsyncClient, name: str) -> object:
    response = await client.get(f"/events/name/{name}/metadata")
    body = response.json()
    return body["Title"] if response.status_code == 200 else body["Error"]["Code"]


async def test_the_login_pages_metadata_is_read_once_while_it_is_fresh(
    services: Services, client: httpx.AsyncClient, clock: FrozenClock
) -> None:
    await make_event(services, internal_name="cached", title="First")
    assert await _title(client, "cached") == "First"
    units = _count_units(services)
    with counted_statements(services) as seen:
        again = await client.get("/events/name/CACHED/metadata")
    assert again.json()["Title"] == "First"
    assert seen == []
    assert units == []  # not even an empty session: a hit costs no unit of work
    clock.advance(TTL)
    with counted_statements(services) as seen:
        assert await _title(client, "cached") == "First"
    assert len(seen) == 1
    assert len(units) == 1


async def test_this_processes_writes_show_in_the_metadata_at_once(
    services: Services, client: httpx.AsyncClient
) -> None:
    """No clock moves here: what clears the cache is the commit of a write to the event."""
    event = await make_event(services, internal_name="renamed", title="First")
    assert await _title(client, "renamed") == "First"
    async with services.db.session() as session:  # an ORM change, as the admin routes make
        row = await session.get(Event, event.id)
        assert row is not None
        row.title = "Second"
    assert await _title(client, "renamed") == "Second"
    async with services.db.session() as session:  # a statement, as privacy/erase.py runs one
        await session.execute(update(Event).where(Event.id == event.id).values(title="Third"))
    assert await _title(client, "renamed") == "Third"
    async with services.db.session() as session:
        await session.execute(
            update(Event).where(Event.id == event.id).values(internal_name="moved")
        )
    assert await _title(client, "renamed") == "EVENT_NOT_FOUND"
    assert await _title(client, "moved") == "Third"
    async with services.db.session() as session:  # the customer goes, its events with it
        await session.execute(delete(Customer).where(Customer.id == event.customer_id))
    assert await _title(client, "moved") == "EVENT_NOT_FOUND"


async def test_a_rolled_back_write_leaves_the_metadata_as_it_was(
    services: Services, client: httpx.AsyncClient
) -> None:
    event = await make_event(services, internal_name="kept", title="First")
    assert await _title(client, "kept") == "First"
    try:
        async with services.db.session() as session:
            await session.execute(update(Event).where(Event.id == event.id).values(title="Gone"))
            raise RuntimeError("refused")
    except RuntimeError:
        pass
    assert await _title(client, "kept") == "First"


async def test_another_processes_write_shows_within_the_ttl(
    services: Services, client: httpx.AsyncClient, clock: FrozenClock
) -> None:
    """A write that does not go through this process's sessions (another worker, SQL by hand):
    the cached answer stays at most `TTL`."""
    event = await make_event(services, internal_name="elsewhere", title="First")
    assert await _title(client, "elsewhere") == "First"
    async with services.db.engine.begin() as connection:
        await connection.execute(update(Event).where(Event.id == event.id).values(title="Second"))
    assert await _title(client, "elsewhere") == "First"
    clock.advance(TTL - timedelta(milliseconds=1))
    assert await _title(client, "elsewhere") == "First"
    clock.advance(timedelta(milliseconds=1))
    assert await _title(client, "elsewhere") == "Second"


async def test_an_unknown_name_is_not_kept(services: Services, client: httpx.AsyncClient) -> None:
    assert await _title(client, "later") == "EVENT_NOT_FOUND"
    customer = await make_customer(services)
    now = services.clock.now()
    async with services.db.engine.begin() as connection:  # not through a session: no clearing
        await connection.execute(
            insert(Event).values(
                id=new_id(),
                customer_id=customer.id,
                internal_name="later",
                title="Now",
                date_begin=now,
                date_end=now + timedelta(days=1),
                created_at=now,
                updated_at=now,
            )
        )
    assert await _title(client, "later") == "Now"


async def test_a_person_change_does_not_touch_the_event_metadata(
    services: Services, client: httpx.AsyncClient
) -> None:
    """Only writes to events and customers clear the cache: a chat storm's writes do not."""
    await make_event(services, internal_name="steady")
    await _title(client, "steady")
    person = await make_person(services)
    async with services.db.session() as session:
        await session.execute(update(Person).where(Person.id == person.id).values(first_name="B"))
    with counted_statements(services) as seen:
        assert await _title(client, "steady") == "Test Event"
    assert seen == []
