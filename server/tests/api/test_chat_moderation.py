"""Who may edit, delete and ban: authors their own; moderators (room or event relation), room
admins and event admins anyone's; other attendees nobody's. Deleting hides from history."""

from __future__ import annotations

import httpx
import pytest

from tests.api.chat_support import (
    ChatWorld,
    RecordingHub,
    build_chat_world,
    install_hub,
    relate,
    send,
)
from venuely.core.services import Services
from venuely.realtime.hub import person_channel, room_channel
from venuely.realtime.opcodes import Opcode
from venuely.relations.models import RelationType


@pytest.fixture
def hub(monkeypatch: pytest.MonkeyPatch) -> RecordingHub:
    return install_hub(monkeypatch)


@pytest.fixture
async def world(services: Services) -> ChatWorld:
    return await build_chat_world(services)


async def _posted(client: httpx.AsyncClient, world: ChatWorld, who: str = "alice") -> str:
    response = await send(client, world, who, "to be moderated")
    assert response.status_code == 201
    return f"{world.messages_url()}/{response.json()['ID']}"


async def _visible_ids(client: httpx.AsyncClient, world: ChatWorld) -> list[str]:
    listed = await client.get(world.messages_url(), headers=world.h("dave"))
    return [m["ID"] for m in listed.json()]


async def test_author_deletes_own_message_and_the_room_is_told(
    client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    sent = (await send(client, world, "alice", "oops", room_id=world.direct_id)).json()
    url = f"{world.messages_url(world.direct_id)}/{sent['ID']}"
    assert (await client.delete(url, headers=world.h("alice"))).status_code == 204
    [notify] = hub.of(Opcode.CHAT_MESSAGE_DELETE_NOTIFY)
    assert notify.channel == room_channel(world.direct_id)
    assert notify.payload == {
        "ID": sent["ID"],
        "DeleterID": world.id("alice"),
        "ReceiverIDs": [world.id("bob")],
        "ChatroomID": world.direct_id,
    }
    assert (await client.get(url, headers=world.h("bob"))).status_code == 404
    count = await client.get(f"{world.messages_url(world.direct_id)}/count", headers=world.h("bob"))
    assert count.json() == {"Count": 0}
    # Deleting again is not an error: the asker alone hears it once more.
    assert (await client.delete(url, headers=world.h("alice"))).status_code == 204
    again = hub.of(Opcode.CHAT_MESSAGE_DELETE_NOTIFY)[1]
    assert again.channel == person_channel(world.id("alice"))


async def test_other_attendee_may_not_delete_or_ban(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    url = await _posted(client, world)
    refused = await client.delete(url, headers=world.h("bob"))
    assert (refused.status_code, refused.json()["Error"]["Code"]) == (403, "FORBIDDEN")
    ban = await client.put(url, json={"IsBanned": True}, headers=world.h("bob"))
    assert ban.status_code == 403
    own_ban = await client.put(url, json={"IsBanned": True}, headers=world.h("alice"))
    assert own_ban.status_code == 403  # banning is moderation, even of one's own message
    assert url.rsplit("/", 1)[1] in await _visible_ids(client, world)


@pytest.mark.parametrize("kind", [RelationType.MODERATOR, RelationType.CHATROOM_ADMIN])
async def test_room_moderators_delete_others_messages(
    services: Services, client: httpx.AsyncClient, world: ChatWorld, kind: RelationType
) -> None:
    await relate(services, world, "bob", kind, room=world.broadcast_id)
    url = await _posted(client, world)
    assert (await client.delete(url, headers=world.h("bob"))).status_code == 204
    assert await _visible_ids(client, world) == []


async def test_event_level_moderator_moderates_every_room_of_the_event(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    await relate(services, world, "carol", RelationType.MODERATOR, room=None)
    url = await _posted(client, world)
    banned = await client.put(url, json={"IsBanned": True}, headers=world.h("carol"))
    assert banned.status_code == 200
    assert banned.json()["IsBanned"] is True
    assert await _visible_ids(client, world) == []


async def test_moderator_of_another_room_has_no_say_here(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    await relate(services, world, "bob", RelationType.MODERATOR, room=world.direct_id)
    url = await _posted(client, world, "carol")
    assert (await client.delete(url, headers=world.h("bob"))).status_code == 403


async def test_event_admin_bans_and_it_is_a_deletion_for_clients(
    client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    url = await _posted(client, world)
    assert (await client.delete(url, headers=world.h("admin"))).status_code == 204
    [notify] = hub.of(Opcode.CHAT_MESSAGE_DELETE_NOTIFY)
    assert notify.payload["DeleterID"] == world.id("admin")
    assert notify.channel == room_channel(world.broadcast_id)
    assert await _visible_ids(client, world) == []


async def test_event_admin_outside_a_direct_room_hears_its_own_deletion(
    client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    sent = (await send(client, world, "alice", "out of line", room_id=world.direct_id)).json()
    url = f"{world.messages_url(world.direct_id)}/{sent['ID']}"
    assert (await client.delete(url, headers=world.h("admin"))).status_code == 204
    notices = hub.of(Opcode.CHAT_MESSAGE_DELETE_NOTIFY)
    assert [n.channel for n in notices] == [
        room_channel(world.direct_id),
        person_channel(world.id("admin")),
    ]
    assert notices[0].payload == notices[1].payload
    assert notices[0].payload["DeleterID"] == world.id("admin")


async def test_deleted_messages_cannot_be_edited_or_replied_to(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    url = await _posted(client, world)
    await client.delete(url, headers=world.h("alice"))
    edit = await client.put(url, json={"Text": "back"}, headers=world.h("alice"))
    assert (edit.status_code, edit.json()["Error"]["Code"]) == (404, "MESSAGE_NOT_FOUND")
    reply = await send(client, world, "bob", "re", RepliedToMessageID=url.rsplit("/", 1)[1])
    assert reply.status_code == 404


async def test_room_deletion_rules(
    services: Services, client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    rooms = f"/events/{world.event.id}/activities/chatrooms"
    broadcast = await client.delete(f"{rooms}/{world.broadcast_id}", headers=world.h("admin"))
    assert (broadcast.status_code, broadcast.json()["Error"]["Code"]) == (409, "CONFLICT")
    member = await client.delete(f"{rooms}/{world.direct_id}", headers=world.h("alice"))
    assert member.status_code == 403
    await relate(services, world, "alice", RelationType.CHATROOM_ADMIN, room=world.direct_id)
    await send(client, world, "bob", "bye", room_id=world.direct_id)
    assert (
        await client.delete(f"{rooms}/{world.direct_id}", headers=world.h("alice"))
    ).status_code == 204
    assert (
        await client.get(f"{rooms}/{world.direct_id}", headers=world.h("bob"))
    ).status_code == 404
    assert sorted(m[1] for m in hub.members if not m[2]) == sorted(
        [world.id("alice"), world.id("bob")]
    )
