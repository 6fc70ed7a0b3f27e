"""Chat rooms: every event has its broadcast room, an attendee's room list, one room, member
ids, and direct rooms made once per pair."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.chat_support import ChatWorld, build_chat_world, send
from tests.factories import bearer, grant_admin, make_customer, make_person, token_for
from venuely.admins.models import AdminType
from venuely.chat.models import ChatMessage, Chatroom
from venuely.chat.service import create_direct_room, create_group_room
from venuely.core.errors import ApiError
from venuely.core.services import Services
from venuely.demo.seed import seed_demo
from venuely.realtime.hub import room_channel
from venuely.realtime.membership import join_socket


@pytest.fixture
async def world(services: Services) -> ChatWorld:
    return await build_chat_world(services)


async def test_a_new_event_gets_its_broadcast_room(
    services: Services, client: httpx.AsyncClient
) -> None:
    customer = await make_customer(services)
    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.CUSTOMER, customer_id=customer.id)
    created = await client.post(
        f"/customers/{customer.id}/events",
        json={
            "Title": "Chatty",
            "InternalName": "chatty",
            "DateBeginUTC": "2030-01-01T09:00:00Z",
            "DateEndUTC": "2030-01-02T18:00:00Z",
        },
        headers=bearer(await token_for(services, admin)),
    )
    assert created.status_code == 201, created.text
    event_id = created.json()["ID"]
    async with services.db.session() as session:
        rooms = (await session.scalars(select(Chatroom).where(Chatroom.event_id == event_id))).all()
    assert [(r.internal_name, r.kind, r.is_private) for r in rooms] == [
        ("broadcast", "broadcast", False)
    ]


async def test_the_demo_has_its_broadcast_room_and_welcome_once(services: Services) -> None:
    await seed_demo(services)
    ctx = await seed_demo(services)
    async with services.db.session() as session:
        rooms = (
            await session.scalars(select(Chatroom).where(Chatroom.event_id == ctx.event.id))
        ).all()
        messages = await session.scalar(
            select(func.count()).where(ChatMessage.chatroom_id == _broadcast(rooms))
        )
    # Besides the broadcast room, each demo breakout room has one of its own (breakouts.md) and
    # each demo help desk conversation its support room (helpdesk.md).
    event_rooms = [
        r.internal_name for r in rooms if not r.internal_name.startswith(("breakout:", "support:"))
    ]
    assert event_rooms == ["broadcast"]
    assert len(rooms) == 1 + 4 + 2
    assert messages == 2


def _broadcast(rooms: Sequence[Chatroom]) -> str:
    return next(r.id for r in rooms if r.internal_name == "broadcast")


async def test_rooms_of_an_attendee(client: httpx.AsyncClient, world: ChatWorld) -> None:
    url = f"/events/{world.event.id}/activities/chatrooms/attendees"
    alice = await client.get(f"{url}/{world.id('alice')}", headers=world.h("alice"))
    assert alice.status_code == 200
    assert [r["ID"] for r in alice.json()] == [world.broadcast_id, world.direct_id]
    broadcast, direct = alice.json()
    assert (broadcast["InternalName"], broadcast["Type"], broadcast["AttendeeIDs"]) == (
        "broadcast",
        "broadcast",
        [],
    )
    assert direct["IsPrivate"] is True
    assert sorted(direct["AttendeeIDs"]) == sorted([world.id("alice"), world.id("bob")])
    carol = await client.get(f"{url}/{world.id('carol')}", headers=world.h("carol"))
    assert [r["ID"] for r in carol.json()] == [world.broadcast_id]
    snooping = await client.get(f"{url}/{world.id('alice')}", headers=world.h("carol"))
    assert snooping.status_code == 403
    admin = await client.get(f"{url}/{world.id('alice')}", headers=world.h("admin"))
    assert len(admin.json()) == 2


async def test_one_room_and_its_member_ids(client: httpx.AsyncClient, world: ChatWorld) -> None:
    room = await client.get(
        f"/events/{world.event.id}/activities/chatrooms/{world.direct_id}", headers=world.h("bob")
    )
    assert room.status_code == 200
    assert room.json()["InternalName"].startswith("direct:")
    ids_url = f"/events/{world.event.id}/relations/chatrooms/{{}}/attendees/ids"
    direct = await client.get(ids_url.format(world.direct_id), headers=world.h("bob"))
    assert direct.json() == sorted([world.id("alice"), world.id("bob")])
    everyone = sorted(world.id(p) for p in ("alice", "bob", "carol", "dave"))
    page = await client.get(
        ids_url.format(world.broadcast_id), params={"Limit": 2}, headers=world.h("bob")
    )
    assert page.json() == everyone[:2]
    rest = await client.get(
        ids_url.format(world.broadcast_id), params={"LastID": everyone[1]}, headers=world.h("bob")
    )
    assert rest.json() == everyone[2:]


async def test_direct_room_is_made_once_per_pair(services: Services, world: ChatWorld) -> None:
    async def ask(inviter: str, invitee: str) -> str:
        async with services.db.session() as session:
            model, _ = await create_direct_room(
                session,
                services,
                event=world.event,
                inviter_id=world.id(inviter),
                invitee_id=world.id(invitee),
                tmp_id="t",
            )
        return model.ID

    assert await ask("bob", "alice") == world.direct_id
    made = await asyncio.gather(*(ask("carol", "dave") for _ in range(4)))
    assert len(set(made)) == 1


async def test_room_creation_refusals(services: Services, world: ChatWorld) -> None:
    async def direct(invitee_id: str) -> str:
        async with services.db.session() as session:
            try:
                await create_direct_room(
                    session,
                    services,
                    event=world.event,
                    inviter_id=world.id("alice"),
                    invitee_id=invitee_id,
                    tmp_id="t",
                )
            except ApiError as exc:
                return exc.code.value
        return "created"

    assert await direct(world.id("alice")) == "CANNOT_INVITE_SELF"
    assert await direct(world.id("outsider")) == "PERSON_NOT_FOUND"
    assert await direct(world.id("admin")) == "PERSON_NOT_FOUND"  # not an attendee
    async with services.db.session() as session:
        with pytest.raises(ApiError) as too_many:
            await create_group_room(
                session,
                services,
                event=world.event,
                creator_id=world.id("alice"),
                title="Crowd",
                member_ids_in=[f"{i:024x}" for i in range(1, 101)],
                tmp_id="t",
            )
    assert too_many.value.code.value == "TOO_MANY_MEMBERS"


async def test_a_new_socket_joins_its_persons_rooms(
    services: Services, client: httpx.AsyncClient, world: ChatWorld
) -> None:
    async with services.db.session() as session:
        group, _ = await create_group_room(
            session,
            services,
            event=world.event,
            creator_id=world.id("carol"),
            title="Carol's corner",
            member_ids_in=[world.id("alice")],
            tmp_id="g",
        )
        alice = (await join_socket(session, world.id("alice"), world.event.id)).channels
        dave = (await join_socket(session, world.id("dave"), world.event.id)).channels
    assert sorted(alice) == sorted(
        room_channel(r) for r in (world.broadcast_id, world.direct_id, group.ID)
    )
    assert dave == [room_channel(world.broadcast_id)]
    assert (await send(client, world, "alice", "hi group", room_id=group.ID)).status_code == 201
    assert (await send(client, world, "dave", "let me in", room_id=group.ID)).status_code == 404
