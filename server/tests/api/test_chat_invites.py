"""Inviting persons into a group room over REST: the group's admins and the event's admins may,
nobody else; invitees are admitted attendees who did not block the inviter; the member cap
holds; the new members' sockets join and every member hears the updated room; nothing is
stored on a refusal."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.api.chat_support import ChatWorld, RecordingHub, build_chat_world, install_hub
from venuely.chat import invites
from venuely.chat.access import load_room
from venuely.chat.service import create_group_room, member_ids
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.realtime.hub import person_channel, room_channel
from venuely.realtime.opcodes import Opcode


@pytest.fixture
def hub(monkeypatch: pytest.MonkeyPatch) -> RecordingHub:
    return install_hub(monkeypatch)


@pytest.fixture
async def world(services: Services) -> ChatWorld:
    return await build_chat_world(services)


async def _group(services: Services, world: ChatWorld, creator: str, *others: str) -> str:
    async with services.db.session() as session:
        model, _ = await create_group_room(
            session,
            services,
            event=world.event,
            creator_id=world.id(creator),
            title="Lounge",
            member_ids_in=[world.id(o) for o in others],
            tmp_id="setup",
        )
        await session.commit()
    return model.ID


async def _members(services: Services, world: ChatWorld, room_id: str) -> list[str]:
    async with services.db.session() as session:
        return await member_ids(session, await load_room(session, world.event.id, room_id))


async def _invite(
    client: httpx.AsyncClient, world: ChatWorld, room_id: str, who: str, body: Any
) -> httpx.Response:
    return await client.post(
        f"/events/{world.event.id}/activities/chatrooms/{room_id}/attendees",
        json=body,
        headers=world.h(who),
    )


async def test_the_groups_admin_invites_and_every_member_hears_it(
    services: Services, client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    room_id = await _group(services, world, "alice", "bob")
    invited = await _invite(
        client, world, room_id, "alice", {"PersonIDs": [world.id("carol"), world.id("bob")]}
    )
    assert invited.status_code == 200, invited.text
    everyone = sorted(world.id(p) for p in ("alice", "bob", "carol"))
    assert invited.json()["AttendeeIDs"] == everyone
    assert await _members(services, world, room_id) == everyone
    # The new member's sockets join the room first; the others were in it already.
    assert hub.members == [(room_channel(room_id), world.id("carol"), True)]
    told = hub.of(Opcode.CHATROOM_CREATE_NOTIFY)
    assert sorted(t.channel for t in told) == sorted(person_channel(p) for p in everyone)
    assert told[0].payload["InviterID"] == world.id("alice")
    assert told[0].payload["InviteeID"] is None
    assert told[0].payload["ChatroomModel"] == invited.json()
    # Inviting members again changes nothing and tells nobody.
    again = await _invite(client, world, room_id, "alice", {"PersonIDs": [world.id("carol")]})
    assert (again.status_code, again.json()["AttendeeIDs"]) == (200, everyone)
    assert len(hub.of(Opcode.CHATROOM_CREATE_NOTIFY)) == len(told)


async def test_an_event_admin_invites_a_member_does_not(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    room_id = await _group(services, world, "alice", "bob")
    member = await _invite(client, world, room_id, "bob", {"PersonIDs": [world.id("carol")]})
    assert (member.status_code, member.json()["Error"]["Code"]) == (403, "FORBIDDEN")
    outsider = await _invite(client, world, room_id, "dave", {"PersonIDs": [world.id("dave")]})
    assert (outsider.status_code, outsider.json()["Error"]["Code"]) == (404, "CHATROOM_NOT_FOUND")
    assert await _members(services, world, room_id) == sorted([world.id("alice"), world.id("bob")])
    admin = await _invite(client, world, room_id, "admin", {"PersonIDs": [world.id("dave")]})
    assert admin.status_code == 200, admin.text
    assert world.id("dave") in admin.json()["AttendeeIDs"]


async def test_a_person_who_blocked_the_inviter_is_refused(
    services: Services, client: httpx.AsyncClient, world: ChatWorld, hub: RecordingHub
) -> None:
    room_id = await _group(services, world, "alice", "bob")
    blocked = await client.put(
        f"/events/{world.event.id}/chat-mutes/{world.id('alice')}",
        json={"Blocked": True},
        headers=world.h("dave"),
    )
    assert blocked.status_code == 200
    refused = await _invite(
        client, world, room_id, "alice", {"PersonIDs": [world.id("carol"), world.id("dave")]}
    )
    assert refused.status_code == 403
    assert refused.json()["Error"]["Code"] == "CHAT_PERSON_BLOCKED"
    assert refused.json()["Error"]["Data"] == {"PersonID": world.id("dave")}
    assert await _members(services, world, room_id) == sorted([world.id("alice"), world.id("bob")])
    assert hub.of(Opcode.CHATROOM_CREATE_NOTIFY) == []
    # A mute is not a block: a person who only muted the inviter may be invited.
    await client.put(
        f"/events/{world.event.id}/chat-mutes/{world.id('alice')}",
        json={"Blocked": False},
        headers=world.h("dave"),
    )
    ok = await _invite(client, world, room_id, "alice", {"PersonIDs": [world.id("dave")]})
    assert ok.status_code == 200


async def test_invitees_must_be_admitted_attendees_and_the_cap_holds(
    services: Services,
    client: httpx.AsyncClient,
    world: ChatWorld,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    room_id = await _group(services, world, "alice", "bob")
    for stranger in (world.id("outsider"), world.id("admin"), new_id()):
        refused = await _invite(client, world, room_id, "alice", {"PersonIDs": [stranger]})
        assert (refused.status_code, refused.json()["Error"]["Code"]) == (404, "PERSON_NOT_FOUND")
    monkeypatch.setattr(invites, "MAX_MEMBERS", 3)
    over = await _invite(
        client, world, room_id, "alice", {"PersonIDs": [world.id("carol"), world.id("dave")]}
    )
    assert over.status_code == 422
    assert over.json()["Error"] == {
        "Code": "TOO_MANY_MEMBERS",
        "Message": "A group has at most 3 members",
        "Data": {"MaxMembers": 3},
    }
    assert await _members(services, world, room_id) == sorted([world.id("alice"), world.id("bob")])


async def test_only_group_rooms_take_invitations(
    client: httpx.AsyncClient, world: ChatWorld
) -> None:
    body = {"PersonIDs": [world.id("carol")]}
    for room_id in (world.direct_id, world.broadcast_id):
        refused = await _invite(client, world, room_id, "admin", body)
        assert (refused.status_code, refused.json()["Error"]["Code"]) == (409, "CONFLICT")
    # A member who is no admin of the room learns no more than that.
    assert (await _invite(client, world, world.direct_id, "alice", body)).status_code == 403


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"PersonIDs": []},
        {"PersonIDs": ["not-an-id"]},
        {"PersonIDs": [new_id() for _ in range(51)]},
        {"PersonIDs": "0123456789abcdef01234567"},
        {"PersonIDs": [None]},
        {"PersonIDs": [], "Title": "extra"},
        [],
    ],
)
async def test_bad_bodies_are_refused_with_nothing_stored(
    services: Services, client: httpx.AsyncClient, world: ChatWorld, body: Any
) -> None:
    room_id = await _group(services, world, "alice", "bob")
    refused = await _invite(client, world, room_id, "alice", body)
    assert refused.status_code == 422, refused.text
    assert refused.json()["Error"]["Code"] in {"VALIDATION_ERROR", "MISSING_PARAMETER"}
    assert await _members(services, world, room_id) == sorted([world.id("alice"), world.id("bob")])
    bad_room = await client.post(
        f"/events/{world.event.id}/activities/chatrooms/nope/attendees",
        json={"PersonIDs": [world.id("carol")]},
        headers=world.h("alice"),
    )
    assert bad_room.status_code == 422
