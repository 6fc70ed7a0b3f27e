"""Removal and chat ban (people/moderation.py) over REST: a removed attendee cannot log in, and
their token, any later one and a ticket are refused; restoring lets them back. A banned one
reads chat but every write is refused, at no statement more per message."""

from __future__ import annotations

import httpx

from tests.api.accounts_support import login
from tests.api.chat_support import build_chat_world, send, tmp_id
from tests.factories import DEFAULT_PASSWORD, bearer, grant_admin, make_person, token_for
from tests.statements import counted_statements
from venuely.admins.models import AdminType
from venuely.core.services import Services


async def _organizer(services: Services, event_id: str) -> dict[str, str]:
    organizer = await make_person(services)
    await grant_admin(services, organizer, AdminType.EVENT, event_id=event_id, roles=["people"])
    return bearer(await token_for(services, organizer))


async def test_removal_refuses_login_token_and_ticket_until_restored(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_chat_world(services)
    alice = world.persons["alice"]
    organizer = await _organizer(services, world.event.id)
    url = f"/events/{world.event.id}/people/{alice.id}/removal"

    removed = await client.put(url, headers=organizer)
    assert removed.status_code == 200, removed.text
    assert removed.json() == {"PersonID": alice.id, "Removed": True, "ChatBanned": False}
    # The token she held for the event is gone.
    stale = await client.get(world.messages_url(), headers=world.h("alice"))
    assert (stale.status_code, stale.json()["Error"]["Code"]) == (401, "TOKEN_REVOKED")
    # Logging in again, with the right password, is refused.
    refused = await login(client, world.event.id, alice.login_email, DEFAULT_PASSWORD)
    assert (refused.status_code, refused.json()["Error"]["Code"]) == (403, "ATTENDEE_REMOVED")
    # A token minted some other way meets the member check and the ticket route.
    fresh = bearer(await token_for(services, alice, world.event))
    member_call = await client.get(world.messages_url(), headers=fresh)
    assert (member_call.status_code, member_call.json()["Error"]["Code"]) == (
        403,
        "ATTENDEE_REMOVED",
    )
    ticket = await client.post("/amvproto/authenticate", headers=fresh)
    assert (ticket.status_code, ticket.json()["Error"]["Code"]) == (403, "ATTENDEE_REMOVED")
    # Bob, untouched, goes on; nobody can start a chat with Alice any more.
    assert (await send(client, world, "bob")).status_code == 201

    restored = await client.delete(url, headers=organizer)
    assert restored.json()["Removed"] is False
    again = await login(client, world.event.id, alice.login_email, DEFAULT_PASSWORD)
    assert again.status_code == 200
    assert again.json()["Token"]


async def test_organizers_cannot_be_removed_or_banned(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_chat_world(services)
    organizer = await _organizer(services, world.event.id)
    # An attendee who was later made an organizer of the event.
    bob = world.persons["bob"]
    await grant_admin(services, bob, AdminType.EVENT, event_id=world.event.id, roles=["content"])
    for tail in ("removal", "chat-ban"):
        answer = await client.put(
            f"/events/{world.event.id}/people/{bob.id}/{tail}", headers=organizer
        )
        assert (answer.status_code, answer.json()["Error"]["Code"]) == (409, "CONFLICT")
    stranger = world.persons["outsider"]  # an attendee of another event only
    answer = await client.put(
        f"/events/{world.event.id}/people/{stranger.id}/removal", headers=organizer
    )
    assert (answer.status_code, answer.json()["Error"]["Code"]) == (404, "PERSON_NOT_FOUND")


async def test_a_chat_ban_refuses_writes_not_reads(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_chat_world(services)
    organizer = await _organizer(services, world.event.id)
    sent = await send(client, world, "alice", "before the ban")
    assert sent.status_code == 201
    message_id = sent.json()["ID"]
    url = f"/events/{world.event.id}/people/{world.id('alice')}/chat-ban"
    banned = await client.put(url, headers=organizer)
    assert banned.json() == {"PersonID": world.id("alice"), "Removed": False, "ChatBanned": True}

    def refused(answer: httpx.Response) -> None:
        assert answer.status_code == 403, answer.text
        assert answer.json()["Error"]["Code"] == "CHAT_BANNED"

    refused(await send(client, world, "alice", "after"))
    refused(await send(client, world, "alice", "to bob", room_id=world.direct_id))
    one = f"{world.messages_url()}/{message_id}"
    refused(await client.put(one, json={"Text": "edited"}, headers=world.h("alice")))
    refused(await client.put(one, json={"Reaction": "Like"}, headers=world.h("alice")))
    # Reading stays allowed.
    read = await client.get(world.messages_url(), headers=world.h("alice"))
    assert read.status_code == 200
    assert [m["Text"] for m in read.json()] == ["before the ban"]
    # Others write on.
    assert (await send(client, world, "bob", "hi")).status_code == 201

    await client.delete(url, headers=organizer)
    assert (await send(client, world, "alice", "back", tmp=tmp_id())).status_code == 201


async def test_the_ban_costs_no_statement_on_the_send_path(
    client: httpx.AsyncClient, services: Services
) -> None:
    """A send by an attendee runs 6 statements (the caller with the event and the member
    check, room, lock, TmpID lookup, insert, room's last id), as many as before bans existed:
    the ban and the removal come with the member check's one statement."""
    world = await build_chat_world(services)
    await send(client, world, "alice", "warm-up")
    with counted_statements(services) as statements:
        assert (await send(client, world, "alice")).status_code == 201
    # PostgreSQL wraps the insert in a savepoint (chat/messages.py); SQLite needs none.
    work = [s for s in statements if not s.startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))]
    assert len(work) == 6, work
    member_check = [s for s in work if "event_whitelist" in s]
    assert len(member_check) == 1
    assert "attendees" in member_check[0]
    assert "auth_sessions" in member_check[0]
