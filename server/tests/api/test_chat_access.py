"""Who may reach which chat room over REST, and that a refusal writes nothing.

No token 401; an attendee of another event 403 (their token is not for this event); an
attendee outside a direct room 404, as is another event's room under this event's path; unknown
ids 404; a missing parameter 422 naming it."""

from __future__ import annotations

import httpx
import pytest

from tests.api.chat_support import ChatWorld, build_chat_world, message_rows, send
from venuely.core.ids import new_id
from venuely.core.services import Services


@pytest.fixture
async def world(services: Services) -> ChatWorld:
    return await build_chat_world(services)


def _urls(world: ChatWorld, room_id: str) -> list[tuple[str, str]]:
    """One GET per chat route of the room, with their required parameters."""
    e = world.event.id
    base = f"/events/{e}/chat-rooms/{room_id}"
    return [
        ("GET", f"{base}/chat-messages"),
        ("GET", f"{base}/chat-messages/count"),
        ("GET", f"{base}/chat-messages/chronologically"),
        ("GET", f"{base}/chatpersonstatus?PersonID={world.id('carol')}"),
        ("GET", f"/events/{e}/activities/chatrooms/{room_id}"),
        ("GET", f"/events/{e}/lists/chatmessageschronologically?ChatroomID={room_id}"),
        ("GET", f"/events/{e}/relations/chatrooms/{room_id}/attendees/ids"),
    ]


async def test_no_token_is_401(client: httpx.AsyncClient, world: ChatWorld) -> None:
    for method, url in _urls(world, world.broadcast_id):
        response = await client.request(method, url)
        assert response.status_code == 401, url
    refused = await client.post(world.messages_url(), json={"TmpID": "t", "Text": "x"})
    assert refused.status_code == 401


async def test_attendee_of_another_event_is_403(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    for method, url in _urls(world, world.broadcast_id):
        response = await client.request(method, url, headers=world.h("outsider"))
        assert response.status_code == 403, url
    assert (await send(client, world, "outsider", "let me in")).status_code == 403
    assert await message_rows(services) == 0


async def test_non_member_of_a_direct_room_gets_404_and_writes_nothing(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    for method, url in _urls(world, world.direct_id):
        response = await client.request(method, url, headers=world.h("carol"))
        assert response.status_code == 404, url
        assert response.json()["Error"]["Code"] == "CHATROOM_NOT_FOUND", url
    refused = await send(client, world, "carol", "psst", room_id=world.direct_id)
    assert refused.status_code == 404
    assert "member" not in refused.json()["Error"]["Message"]  # existence is not confirmed
    sent = (await send(client, world, "alice", "private", room_id=world.direct_id)).json()
    url = f"{world.messages_url(world.direct_id)}/{sent['ID']}"
    assert (await client.get(url, headers=world.h("carol"))).status_code == 404
    assert (await client.delete(url, headers=world.h("carol"))).status_code == 404
    put = await client.put(url, json={"Reaction": "Like"}, headers=world.h("carol"))
    assert put.status_code == 404
    deleted = await client.delete(
        f"/events/{world.event.id}/activities/chatrooms/{world.direct_id}", headers=world.h("carol")
    )
    assert deleted.status_code == 404
    assert await message_rows(services) == 1


async def test_another_events_room_under_this_path_is_404(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    for method, url in _urls(world, world.other_broadcast_id):
        response = await client.request(method, url, headers=world.h("alice"))
        assert response.status_code == 404, url
    refused = await send(client, world, "alice", "x", room_id=world.other_broadcast_id)
    assert refused.status_code == 404
    assert await message_rows(services) == 0


async def test_unknown_ids_are_404(client: httpx.AsyncClient, world: ChatWorld) -> None:
    for method, url in _urls(world, new_id()):
        response = await client.request(method, url, headers=world.h("alice"))
        assert response.status_code == 404, url
    missing_message = f"{world.messages_url()}/{new_id()}"
    for method in ("GET", "DELETE"):
        response = await client.request(method, missing_message, headers=world.h("alice"))
        assert response.status_code == 404
        assert response.json()["Error"]["Code"] == "MESSAGE_NOT_FOUND"
    unknown_event = await client.get(
        world.messages_url(event_id=new_id()), headers=world.h("alice")
    )
    assert unknown_event.status_code == 404
    bad_status = await client.delete(
        world.status_url(), params={"ChatPersonStatusID": new_id()}, headers=world.h("alice")
    )
    assert bad_status.status_code == 404


@pytest.mark.parametrize(
    ("method", "suffix", "parameter"),
    [
        ("GET", "/chatpersonstatus", "PersonID"),
        ("PUT", "/chatpersonstatus?PersonID={alice}", "LastReadChatMessageID"),
        ("DELETE", "/chatpersonstatus", "ChatPersonStatusID"),
    ],
)
async def test_missing_parameters_are_named(
    client: httpx.AsyncClient, world: ChatWorld, method: str, suffix: str, parameter: str
) -> None:
    url = f"/events/{world.event.id}/chat-rooms/{world.broadcast_id}" + suffix.format(
        alice=world.id("alice")
    )
    response = await client.request(method, url, headers=world.h("alice"))
    assert response.status_code == 422
    error = response.json()["Error"]
    assert error["Code"] == "MISSING_PARAMETER"
    assert error["Data"]["Parameters"] == [parameter]
    assert parameter in error["Message"]


async def test_history_list_requires_the_room(client: httpx.AsyncClient, world: ChatWorld) -> None:
    response = await client.get(
        f"/events/{world.event.id}/lists/chatmessageschronologically", headers=world.h("alice")
    )
    assert response.status_code == 422
    assert response.json()["Error"]["Data"]["Parameters"] == ["ChatroomID"]


async def test_malformed_ids_are_422(client: httpx.AsyncClient, world: ChatWorld) -> None:
    response = await client.get(
        f"/events/{world.event.id}/chat-rooms/not-an-id/chat-messages", headers=world.h("alice")
    )
    assert response.status_code == 422


async def test_event_admin_may_read_any_room_but_not_post_into_a_foreign_direct_chat(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    await send(client, world, "alice", "hi bob", room_id=world.direct_id)
    listed = await client.get(world.messages_url(world.direct_id), headers=world.h("admin"))
    assert listed.status_code == 200
    assert len(listed.json()) == 1
    posted = await send(client, world, "admin", "me too", room_id=world.direct_id)
    assert posted.status_code == 404
    assert (await send(client, world, "admin", "announcement")).status_code == 201
    assert await message_rows(services) == 2


async def test_whitelist_removal_locks_the_attendee_out(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    from venuely.events.models import WhitelistEntry

    async with services.db.session() as session:
        session.add(WhitelistEntry(event_id=world.event.id, entry="nobody.example"))
    refused = await send(client, world, "alice", "still here?")
    assert refused.status_code == 401
    assert await message_rows(services) == 0
