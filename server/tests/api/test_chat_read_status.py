"""Read status per person and room: stored, never moving backwards, one's own unless admin."""

from __future__ import annotations

import httpx
import pytest

from tests.api.chat_support import ChatWorld, RecordingHub, build_chat_world, install_hub, send
from venuely.chat.ratelimit import send_limiter
from venuely.core.ids import NULL_ID, new_id
from venuely.core.services import Services
from venuely.realtime.hub import person_channel, room_channel
from venuely.realtime.opcodes import Opcode


@pytest.fixture
def hub(monkeypatch: pytest.MonkeyPatch) -> RecordingHub:
    return install_hub(monkeypatch)


@pytest.fixture
async def world(services: Services) -> ChatWorld:
    return await build_chat_world(services)


async def _put(
    client: httpx.AsyncClient,
    world: ChatWorld,
    who: str,
    message_id: str,
    room: str,
    *,
    for_whom: str | None = None,
) -> httpx.Response:
    return await client.put(
        world.status_url(room),
        params={"PersonID": world.id(for_whom or who), "LastReadChatMessageID": message_id},
        headers=world.h(who),
    )


async def test_unread_status_has_one_shape(client: httpx.AsyncClient, world: ChatWorld) -> None:
    response = await client.get(
        world.status_url(), params={"PersonID": world.id("bob")}, headers=world.h("bob")
    )
    assert response.status_code == 200
    body = response.json()
    assert (body["ID"], body["LastReadChatMessageID"]) == (NULL_ID, NULL_ID)
    assert (body["PersonID"], body["ChatroomID"]) == (world.id("bob"), world.broadcast_id)


async def test_status_only_moves_forward(
    client: httpx.AsyncClient, world: ChatWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(send_limiter, "burst", 100)
    first, second = [
        (await send(client, world, "alice", f"m{i}", room_id=world.direct_id)).json()["ID"]
        for i in range(2)
    ]
    forward = await _put(client, world, "bob", second, world.direct_id)
    assert forward.status_code == 200
    assert forward.json()["LastReadChatMessageID"] == second
    backward = await _put(client, world, "bob", first, world.direct_id)
    assert backward.status_code == 200
    assert backward.json()["LastReadChatMessageID"] == second
    stored = await client.get(
        world.status_url(world.direct_id),
        params={"PersonID": world.id("bob")},
        headers=world.h("bob"),
    )
    assert stored.json()["LastReadChatMessageID"] == second
    assert stored.json()["ID"] == forward.json()["ID"]


async def test_read_notify_goes_to_the_room_for_direct_chats_and_to_the_reader_for_broadcast(
    client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    direct = (await send(client, world, "alice", "d", room_id=world.direct_id)).json()["ID"]
    broadcast = (await send(client, world, "alice", "b")).json()["ID"]
    await _put(client, world, "bob", direct, world.direct_id)
    await _put(client, world, "bob", broadcast, world.broadcast_id)
    await _put(client, world, "bob", direct, world.direct_id)  # unchanged: the reader only
    reads = hub.of(Opcode.CHAT_MESSAGE_READ_NOTIFY)
    assert [r.channel for r in reads] == [
        room_channel(world.direct_id),
        person_channel(world.id("bob")),
        person_channel(world.id("bob")),
    ]
    assert reads[0].payload["PersonID"] == world.id("bob")
    assert reads[0].payload["LastReadChatMessageID"] == direct


async def test_the_message_must_belong_to_the_room(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    elsewhere = (await send(client, world, "alice", "b")).json()["ID"]
    refused = await _put(client, world, "bob", elsewhere, world.direct_id)
    assert (refused.status_code, refused.json()["Error"]["Code"]) == (404, "MESSAGE_NOT_FOUND")
    unknown = await _put(client, world, "bob", new_id(), world.broadcast_id)
    assert unknown.status_code == 404


async def test_others_status_is_refused_to_attendees_but_open_to_admins(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    message = (await send(client, world, "alice", "b")).json()["ID"]
    refused = await _put(client, world, "carol", message, world.broadcast_id, for_whom="bob")
    assert refused.status_code == 403
    peek = await client.get(
        world.status_url(), params={"PersonID": world.id("bob")}, headers=world.h("carol")
    )
    assert peek.status_code == 403
    by_admin = await _put(client, world, "admin", message, world.broadcast_id, for_whom="bob")
    assert by_admin.status_code == 200
    assert by_admin.json()["PersonID"] == world.id("bob")
    status_id = by_admin.json()["ID"]
    not_yours = await client.delete(
        world.status_url(), params={"ChatPersonStatusID": status_id}, headers=world.h("carol")
    )
    assert not_yours.status_code == 403
    mine = await client.delete(
        world.status_url(), params={"ChatPersonStatusID": status_id}, headers=world.h("bob")
    )
    assert mine.status_code == 204
    after = await client.get(
        world.status_url(), params={"PersonID": world.id("bob")}, headers=world.h("bob")
    )
    assert after.json()["ID"] == NULL_ID


async def test_admin_may_not_mark_a_non_member_as_reader(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    message = (await send(client, world, "alice", "d", room_id=world.direct_id)).json()["ID"]
    refused = await _put(client, world, "admin", message, world.direct_id, for_whom="carol")
    assert (refused.status_code, refused.json()["Error"]["Code"]) == (404, "PERSON_NOT_FOUND")


async def test_the_attendee_app_spelling_of_the_path_answers_too(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    response = await client.get(
        f"/events/{world.event.id}/chatrooms/{world.broadcast_id}/chatpersonstatus",
        params={"PersonID": world.id("alice")},
        headers=world.h("alice"),
    )
    assert response.status_code == 200
