"""Mutes and blocks over REST: one's own list, the muter's history without the muted sender's
messages (nobody else's changes), the block's refusals with nothing stored, the list told to
the muter's person channel, and bad input answered with a 4xx that changes nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.chat_support import (
    ChatWorld,
    RecordingHub,
    build_chat_world,
    install_hub,
    message_rows,
    send,
)
from venuely.chat import mutes
from venuely.chat.models import ChatMute
from venuely.core.clock import FrozenClock
from venuely.core.services import Services
from venuely.realtime.hub import person_channel
from venuely.realtime.opcodes import Opcode


@pytest.fixture
def hub(monkeypatch: pytest.MonkeyPatch) -> RecordingHub:
    return install_hub(monkeypatch)


@pytest.fixture
async def world(services: Services) -> ChatWorld:
    return await build_chat_world(services)


def _url(world: ChatWorld, person_id: str | None = None) -> str:
    base = f"/events/{world.event.id}/chat-mutes"
    return base if person_id is None else f"{base}/{person_id}"


async def _mute(
    client: httpx.AsyncClient, world: ChatWorld, who: str, whom: str, body: Any = None
) -> httpx.Response:
    return await client.put(
        _url(world, world.id(whom)),
        json={"Blocked": False} if body is None else body,
        headers=world.h(who),
    )


async def _mute_rows(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(ChatMute)) or 0)


async def test_mute_list_is_ones_own_and_told_to_ones_sockets(
    client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub, clock: FrozenClock
) -> None:
    muted = await _mute(client, world, "alice", "bob")
    assert muted.status_code == 200, muted.text
    assert muted.json() == {
        "PersonID": world.id("bob"),
        "Blocked": False,
        "CreatedAt": muted.json()["CreatedAt"],
    }
    clock.advance(timedelta(seconds=60))
    await _mute(client, world, "alice", "carol", {"Blocked": True})
    listed = await client.get(_url(world), headers=world.h("alice"))
    assert [(m["PersonID"], m["Blocked"]) for m in listed.json()] == [
        (world.id("bob"), False),
        (world.id("carol"), True),
    ]
    assert (await client.get(_url(world), headers=world.h("bob"))).json() == []
    told = hub.of(Opcode.CHAT_MUTES_NOTIFY)
    assert [t.channel for t in told] == [person_channel(world.id("alice"))] * 2
    assert told[-1].payload == {"EventID": world.event.id, "Mutes": listed.json()}
    # The same value again changes nothing and tells nobody; switching keeps CreatedAt.
    again = await _mute(client, world, "alice", "bob")
    assert again.json() == muted.json()
    assert len(hub.of(Opcode.CHAT_MUTES_NOTIFY)) == 2
    blocked = await _mute(client, world, "alice", "bob", {"Blocked": True})
    assert blocked.json() == {**muted.json(), "Blocked": True}
    assert len(hub.of(Opcode.CHAT_MUTES_NOTIFY)) == 3
    # Unmuting: 204, the list told again; a second time there is nothing to undo.
    gone = await client.delete(_url(world, world.id("bob")), headers=world.h("alice"))
    assert gone.status_code == 204
    assert hub.of(Opcode.CHAT_MUTES_NOTIFY)[-1].payload["Mutes"] == [listed.json()[1]]
    again_gone = await client.delete(_url(world, world.id("bob")), headers=world.h("alice"))
    assert (again_gone.status_code, again_gone.json()["Error"]) == (
        404,
        {
            "Code": "CHAT_MUTE_NOT_FOUND",
            "Message": "You have not muted this person",
            "Data": {"PersonID": world.id("bob")},
        },
    )
    assert len(hub.of(Opcode.CHAT_MUTES_NOTIFY)) == 4


async def test_a_mute_hides_history_for_the_muter_only(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    from_bob = (await send(client, world, "bob", "from bob")).json()["ID"]
    from_carol = (await send(client, world, "carol", "from carol")).json()["ID"]
    assert (await _mute(client, world, "alice", "bob")).status_code == 200
    lists = f"/events/{world.event.id}/lists/chatmessageschronologically"

    async def seen(who: str) -> dict[str, list[str]]:
        urls = {
            "list": world.messages_url(),
            "chronologically": f"{world.messages_url()}/chronologically",
            "lists": f"{lists}?ChatroomID={world.broadcast_id}",
        }
        found = {}
        for name, url in urls.items():
            response = await client.get(url, headers=world.h(who))
            assert response.status_code == 200, response.text
            found[name] = sorted(m["ID"] for m in response.json())
        return found

    assert set(map(tuple, (await seen("alice")).values())) == {(from_carol,)}
    assert set(map(tuple, (await seen("carol")).values())) == {
        tuple(sorted([from_bob, from_carol]))
    }
    count = await client.get(f"{world.messages_url()}/count", headers=world.h("alice"))
    assert count.json() == {"Count": 1}
    single = await client.get(f"{world.messages_url()}/{from_bob}", headers=world.h("alice"))
    assert (single.status_code, single.json()["Error"]["Code"]) == (404, "MESSAGE_NOT_FOUND")
    assert (
        await client.get(f"{world.messages_url()}/{from_bob}", headers=world.h("carol"))
    ).status_code == 200
    # Unmuted, the messages are there again: nothing was deleted.
    await client.delete(_url(world, world.id("bob")), headers=world.h("alice"))
    assert set(map(tuple, (await seen("alice")).values())) == {
        tuple(sorted([from_bob, from_carol]))
    }


async def test_a_block_stops_sending_into_the_direct_room_both_ways(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    await send(client, world, "alice", "before", room_id=world.direct_id, tmp="before")
    assert (await _mute(client, world, "bob", "alice", {"Blocked": True})).status_code == 200
    rows = await message_rows(services)
    for who, other in (("alice", "bob"), ("bob", "alice")):
        refused = await send(client, world, who, "hello?", room_id=world.direct_id)
        assert refused.status_code == 403, refused.text
        assert refused.json()["Error"] == {
            "Code": "CHAT_PERSON_BLOCKED",
            "Message": "You cannot message this person",
            "Data": {"PersonID": world.id(other)},
        }
    assert await message_rows(services) == rows
    # A resend of what was stored before the block is still answered as it was.
    resend = await send(client, world, "alice", "before", room_id=world.direct_id, tmp="before")
    assert resend.status_code == 200
    # A mute (not a block) leaves the direct room open.
    await _mute(client, world, "bob", "alice", {"Blocked": False})
    assert (await send(client, world, "alice", "hi", room_id=world.direct_id)).status_code == 201


async def test_who_may_be_muted(
    services: Services, client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    itself = await _mute(client, world, "alice", "alice")
    assert (itself.status_code, itself.json()["Error"]["Code"]) == (422, "CANNOT_MUTE_SELF")
    for stranger in ("outsider", "admin"):  # another event's attendee; an organizer
        refused = await _mute(client, world, "alice", stranger)
        assert (refused.status_code, refused.json()["Error"]["Code"]) == (404, "PERSON_NOT_FOUND")
    unknown = await client.put(_url(world, "0" * 24), json={}, headers=world.h("alice"))
    assert unknown.status_code == 404
    # An organizer may keep a list of their own in the event.
    organizer = await _mute(client, world, "admin", "bob")
    assert organizer.status_code == 200
    assert await _mute_rows(services) == 1
    assert len(hub.of(Opcode.CHAT_MUTES_NOTIFY)) == 1


async def test_too_many_mutes(
    services: Services,
    client: httpx.AsyncClient,
    world: ChatWorld,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(mutes, "MAX_MUTES", 2)
    for whom in ("bob", "carol"):
        assert (await _mute(client, world, "alice", whom)).status_code == 200
    over = await _mute(client, world, "alice", "dave")
    assert over.status_code == 409
    assert over.json()["Error"]["Code"] == "TOO_MANY_MUTES"
    assert over.json()["Error"]["Data"] == {"MaxMutes": 2}
    assert await _mute_rows(services) == 2
    # Changing one already there is no new row: still allowed at the cap.
    assert (await _mute(client, world, "alice", "bob", {"Blocked": True})).status_code == 200


@pytest.mark.parametrize(
    ("person", "body"),
    [
        ("not-an-id", {"Blocked": True}),
        ("0123456789ABCDEF01234567", {"Blocked": True}),
        ("{bob}", {"Blocked": "maybe"}),
        ("{bob}", {"Blocked": None}),
        ("{bob}", {"Blocked": True, "Until": "tomorrow"}),
        ("{bob}", ["Blocked"]),
        ("{bob}", "true"),
    ],
)
async def test_bad_input_is_a_4xx_that_changes_nothing(
    services: Services,
    client: httpx.AsyncClient,
    world: ChatWorld,
    hub: RecordingHub,
    person: str,
    body: Any,
) -> None:
    url = _url(world, person.replace("{bob}", world.id("bob")))
    for method in ("PUT", "DELETE"):
        response = await client.request(method, url, json=body, headers=world.h("alice"))
        if method == "DELETE" and person == "{bob}":
            assert response.status_code == 404  # the path is fine; there is no mute to undo
            continue
        assert response.status_code == 422, (method, response.text)
        assert response.json()["Error"]["Code"] == "VALIDATION_ERROR"
    raw = await client.put(
        _url(world, world.id("bob")),
        content=b"{not json",
        headers={**world.h("alice"), "content-type": "application/json"},
    )
    assert 400 <= raw.status_code < 500
    assert await _mute_rows(services) == 0
    assert hub.of(Opcode.CHAT_MUTES_NOTIFY) == []


async def test_mute_routes_need_a_member_of_the_event(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    assert (await client.get(_url(world))).status_code == 401
    foreign = await client.get(_url(world), headers=world.h("outsider"))
    assert foreign.status_code == 403
    refused = await _mute(client, world, "outsider", "bob")
    assert refused.status_code == 403
