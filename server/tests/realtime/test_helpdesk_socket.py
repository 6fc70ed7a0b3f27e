"""The help desk over real sockets against a live server: HELPDESK_TICKET_NOTIFY reaching the
requester and every agent (the event's admin, connected before, and a named agent, whose open
socket joins the channel when they are named and leaves it when they are removed), nobody else;
the conversation's messages reaching the assignee once they claimed; a message into a closed
ticket refused on the socket with nothing stored; a CHATROOM_CREATE that cannot make a support
room."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from tests.realtime.interaction_support import Stage, settle, stage
from tests.realtime.live import LiveServer, wait_until
from venuely.chat.models import ChatMessage, Chatroom
from venuely.client import RealtimeSocket
from venuely.realtime.codec import Frame
from venuely.realtime.opcodes import Opcode


async def _open(s: Stage, who: str, topic: str = "No sound in the keynote") -> dict[str, Any]:
    body = {"Topic": topic, "Text": "I hear nothing", "TmpID": f"{who}-{topic}"}
    response = await s.call("POST", "/helpdesk/tickets", who=who, body=body)
    assert response.status_code == 201, response.text
    ticket: dict[str, Any] = response.json()
    return ticket


async def _notice(socket: RealtimeSocket, ticket_id: str, state: str) -> dict[str, Any]:
    def about(frame: Frame) -> bool:
        return bool(frame.value["ID"] == ticket_id and frame.value["State"] == state)

    frame = await socket.wait_for(Opcode.HELPDESK_TICKET_NOTIFY, about)
    payload: dict[str, Any] = frame.value
    return payload


def _opcodes(frames: list[Frame]) -> set[Opcode]:
    return {frame.opcode for frame in frames}


async def test_ticket_notices_reach_the_requester_and_the_agents(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob", "sam")
    try:
        sam = s.people["sam"].person.id
        named = await s.call("PUT", f"/helpdesk/agents/{sam}")
        assert named.status_code == 200, named.text
        ticket = await _open(s, "ada")
        # The requester's sockets joined the room first: they hear their own first message, then
        # the ticket.
        told = [
            f
            for f in await settle(s.sockets["ada"])
            if f.opcode in (Opcode.CHAT_MESSAGE_SEND_NOTIFY, Opcode.HELPDESK_TICKET_NOTIFY)
        ]
        assert [f.opcode for f in told] == [
            Opcode.CHAT_MESSAGE_SEND_NOTIFY,
            Opcode.HELPDESK_TICKET_NOTIFY,
        ]
        assert told[0].value["ChatroomID"] == ticket["ChatroomID"]
        assert told[1].value == ticket
        for who in ("sam", "admin"):
            seen = await _notice(s.sockets[who], ticket["ID"], "new")
            assert seen == ticket, who
        # Another attendee hears nothing of it.
        assert not _opcodes(await settle(s.sockets["bob"])) & {
            Opcode.HELPDESK_TICKET_NOTIFY,
            Opcode.CHAT_MESSAGE_SEND_NOTIFY,
        }
    finally:
        await s.close()


async def test_the_assignee_hears_the_conversation_after_claiming(live: LiveServer) -> None:
    s = await stage(live, "ada", "sam")
    try:
        sam = s.people["sam"].person.id
        await s.call("PUT", f"/helpdesk/agents/{sam}")
        ticket = await _open(s, "ada")
        chat = ticket["ChatroomID"]
        claimed = await s.call("POST", f"/helpdesk/tickets/{ticket['ID']}/claim", who="sam")
        assert claimed.status_code == 200, claimed.text
        await _notice(s.sockets["ada"], ticket["ID"], "open")
        # The requester writes over the socket: the assignee's socket gets the message.
        tmp = await s.sockets["ada"].send_message(chat, "Still silent")
        heard = await s.sockets["sam"].wait_for(
            Opcode.CHAT_MESSAGE_SEND_NOTIFY, lambda f: f.value["TmpID"] == tmp
        )
        assert heard.value["Text"] == "Still silent"
        # An admin who has not claimed learns that the ticket moved, not the message itself.
        moved = await s.sockets["admin"].wait_for(
            Opcode.HELPDESK_TICKET_NOTIFY, lambda f: f.value["MessageCount"] == 2
        )
        assert moved.value["LastMessageBy"] == "requester"
        assert Opcode.CHAT_MESSAGE_SEND_NOTIFY not in _opcodes(await settle(s.sockets["admin"]))
        # The assignee answers over the socket: the requester hears it, the ticket is waiting.
        tmp = await s.sockets["sam"].send_message(chat, "Click the speaker icon")
        answer = await s.sockets["ada"].wait_for(
            Opcode.CHAT_MESSAGE_SEND_NOTIFY, lambda f: f.value["TmpID"] == tmp
        )
        assert answer.value["SenderID"] == sam
        waiting = await _notice(s.sockets["ada"], ticket["ID"], "waiting")
        assert waiting["FirstResponseAt"] is not None
    finally:
        await s.close()


async def test_a_closed_conversation_refuses_messages_on_the_socket(live: LiveServer) -> None:
    s = await stage(live, "ada")
    try:
        ticket = await _open(s, "ada")
        closed = await s.call("POST", f"/helpdesk/tickets/{ticket['ID']}/close", who="ada")
        assert closed.json()["State"] == "closed"
        tmp = await s.sockets["ada"].send_message(ticket["ChatroomID"], "Hello?")
        refused = await s.sockets["ada"].wait_for(Opcode.CHAT_MESSAGE_SEND_ERROR)
        assert refused.value["Error"]["Code"] == "HELPDESK_TICKET_CLOSED"
        assert refused.value["Error"]["Data"] == {
            "TicketID": ticket["ID"],
            "TmpID": tmp,
            "ChatroomID": ticket["ChatroomID"],
        }
        async with live.services.db.session() as session:
            stored = await session.scalar(
                select(func.count()).where(ChatMessage.chatroom_id == ticket["ChatroomID"])
            )
        assert stored == 1
    finally:
        await s.close()


async def test_naming_and_removing_an_agent_moves_their_open_sockets(live: LiveServer) -> None:
    s = await stage(live, "ada", "sam")
    try:
        sam = s.people["sam"].person.id
        first = await _open(s, "ada", "Before")
        await _notice(s.sockets["admin"], first["ID"], "new")
        assert Opcode.HELPDESK_TICKET_NOTIFY not in _opcodes(await settle(s.sockets["sam"]))
        await s.call("PUT", f"/helpdesk/agents/{sam}")
        second = await _open(s, "ada", "While named")
        await _notice(s.sockets["sam"], second["ID"], "new")
        # A socket opened later joins the channel at connect.
        later = await live.socket(s.people["sam"].token)
        await wait_until(lambda: len(live.hub.connections_of(sam)) == 2, "second socket")
        await s.call("POST", f"/helpdesk/tickets/{second['ID']}/close", who="ada")
        await _notice(later, second["ID"], "closed")
        await s.call("DELETE", f"/helpdesk/agents/{sam}")
        third = await _open(s, "ada", "After")
        await _notice(s.sockets["ada"], third["ID"], "new")
        for socket in (s.sockets["sam"], later):
            frames = await settle(socket)
            assert third["ID"] not in {
                f.value.get("ID") for f in frames if isinstance(f.value, dict)
            }
        await later.close()
    finally:
        await s.close()


async def test_chatroom_create_never_makes_a_support_room(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob")
    try:
        bob = s.people["bob"].person.id
        # A client naming the kind is still making a group: CHATROOM_CREATE has no way to make
        # a room of a kind another feature owns.
        await s.sockets["ada"].send_json(
            Opcode.CHATROOM_CREATE,
            {
                "TmpID": "sneaky",
                "EventID": s.event_id,
                "Title": "support:0",
                "MemberIDs": [bob],
                "Type": "support",
            },
        )
        made = await s.sockets["ada"].wait_for(Opcode.CHATROOM_CREATE_NOTIFY)
        assert made.value["ChatroomModel"]["Type"] == "group"
        async with live.services.db.session() as session:
            kinds = set((await session.scalars(select(Chatroom.kind))).all())
        assert "support" not in kinds
    finally:
        await s.close()
