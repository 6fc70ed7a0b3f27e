"""Who reads which relation (relations/visibility.py), through every relation read route.

Alice and Bob share a direct chat and, with Dave, a group chat. Carol is an attendee of the same
event in neither room: she must learn nothing about either room's people, by list, count,
person list, single row or activities by relation; she still reads the public wiring (a
session's speaker, the broadcast room's moderator). Bob reads his rooms' relations; the event's
admin reads everything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from tests.api.chat_support import ChatWorld, build_chat_world, relate
from tests.factories import bearer
from venuely.chat.service import create_group_room
from venuely.core.services import Services
from venuely.relations.models import Relation, RelationType


@dataclass
class World:
    chat: ChatWorld
    group_id: str
    # Relation ids: every membership row of both private rooms, and the public ones.
    private: set[str]
    moderator: str
    speaker: str
    session_id: str

    def h(self, who: str) -> dict[str, str]:
        return self.chat.h(who)


@pytest.fixture
async def world(services: Services, client: httpx.AsyncClient) -> World:
    chat = await build_chat_world(services)
    async with services.db.session() as session:
        group, _ = await create_group_room(
            session,
            services,
            event=chat.event,
            creator_id=chat.id("alice"),
            title="Planning",
            member_ids_in=[chat.id("bob"), chat.id("dave")],
            tmp_id="group",
        )
        private = set(
            (
                await session.scalars(
                    select(Relation.id).where(Relation.parent_id.in_([chat.direct_id, group.ID]))
                )
            ).all()
        )
    await relate(services, chat, "bob", RelationType.MODERATOR, room=chat.broadcast_id)
    async with services.db.session() as session:
        moderator = await session.scalar(
            select(Relation.id).where(
                Relation.parent_id == chat.broadcast_id,
                Relation.relation_type == RelationType.MODERATOR.value,
            )
        )
    assert moderator is not None
    base = f"/events/{chat.event.id}/activities"
    made = []
    for entity_type, body in (
        (
            "Session",
            {
                "InternalName": "keynote",
                "Title": "Keynote",
                "DateBegin": "2030-01-01T10:00:00Z",
                "DateEnd": "2030-01-01T11:00:00Z",
            },
        ),
        ("Speaker", {"InternalName": "ada", "Title": "Ada", "FirstName": "Ada"}),
    ):
        response = await client.post(
            base, params={"EntityType": entity_type}, json=body, headers=chat.h("admin")
        )
        assert response.status_code == 201, response.text
        made.append(response.json()["ID"])
    speaker = await client.post(
        "/relations",
        json={
            "EventID": chat.event.id,
            "ParentType": "Session",
            "ParentID": made[0],
            "RelationType": "Speaker",
            "ChildType": "Speaker",
            "ChildID": made[1],
        },
        headers=chat.h("admin"),
    )
    assert speaker.status_code == 201, speaker.text
    # 2 direct members + 3 group members + the group's admin row.
    assert len(private) == 6
    return World(chat, group.ID, private, moderator, speaker.json()["ID"], made[0])


async def _ids(
    client: httpx.AsyncClient, world: World, who: str, **params: str
) -> tuple[set[str], int]:
    """Relation ids `who` lists and the count they are told, for one filter."""
    query = {"EventID": world.chat.event.id, **params}
    listed = await client.get("/relations", params=query, headers=world.h(who))
    counted = await client.get("/relations/count", params=query, headers=world.h(who))
    assert listed.status_code == counted.status_code == 200, (listed.text, counted.text)
    return {row["ID"] for row in listed.json()}, counted.json()["Count"]


FILTERS: list[dict[str, str]] = [
    {},
    {"RelationType": "ChatroomAttendee"},
    {"ParentType": "Chatroom"},
    {"ChildType": "Person"},
]


@pytest.mark.parametrize("params", FILTERS, ids=lambda p: ",".join(p) or "event")
async def test_lists_and_counts_leave_out_rooms_the_reader_is_not_in(
    client: httpx.AsyncClient, world: World, params: dict[str, str]
) -> None:
    seen, count = await _ids(client, world, "carol", **params)
    assert not seen & world.private
    assert count == len(seen)
    admin_seen, admin_count = await _ids(client, world, "admin", **params)
    hidden = world.private & admin_seen
    assert hidden, "the filter must match some private rows, else this proves nothing"
    assert admin_seen - seen == hidden
    assert admin_count == len(admin_seen)


async def test_filters_naming_the_room_or_a_member_find_nothing(
    client: httpx.AsyncClient, world: World
) -> None:
    chat = world.chat
    for params in (
        {"ParentID": chat.direct_id},
        {"ParentID": world.group_id},
        {"ChildID": chat.id("alice"), "RelationType": "ChatroomAttendee"},
        {"ParentID": chat.direct_id, "ChildID": chat.id("bob")},
    ):
        assert await _ids(client, world, "carol", **params) == (set(), 0), params
        members, count = await _ids(client, world, "bob", **params)
        assert members, params
        assert count == len(members), params


async def test_members_read_their_rooms_not_others(client: httpx.AsyncClient, world: World) -> None:
    # Dave is in the group, not in Alice and Bob's direct chat.
    direct, _ = await _ids(client, world, "dave", ParentID=world.chat.direct_id)
    group, _ = await _ids(client, world, "dave", ParentID=world.group_id)
    assert direct == set()
    assert len(group) == 4  # three members and the group's admin row


async def test_persons_by_relation_names_only_visible_members(
    client: httpx.AsyncClient, world: World
) -> None:
    chat = world.chat

    async def names(who: str, room: str) -> list[str]:
        response = await client.get(
            "/personsbyrelation",
            params={"EventID": chat.event.id, "ParentID": room, "WithRoles": "true"},
            headers=world.h(who),
        )
        assert response.status_code == 200, response.text
        return sorted(row["FirstName"] for row in response.json())

    assert await names("carol", chat.direct_id) == []
    assert await names("carol", world.group_id) == []
    assert await names("bob", chat.direct_id) == ["Alice", "Bob"]
    assert await names("admin", world.group_id) == ["Alice", "Alice", "Bob", "Dave"]


async def test_a_hidden_row_is_not_found_for_reads_and_writes(
    client: httpx.AsyncClient, world: World
) -> None:
    # A write attempt must not tell a hidden row (403) from a missing one (404) either.
    row = sorted(world.private)[0]
    body: dict[str, Any] = {
        "EventID": world.chat.event.id,
        "ParentType": "Chatroom",
        "ParentID": world.chat.direct_id,
        "RelationType": "ChatroomAttendee",
        "ChildType": "Person",
        "ChildID": world.chat.id("carol"),
    }
    for method, sent in (("GET", None), ("PUT", body), ("DELETE", None)):
        response = await client.request(
            method, f"/relations/{row}", headers=world.h("carol"), json=sent
        )
        assert response.status_code == 404, (method, response.text)
        assert response.json()["Error"]["Code"] == "RELATION_NOT_FOUND"
    own = await client.get(f"/relations/{row}", headers=world.h("admin"))
    assert own.status_code == 200
    members = [r for r in world.private if r != row]
    bob_reads = [
        (await client.get(f"/relations/{r}", headers=world.h("bob"))).status_code for r in members
    ]
    assert 200 in bob_reads


async def test_public_wiring_stays_readable(client: httpx.AsyncClient, world: World) -> None:
    for relation_id in (world.moderator, world.speaker):
        response = await client.get(f"/relations/{relation_id}", headers=world.h("carol"))
        assert response.status_code == 200, response.text
    seen, _ = await _ids(client, world, "carol")
    assert {world.moderator, world.speaker} <= seen


async def test_activities_by_relation_follow_the_same_rule(
    client: httpx.AsyncClient, world: World
) -> None:
    """An organizer-made relation from a private room to a session: the session is the room's
    business, so Carol's activities-by-relation query on the room finds nothing."""
    chat, session_id = world.chat, world.session_id
    made = await client.post(
        "/relations",
        json={
            "EventID": chat.event.id,
            "ParentType": "Chatroom",
            "ParentID": chat.direct_id,
            "RelationType": "Agenda",
            "ChildType": "Session",
            "ChildID": session_id,
        },
        headers=world.h("admin"),
    )
    assert made.status_code == 201, made.text

    async def found(who: str) -> list[str]:
        response = await client.get(
            f"/events/{chat.event.id}/activities/activitiesbyrelation",
            params={"ParentID": chat.direct_id},
            headers=bearer(chat.tokens[who]),
        )
        assert response.status_code == 200, response.text
        return [row["ID"] for row in response.json()]

    assert await found("carol") == []
    assert await found("alice") == [session_id]
    assert await found("admin") == [session_id]
