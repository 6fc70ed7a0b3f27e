"""Chat messages over REST: send, history, count, edit, react, and the delivery contract
(ids increase within a room, TmpID retries are idempotent, NOTIFY after commit with TmpID)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import httpx
import pytest

from tests.api.chat_support import (
    ChatWorld,
    RecordingHub,
    build_chat_world,
    install_hub,
    message_rows,
    send,
)
from venuely.chat.messages import next_message_id
from venuely.chat.ratelimit import send_limiter
from venuely.core.clock import FrozenClock
from venuely.core.services import Services
from venuely.realtime.hub import person_channel, room_channel
from venuely.realtime.opcodes import Opcode


@pytest.fixture
def hub(monkeypatch: pytest.MonkeyPatch) -> RecordingHub:
    return install_hub(monkeypatch)


@pytest.fixture
async def world(services: Services) -> ChatWorld:
    return await build_chat_world(services)


async def test_send_stores_and_notifies_the_room_with_tmp_id(
    client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    response = await send(client, world, "alice", "Hello Bob", room_id=world.direct_id, tmp="t-1")
    assert response.status_code == 201
    body = response.json()
    assert body["TmpID"] == "t-1"
    assert body["SenderID"] == world.id("alice")
    assert body["ReceiverIDs"] == [world.id("bob")]
    assert body["ChatroomID"] == world.direct_id
    assert body["Text"] == "Hello Bob"
    assert (body["LikeCount"], body["IsDeletedByAuthor"], body["RepliedToMessageID"]) == (
        0,
        False,
        None,
    )
    [notify] = hub.of(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    assert notify.channel == room_channel(world.direct_id)
    # The same message on both wires, TmpID included; REST adds when it was last edited and the
    # caller's own reaction.
    rest_only = {"EditedAt", "MyReaction"}
    assert notify.payload == {name: value for name, value in body.items() if name not in rest_only}
    assert body["MyReaction"] is None
    listed = await client.get(world.messages_url(world.direct_id), headers=world.h("bob"))
    assert [m["ID"] for m in listed.json()] == [body["ID"]]


async def test_broadcast_messages_have_no_receivers(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    response = await send(client, world, "carol", "hi all")
    assert response.status_code == 201
    assert response.json()["ReceiverIDs"] == []
    assert response.json()["ReadBy"] == []


async def test_retrying_a_tmp_id_returns_the_same_message_and_tells_only_the_sender(
    services: Services, client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    first = await send(client, world, "alice", "once", tmp="same")
    again = await send(client, world, "alice", "once", tmp="same")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert await message_rows(services) == 1
    channels = [p.channel for p in hub.of(Opcode.CHAT_MESSAGE_SEND_NOTIFY)]
    assert channels == [room_channel(world.broadcast_id), person_channel(world.id("alice"))]


async def test_concurrent_retries_of_one_tmp_id_store_one_row(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    answers = await asyncio.gather(
        *(send(client, world, "bob", "dup", tmp="race") for _ in range(6))
    )
    assert {a.status_code for a in answers} <= {200, 201}
    assert len({a.json()["ID"] for a in answers}) == 1
    assert await message_rows(services) == 1


async def test_ids_strictly_increase_under_concurrent_sends(
    client: httpx.AsyncClient, world: ChatWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(send_limiter, "burst", 1000)
    senders = ["alice", "bob", "carol", "dave"]
    answers = await asyncio.gather(
        *(send(client, world, senders[i % 4], f"m{i}") for i in range(40))
    )
    assert all(a.status_code == 201 for a in answers), [a.json() for a in answers]
    listed = await client.get(
        world.messages_url(),
        params={"IsAscending": "true", "MaxCount": 100},
        headers=world.h("bob"),
    )
    ids = [m["ID"] for m in listed.json()]
    assert len(ids) == 40
    assert ids == sorted(ids)
    assert len(set(ids)) == 40
    assert {a.json()["ID"] for a in answers} == set(ids)


async def test_next_id_is_above_the_room_sequence_even_when_the_clock_is_behind() -> None:
    future = "ffffffff0000000000000010"
    assert next_message_id(future) == "ffffffff0000000000000011"
    assert next_message_id("0" * 24) > "0" * 24


async def test_text_rules(services: Services, client: httpx.AsyncClient, world: ChatWorld) -> None:
    empty = await send(client, world, "alice", "   \n")
    assert (empty.status_code, empty.json()["Error"]["Code"]) == (422, "TEXT_EMPTY")
    long = await send(client, world, "alice", "x" * 4001)
    assert (long.status_code, long.json()["Error"]["Code"]) == (422, "TEXT_TOO_LONG")
    assert long.json()["Error"]["Data"]["MaxLength"] == 4000
    exactly = await send(client, world, "alice", "é" * 4000)
    assert exactly.status_code == 201
    bad_tmp = await send(client, world, "alice", "hi", tmp="x" * 65)
    assert bad_tmp.status_code == 422
    missing = await client.post(world.messages_url(), json={"Text": "hi"}, headers=world.h("alice"))
    assert missing.status_code == 422
    assert missing.json()["Error"]["Data"]["Parameters"] == ["TmpID"]
    assert await message_rows(services) == 1


async def test_send_rate_limit_names_the_wait(
    services: Services, client: httpx.AsyncClient, world: ChatWorld, clock: FrozenClock
) -> None:
    for i in range(10):
        assert (await send(client, world, "dave", f"burst {i}")).status_code == 201
    refused = await send(client, world, "dave", "one too many")
    assert refused.status_code == 429
    error = refused.json()["Error"]
    assert error["Code"] == "RATE_LIMITED"
    assert 0 < error["Data"]["RetryAfterMs"] <= 1000
    assert await message_rows(services) == 10
    clock.advance(timedelta(seconds=1))
    assert (await send(client, world, "dave", "after a second")).status_code == 201


async def test_replies_must_point_into_the_same_room(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    original = (await send(client, world, "alice", "question", room_id=world.direct_id)).json()
    reply = await send(
        client, world, "bob", "answer", room_id=world.direct_id, RepliedToMessageID=original["ID"]
    )
    assert reply.status_code == 201
    assert reply.json()["RepliedToMessageID"] == original["ID"]
    elsewhere = await send(client, world, "bob", "x", RepliedToMessageID=original["ID"])
    assert elsewhere.status_code == 404
    assert elsewhere.json()["Error"]["Code"] == "MESSAGE_NOT_FOUND"


async def test_history_pages_both_ways_and_count(
    client: httpx.AsyncClient, world: ChatWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(send_limiter, "burst", 1000)
    ids = [(await send(client, world, "alice", f"m{i}")).json()["ID"] for i in range(7)]
    h = world.h("bob")
    url = world.messages_url()
    newest = await client.get(url, params={"MaxCount": 3}, headers=h)
    assert [m["ID"] for m in newest.json()] == ids[:-4:-1]  # newest first
    before = await client.get(url, params={"MaxCount": 2, "StartID": ids[3]}, headers=h)
    assert [m["ID"] for m in before.json()] == [ids[2], ids[1]]
    after = await client.get(
        url, params={"MaxCount": 10, "StartID": ids[3], "IsAscending": True}, headers=h
    )
    assert [m["ID"] for m in after.json()] == ids[4:]
    chrono = await client.get(f"{url}/chronologically", params={"MaxCount": 3}, headers=h)
    assert [m["ID"] for m in chrono.json()] == ids[4:]  # the latest three, oldest first
    lists = await client.get(
        f"/events/{world.event.id}/lists/chatmessageschronologically",
        params={"ChatroomID": world.broadcast_id, "StartID": ids[5], "MaxCount": 2},
        headers=h,
    )
    assert [m["ID"] for m in lists.json()] == [ids[3], ids[4]]
    count = await client.get(f"{url}/count", headers=h)
    assert count.json() == {"Count": 7}
    too_many = await client.get(url, params={"MaxCount": 1001}, headers=h)
    assert too_many.status_code == 422


async def test_get_one_message_and_edit_by_author(
    client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    sent = (await send(client, world, "alice", "typo", room_id=world.direct_id)).json()
    url = f"{world.messages_url(world.direct_id)}/{sent['ID']}"
    got = await client.get(url, headers=world.h("bob"))
    assert got.json()["Text"] == "typo"
    edited = await client.put(url, json={"Text": "fixed"}, headers=world.h("alice"))
    assert edited.status_code == 200
    assert edited.json()["Text"] == "fixed"
    assert edited.json()["EditedAt"] is not None
    [notify] = hub.of(Opcode.CHAT_MESSAGE_EDIT_NOTIFY)
    assert (notify.channel, notify.payload["Text"]) == (room_channel(world.direct_id), "fixed")
    refused = await client.put(url, json={"Text": "mine now"}, headers=world.h("bob"))
    assert (refused.status_code, refused.json()["Error"]["Code"]) == (403, "FORBIDDEN")
    assert (await client.get(url, headers=world.h("bob"))).json()["Text"] == "fixed"
    both = await client.put(url, json={"Text": "a", "Reaction": "Like"}, headers=world.h("alice"))
    assert both.status_code == 422


async def test_reactions_count_up(client: httpx.AsyncClient, world: ChatWorld) -> None:
    sent = (await send(client, world, "alice", "vote")).json()
    url = f"{world.messages_url()}/{sent['ID']}"
    await client.put(url, json={"Reaction": "Like"}, headers=world.h("bob"))
    await client.put(url, json={"Reaction": "Like"}, headers=world.h("carol"))
    final = await client.put(url, json={"Reaction": "Dislike"}, headers=world.h("dave"))
    assert (final.json()["LikeCount"], final.json()["DislikeCount"]) == (2, 1)
    bad = await client.put(url, json={"Reaction": "Love"}, headers=world.h("dave"))
    assert bad.status_code == 422


async def test_read_by_lists_members_who_read_past_a_message(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    sent = (await send(client, world, "alice", "seen?", room_id=world.direct_id)).json()
    put = await client.put(
        world.status_url(world.direct_id),
        params={"PersonID": world.id("bob"), "LastReadChatMessageID": sent["ID"]},
        headers=world.h("bob"),
    )
    assert put.status_code == 200
    listed = await client.get(world.messages_url(world.direct_id), headers=world.h("alice"))
    assert listed.json()[0]["ReadBy"] == [world.id("bob")]


async def test_tmp_id_reused_in_another_room_is_refused(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    await send(client, world, "alice", "here", tmp="t-x")
    there = await send(client, world, "alice", "there", room_id=world.direct_id, tmp="t-x")
    assert there.status_code == 422
    assert await message_rows(services) == 1
