"""Opening a help desk ticket and what its requester sees: the ticket with its first message in
its support room, the retry that finds it again, the limit of open tickets, bad input refused
with nothing stored, and a requester who reaches only their own tickets (another person's is the
same 404 as a missing one, another event's too)."""

from __future__ import annotations

import asyncio

from sqlalchemy import select

from tests.api.chat_support import tmp_id
from tests.api.helpdesk_support import Desk, desk
from venuely.chat.models import Chatroom
from venuely.chat.ratelimit import BURST
from venuely.core.ids import new_id
from venuely.helpdesk.service import MAX_OPEN
from venuely.realtime.hub import person_channel
from venuely.realtime.opcodes import Opcode

__all__ = ["desk"]


async def test_opening_a_ticket_makes_its_room_and_first_message(desk: Desk) -> None:
    body = {"Topic": "  No sound in the keynote  ", "Text": "I hear nothing", "TmpID": "t-1"}
    response = await desk.call("POST", "/tickets", "ada", json=body)
    assert response.status_code == 201, response.text
    ticket = response.json()
    assert ticket["Topic"] == "No sound in the keynote"  # trimmed
    assert ticket["State"] == "new"
    assert ticket["EventID"] == desk.event.id
    assert ticket["Requester"] == {"ID": desk.id("ada"), "Name": "Ada Lovelace", "Picture": ""}
    assert ticket["Assignee"] is None
    assert (ticket["LastMessageBy"], ticket["MessageCount"], ticket["ReopenCount"]) == (
        "requester",
        1,
        0,
    )
    assert ticket["FirstResponseAt"] is None
    assert ticket["ClosedAt"] is None
    assert ticket["CreatedAt"] == ticket["LastMessageAt"]
    # The conversation is a private chat room of type support, the requester its one member.
    room = await desk.client.get(
        f"/events/{desk.event.id}/activities/chatrooms/{ticket['ChatroomID']}",
        headers=desk.h("ada"),
    )
    assert room.status_code == 200, room.text
    assert room.json()["Type"] == "support"
    assert room.json()["InternalName"] == f"support:{ticket['ID']}"
    assert room.json()["IsPrivate"] is True
    assert room.json()["Title"] == "No sound in the keynote"
    assert room.json()["AttendeeIDs"] == [desk.id("ada")]
    messages = (await desk.messages(ticket, "ada")).json()
    assert [(m["Text"], m["TmpID"], m["SenderID"]) for m in messages] == [
        ("I hear nothing", "t-1", desk.id("ada"))
    ]
    # The requester's sockets join the room, the room hears the message, the ticket is told.
    assert (f"room:{ticket['ChatroomID']}", desk.id("ada"), True) in desk.hub.members
    sent = desk.hub.of(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    assert [p.channel for p in sent] == [f"room:{ticket['ChatroomID']}"]
    notices = desk.notices()
    assert {p.channel for p in notices} == {
        person_channel(desk.id("ada")),
        f"helpdesk:{desk.event.id}",
    }
    assert all(p.payload == ticket for p in notices)


async def test_a_retry_with_the_same_tmp_id_answers_the_same_ticket(desk: Desk) -> None:
    body = {"Topic": "Lost my badge", "Text": "Where can I get a new one?", "TmpID": "retry-1"}
    first = await desk.call("POST", "/tickets", "ada", json=body)
    again = await desk.call("POST", "/tickets", "ada", json=body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["ID"] == first.json()["ID"]
    assert await desk.stored_tickets() == 1
    assert await desk.stored_messages(first.json()["ChatroomID"]) == 1
    # Another person may use the same TmpID for a ticket of their own.
    other = await desk.call("POST", "/tickets", "bob", json=body)
    assert other.status_code == 201
    assert other.json()["ID"] != first.json()["ID"]


async def test_bad_input_is_refused_and_stores_nothing(desk: Desk) -> None:
    cases = [
        ({"Topic": "", "Text": "hi", "TmpID": "b-1"}, 422, "VALIDATION_ERROR"),
        ({"Topic": "   ", "Text": "hi", "TmpID": "b-2"}, 422, "VALIDATION_ERROR"),
        ({"Topic": "x" * 121, "Text": "hi", "TmpID": "b-3"}, 422, "VALIDATION_ERROR"),
        ({"Topic": "Help", "Text": "   ", "TmpID": "b-4"}, 422, "TEXT_EMPTY"),
        ({"Topic": "Help", "Text": "x" * 4001, "TmpID": "b-5"}, 422, "TEXT_TOO_LONG"),
        ({"Topic": "Help", "Text": "hi"}, 422, "MISSING_PARAMETER"),
        ({"Topic": "Help", "Text": "hi", "TmpID": "b-6", "State": "open"}, 422, "VALIDATION_ERROR"),
        ({"Topic": 7, "Text": "hi", "TmpID": "b-7"}, 422, "VALIDATION_ERROR"),
    ]
    for body, status, code in cases:
        response = await desk.call("POST", "/tickets", "ada", json=body)
        assert (response.status_code, response.json()["Error"]["Code"]) == (status, code), body
    topic = await desk.call("POST", "/tickets", "ada", json=cases[0][0])
    assert "Topic" in str(topic.json()["Error"]["Data"])
    assert await desk.stored_tickets() == 0
    async with desk.services.db.session() as session:
        assert (await session.scalars(select(Chatroom.id))).all() == []
    assert desk.hub.published == []
    # A topic of exactly 120 characters is fine.
    assert (await desk.open(topic="y" * 120))["Topic"] == "y" * 120


async def test_a_tmp_id_used_for_a_chat_message_cannot_open_a_ticket(desk: Desk) -> None:
    first = await desk.open("ada")
    said = await desk.client.post(
        f"/events/{desk.event.id}/chat-rooms/{first['ChatroomID']}/chat-messages",
        json={"TmpID": "used-once", "Text": "follow-up"},
        headers=desk.h("ada"),
    )
    assert said.status_code == 201, said.text
    clash = await desk.call(
        "POST", "/tickets", "ada", json={"Topic": "Second", "Text": "x", "TmpID": "used-once"}
    )
    assert clash.status_code == 422
    assert clash.json()["Error"]["Code"] == "VALIDATION_ERROR"
    assert await desk.stored_tickets() == 1


async def test_at_most_five_tickets_open_per_person(desk: Desk) -> None:
    opened = [await desk.open("ada", topic=f"Question {n}") for n in range(MAX_OPEN)]
    sixth = await desk.call(
        "POST", "/tickets", "ada", json={"Topic": "One more", "Text": "hi", "TmpID": tmp_id()}
    )
    assert sixth.status_code == 409
    assert sixth.json()["Error"]["Code"] == "HELPDESK_TOO_MANY_OPEN"
    assert sixth.json()["Error"]["Data"] == {"MaxOpen": MAX_OPEN}
    assert await desk.stored_tickets() == MAX_OPEN
    # Others are not limited by ada's tickets; closing one lets ada ask again.
    await desk.open("bob")
    assert (await desk.act(opened[0], "close", "ada")).status_code == 200
    await desk.open("ada", topic="Now it fits")
    # Reopening the closed one would make six: the requester may not, an agent may.
    refused = await desk.act(opened[0], "reopen", "ada")
    assert refused.status_code == 409
    assert refused.json()["Error"]["Code"] == "HELPDESK_TOO_MANY_OPEN"
    assert (await desk.ticket(opened[0]))["State"] == "closed"
    assert (await desk.act(opened[0], "reopen", "sam")).json()["State"] == "new"


async def test_a_requester_sees_only_their_own_tickets(desk: Desk) -> None:
    ada_first = await desk.open("ada", topic="First")
    ada_second = await desk.open("ada", topic="Second")
    bobs = await desk.open("bob", topic="Bob's question")
    mine = await desk.call("GET", "/tickets/mine", "ada")
    assert mine.status_code == 200
    assert [t["ID"] for t in mine.json()] == [ada_second["ID"], ada_first["ID"]]
    assert [t["ID"] for t in (await desk.call("GET", "/tickets/mine", "bob")).json()] == [
        bobs["ID"]
    ]
    assert (await desk.call("GET", "/tickets/mine", "sam")).json() == []
    # Bob's ticket is as unknown to ada as one that does not exist.
    for ticket_id in (bobs["ID"], new_id()):
        for suffix, method in (("", "GET"), ("/close", "POST"), ("/reopen", "POST")):
            response = await desk.call(method, f"/tickets/{ticket_id}{suffix}", "ada")
            assert response.status_code == 404, (suffix, response.text)
            assert response.json()["Error"] == {
                "Code": "HELPDESK_TICKET_NOT_FOUND",
                "Message": "No such help desk ticket in this event",
                "Data": {"TicketID": ticket_id},
            }
    # And so is its conversation: chat answers as for any room one is not in.
    for response in (await desk.messages(bobs, "ada"), await desk.say(bobs, "ada")):
        assert response.status_code == 404
        assert response.json()["Error"]["Code"] == "CHATROOM_NOT_FOUND"
    assert await desk.stored_messages(bobs["ChatroomID"]) == 1
    assert (await desk.ticket(bobs))["State"] == "new"


async def test_tickets_of_another_event_are_not_found(desk: Desk) -> None:
    response = await desk.call(
        "POST",
        "/tickets",
        "eve",
        event=desk.other_event,
        json={"Topic": "Elsewhere", "Text": "hi", "TmpID": tmp_id()},
    )
    assert response.status_code == 201, response.text
    eves = response.json()
    # Named through event A's path, even by A's organizer and agent: 404.
    for who in ("olivia", "sam"):
        for suffix, method in (("", "GET"), ("/claim", "POST"), ("/close", "POST")):
            found = await desk.call(method, f"/tickets/{eves['ID']}{suffix}", who)
            assert found.status_code == 404, (who, suffix)
            assert found.json()["Error"]["Code"] == "HELPDESK_TICKET_NOT_FOUND"
    # Event B's queue is not A's agent's business, nor A's attendee's to open tickets in.
    assert (await desk.call("GET", "/queue", "sam", event=desk.other_event)).status_code == 403
    other = await desk.call(
        "POST",
        "/tickets",
        "ada",
        event=desk.other_event,
        json={"Topic": "x", "Text": "y", "TmpID": tmp_id()},
    )
    assert other.status_code == 403
    assert (await desk.ticket(eves, "oscar"))["State"] == "new"


async def test_malformed_ids_and_unknown_events(desk: Desk) -> None:
    assert (await desk.call("GET", "/tickets/not-an-id", "ada")).status_code == 422
    unknown = f"/events/{new_id()}/helpdesk/tickets/mine"
    response = await desk.client.get(unknown, headers=desk.h("olivia"))
    assert response.status_code == 404
    assert response.json()["Error"]["Code"] == "EVENT_NOT_FOUND"
    anonymous = await desk.client.get(desk.url("/tickets/mine"))
    assert anonymous.status_code == 401


async def test_opening_shares_the_chat_send_limit(desk: Desk) -> None:
    ticket = await desk.open("ada")  # one send of the burst
    for n in range(BURST - 1):
        assert (await desk.say(ticket, "ada", f"more {n}")).status_code == 201
    refused = await desk.call(
        "POST", "/tickets", "ada", json={"Topic": "Again", "Text": "hi", "TmpID": tmp_id()}
    )
    assert refused.status_code == 429
    assert refused.json()["Error"]["Code"] == "RATE_LIMITED"
    assert "Retry-After" in refused.headers
    assert await desk.stored_tickets() == 1


async def test_openings_at_the_same_moment_keep_the_limit_and_the_tmp_id(desk: Desk) -> None:
    async def ask(tmp: str) -> int:
        body = {"Topic": "At once", "Text": "hi", "TmpID": tmp}
        return (await desk.call("POST", "/tickets", "ada", json=body)).status_code

    twins = await asyncio.gather(ask("twin"), ask("twin"))
    assert sorted(twins) == [200, 201]
    assert await desk.stored_tickets() == 1
    statuses = await asyncio.gather(*(ask(f"many-{n}") for n in range(7)))
    assert sorted(statuses) == [201] * (MAX_OPEN - 1) + [409] * (7 - MAX_OPEN + 1)
    assert await desk.stored_tickets() == MAX_OPEN
