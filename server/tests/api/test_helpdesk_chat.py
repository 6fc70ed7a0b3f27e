"""A ticket's conversation in chat: a support room belongs to the help desk, so chat's room and
relation routes neither make it, wire members into it, nor delete it; its membership stays
private to its members; its requester finds it among their rooms; chat itself keeps the room
kinds other features own apart from its own (chat/kinds.py)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from tests.api.helpdesk_support import Desk, desk
from venuely.chat.kinds import RoomKindRules, register_room_kind, rules_of
from venuely.chat.models import ChatroomKind
from venuely.relations.models import Relation

__all__ = ["desk"]


def _relation(desk: Desk, parent_id: str, kind: str, child_id: str) -> dict[str, Any]:
    return {
        "EventID": desk.event.id,
        "ParentType": "Chatroom",
        "ParentID": parent_id,
        "RelationType": kind,
        "ChildType": "Person",
        "ChildID": child_id,
    }


async def _relations(desk: Desk) -> int:
    async with desk.services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(Relation)) or 0)


async def test_nobody_wires_members_into_a_support_room_through_relations(desk: Desk) -> None:
    ticket = await desk.open("ada")
    before = await _relations(desk)
    for kind in ("ChatroomAttendee", "Moderator", "ChatroomAdmin"):
        body = _relation(desk, ticket["ChatroomID"], kind, desk.id("bob"))
        refused = await desk.client.post("/relations", json=body, headers=desk.h("olivia"))
        assert refused.status_code == 409, refused.text
        assert refused.json()["Error"]["Code"] == "CONFLICT"
        assert refused.json()["Error"]["Data"] == {
            "ChatroomID": ticket["ChatroomID"],
            "Type": "support",
        }
    assert await _relations(desk) == before
    assert (await desk.messages(ticket, "bob")).status_code == 404
    # Nor by moving an existing relation onto it.
    listed = await desk.client.get(
        "/relations",
        params={"EventID": desk.event.id, "ParentID": ticket["ChatroomID"]},
        headers=desk.h("olivia"),
    )
    [membership] = listed.json()
    moved = await desk.client.put(
        f"/relations/{membership['ID']}",
        json=_relation(desk, ticket["ChatroomID"], "ChatroomAttendee", desk.id("bob")),
        headers=desk.h("olivia"),
    )
    assert moved.status_code == 409
    assert (await desk.messages(ticket, "bob")).status_code == 404


async def test_a_support_room_is_not_deleted_through_chat(desk: Desk) -> None:
    ticket = await desk.open("ada")
    url = f"/events/{desk.event.id}/activities/chatrooms/{ticket['ChatroomID']}"
    refused = await desk.client.delete(url, headers=desk.h("olivia"))
    assert refused.status_code == 409
    assert refused.json()["Error"]["Code"] == "CONFLICT"
    # Its requester is no room admin: the usual refusal comes first.
    assert (await desk.client.delete(url, headers=desk.h("ada"))).status_code == 403
    assert (await desk.ticket(ticket))["State"] == "new"
    assert (await desk.client.get(url, headers=desk.h("ada"))).status_code == 200


async def test_the_requester_finds_the_room_and_its_membership_stays_private(desk: Desk) -> None:
    ticket = await desk.open("ada")
    await desk.act(ticket, "claim", "sam")
    rooms = await desk.client.get(
        f"/events/{desk.event.id}/activities/chatrooms/attendees/{desk.id('ada')}",
        headers=desk.h("ada"),
    )
    support = [r for r in rooms.json() if r["Type"] == "support"]
    assert [r["ID"] for r in support] == [ticket["ChatroomID"]]
    assert support[0]["AttendeeIDs"] == sorted([desk.id("ada"), desk.id("sam")])
    # Who talks to the help desk is nobody else's business; who the agents are is public.
    params = {"EventID": desk.event.id}
    seen = await desk.client.get("/relations", params=params, headers=desk.h("bob"))
    assert ticket["ChatroomID"] not in seen.text
    assert {(r["RelationType"], r["ChildID"]) for r in seen.json()} == {
        ("HelpdeskAgent", desk.id("sam"))
    }
    members = f"/events/{desk.event.id}/relations/chatrooms/{ticket['ChatroomID']}/attendees/ids"
    assert (await desk.client.get(members, headers=desk.h("bob"))).status_code == 404
    assert (await desk.client.get(members, headers=desk.h("ada"))).json() == sorted(
        [desk.id("ada"), desk.id("sam")]
    )


async def test_an_agent_outside_the_room_reads_but_keeps_no_read_status(desk: Desk) -> None:
    ticket = await desk.open("ada")
    base = f"/events/{desk.event.id}/chat-rooms/{ticket['ChatroomID']}"
    count = await desk.client.get(f"{base}/chat-messages/count", headers=desk.h("sam"))
    assert count.json() == {"Count": 1}
    status = await desk.client.get(
        f"{base}/chatpersonstatus", params={"PersonID": desk.id("sam")}, headers=desk.h("sam")
    )
    assert status.status_code == 404  # NOT_A_MEMBER over REST: one's own status needs membership


def test_chats_own_kinds_cannot_be_taken_over() -> None:
    for kind in (ChatroomKind.BROADCAST, ChatroomKind.DIRECT, ChatroomKind.GROUP):
        with pytest.raises(ValueError, match="chat's own"):
            register_room_kind(kind, RoomKindRules())
        assert rules_of(kind.value).owned is False
    # A kind whose feature never registered is still not chat's to manage.
    assert rules_of("someone-elses").owned is True
    assert rules_of(ChatroomKind.SUPPORT.value).may_read is not None
