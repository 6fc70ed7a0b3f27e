"""Reactions over REST: one per person and message. A second Like changes nothing, switching
moves one count, "None" takes it back, concurrent clicks of one person count once, the counters
always equal the rows, and each reader sees their own reaction (MyReaction)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.chat_support import ChatWorld, RecordingHub, build_chat_world, install_hub, send
from venuely.chat.models import ChatMessage, ChatMessageReaction
from venuely.chat.ratelimit import send_limiter
from venuely.core.services import Services
from venuely.realtime.hub import room_channel
from venuely.realtime.opcodes import Opcode


@pytest.fixture
def hub(monkeypatch: pytest.MonkeyPatch) -> RecordingHub:
    return install_hub(monkeypatch)


@pytest.fixture
async def world(services: Services) -> ChatWorld:
    return await build_chat_world(services)


async def _message(client: httpx.AsyncClient, world: ChatWorld, who: str = "alice") -> str:
    sent = await send(client, world, who, "react to me")
    assert sent.status_code == 201, sent.text
    return str(sent.json()["ID"])


async def _react(
    client: httpx.AsyncClient, world: ChatWorld, message_id: str, who: str, reaction: Any
) -> httpx.Response:
    return await client.put(
        f"{world.messages_url()}/{message_id}", json={"Reaction": reaction}, headers=world.h(who)
    )


async def _stored(services: Services, message_id: str) -> tuple[int, int, dict[str, str]]:
    """(like_count, dislike_count, person -> kind) as the database has them."""
    async with services.db.session() as session:
        message = await session.scalar(select(ChatMessage).where(ChatMessage.id == message_id))
        assert message is not None
        rows = await session.execute(
            select(ChatMessageReaction.person_id, ChatMessageReaction.kind).where(
                ChatMessageReaction.message_id == message_id
            )
        )
        return message.like_count, message.dislike_count, {str(p): str(k) for p, k in rows}


def _counts(response: httpx.Response) -> tuple[int, int, Any]:
    body = response.json()
    return body["LikeCount"], body["DislikeCount"], body["MyReaction"]


async def test_a_second_like_by_the_same_person_changes_nothing(
    services: Services, client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    message_id = await _message(client, world)
    first = await _react(client, world, message_id, "bob", "Like")
    assert first.status_code == 200, first.text
    assert _counts(first) == (1, 0, "Like")
    [notify] = hub.of(Opcode.CHAT_MESSAGE_EDIT_NOTIFY)
    assert notify.channel == room_channel(world.broadcast_id)
    assert (notify.payload["LikeCount"], notify.payload["DislikeCount"]) == (1, 0)
    assert "MyReaction" not in notify.payload  # the frame goes to everyone
    again = await _react(client, world, message_id, "bob", "Like")
    assert again.status_code == 200
    assert _counts(again) == (1, 0, "Like")
    assert len(hub.of(Opcode.CHAT_MESSAGE_EDIT_NOTIFY)) == 1  # nothing changed, nobody told
    assert await _stored(services, message_id) == (1, 0, {world.id("bob"): "Like"})


async def test_switching_moves_one_count_and_none_takes_it_back(
    services: Services, client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    message_id = await _message(client, world)
    await _react(client, world, message_id, "bob", "Like")
    await _react(client, world, message_id, "carol", "Like")
    switched = await _react(client, world, message_id, "bob", "Dislike")
    assert _counts(switched) == (1, 1, "Dislike")
    assert hub.of(Opcode.CHAT_MESSAGE_EDIT_NOTIFY)[-1].payload["DislikeCount"] == 1
    cleared = await _react(client, world, message_id, "bob", "None")
    assert _counts(cleared) == (1, 0, None)
    told = len(hub.of(Opcode.CHAT_MESSAGE_EDIT_NOTIFY))
    nothing = await _react(client, world, message_id, "bob", "None")  # had none: no change
    assert _counts(nothing) == (1, 0, None)
    assert len(hub.of(Opcode.CHAT_MESSAGE_EDIT_NOTIFY)) == told
    assert await _stored(services, message_id) == (1, 0, {world.id("carol"): "Like"})


async def test_concurrent_likes_of_one_person_count_once(
    services: Services,
    client: httpx.AsyncClient,
    world: ChatWorld,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(send_limiter, "burst", 1000)
    message_id = await _message(client, world)
    answers = await asyncio.gather(
        *(_react(client, world, message_id, "bob", "Like") for _ in range(8)),
        *(_react(client, world, message_id, who, "Dislike") for who in ("carol", "dave")),
    )
    assert [a.status_code for a in answers] == [200] * 10, [a.text for a in answers]
    likes, dislikes, rows = await _stored(services, message_id)
    assert (likes, dislikes) == (1, 2)
    assert rows == {
        world.id("bob"): "Like",
        world.id("carol"): "Dislike",
        world.id("dave"): "Dislike",
    }
    # Toggling at once from one person ends in one of the states, with counts to match.
    await asyncio.gather(
        *(_react(client, world, message_id, "bob", r) for r in ("None", "Dislike", "Like") * 3)
    )
    likes, dislikes, rows = await _stored(services, message_id)
    assert likes == sum(kind == "Like" for kind in rows.values())
    assert dislikes == sum(kind == "Dislike" for kind in rows.values())


async def test_each_reader_sees_their_own_reaction(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    liked = await _message(client, world)
    disliked = await _message(client, world, "carol")
    untouched = await _message(client, world, "dave")
    await _react(client, world, liked, "bob", "Like")
    await _react(client, world, disliked, "bob", "Dislike")
    await _react(client, world, liked, "carol", "Dislike")

    async def mine(who: str, url: str) -> dict[str, Any]:
        response = await client.get(url, headers=world.h(who))
        assert response.status_code == 200, response.text
        return {m["ID"]: m["MyReaction"] for m in response.json()}

    lists = f"/events/{world.event.id}/lists/chatmessageschronologically"
    for url in (
        world.messages_url(),
        f"{world.messages_url()}/chronologically",
        f"{lists}?ChatroomID={world.broadcast_id}",
    ):
        assert await mine("bob", url) == {liked: "Like", disliked: "Dislike", untouched: None}
        assert await mine("carol", url) == {liked: "Dislike", disliked: None, untouched: None}
        assert await mine("alice", url) == {liked: None, disliked: None, untouched: None}
    single = await client.get(f"{world.messages_url()}/{liked}", headers=world.h("bob"))
    assert single.json()["MyReaction"] == "Like"
    # The author's edit answers with the author's own reaction, not the last reactor's.
    await _react(client, world, liked, "alice", "Like")
    edited = await client.put(
        f"{world.messages_url()}/{liked}", json={"Text": "edited"}, headers=world.h("alice")
    )
    assert (edited.status_code, edited.json()["MyReaction"]) == (200, "Like")
    assert edited.json()["LikeCount"] == 2


@pytest.mark.parametrize("reaction", ["Love", "", "like", None, 1, ["Like"]])
async def test_an_unknown_reaction_is_refused_and_changes_nothing(
    services: Services, client: httpx.AsyncClient, world: ChatWorld, reaction: Any
) -> None:
    message_id = await _message(client, world)
    await _react(client, world, message_id, "bob", "Like")
    refused = await _react(client, world, message_id, "bob", reaction)
    # (A bare null is "no Reaction", and a PUT must change exactly one thing.)
    assert (refused.status_code, refused.json()["Error"]["Code"]) == (422, "VALIDATION_ERROR")
    assert await _stored(services, message_id) == (1, 0, {world.id("bob"): "Like"})


async def test_reactions_need_the_message_in_the_room(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    message_id = await _message(client, world)
    other_room = f"/events/{world.event.id}/chat-rooms/{world.direct_id}/chat-messages"
    missing = await client.put(
        f"{other_room}/{message_id}", json={"Reaction": "Like"}, headers=world.h("alice")
    )
    assert (missing.status_code, missing.json()["Error"]["Code"]) == (404, "MESSAGE_NOT_FOUND")
    bad_id = await client.put(
        f"{world.messages_url()}/not-an-id", json={"Reaction": "Like"}, headers=world.h("bob")
    )
    assert bad_id.status_code == 422


async def test_reactions_go_with_a_deleted_room(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    sent = await send(client, world, "alice", "in the group", room_id=world.direct_id)
    message_id = sent.json()["ID"]
    liked = await client.put(
        f"{world.messages_url(world.direct_id)}/{message_id}",
        json={"Reaction": "Like"},
        headers=world.h("bob"),
    )
    assert liked.status_code == 200
    deleted = await client.delete(
        f"/events/{world.event.id}/activities/chatrooms/{world.direct_id}",
        headers=world.h("admin"),
    )
    assert deleted.status_code == 204, deleted.text
    async with services.db.session() as session:
        left = await session.scalar(select(func.count()).select_from(ChatMessageReaction))
    assert left == 0
