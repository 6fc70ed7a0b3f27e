"""Mutes and blocks over real sockets against a live server: a muted sender's messages do not
reach the muter's sockets (all of them, also one opened after the mute) but reach everyone
else's; unmuting restores them; CHAT_MUTES_NOTIFY reaches every socket of the muter; a block
refuses direct chats both ways, groups with the blocker, and sends into the direct room the
two had, with nothing stored."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from tests.realtime.interaction_support import Stage, settle, stage
from tests.realtime.live import LiveServer, wait_until
from venuely.chat.models import ChatMessage, Chatroom
from venuely.chat.service import create_direct_room, ensure_broadcast_room
from venuely.client import RealtimeSocket
from venuely.realtime.codec import Frame
from venuely.realtime.opcodes import Opcode


async def _broadcast(s: Stage) -> str:
    services = s.live.services
    async with services.db.session() as session:
        room = await ensure_broadcast_room(session, s.event_id, services.clock.now())
        await session.commit()
    return room.id


async def _mute(s: Stage, who: str, whom: str, *, blocked: bool = False) -> list[dict[str, Any]]:
    """Mute (or block) over REST and wait until the muter's socket has the new list."""
    whom_id = s.people[whom].person.id
    answer = await s.call("PUT", f"/chat-mutes/{whom_id}", who=who, body={"Blocked": blocked})
    assert answer.status_code == 200, answer.text
    return await _mutes_notice(s.sockets[who], whom_id, present=True)


async def _mutes_notice(
    socket: RealtimeSocket, person_id: str, *, present: bool
) -> list[dict[str, Any]]:
    def about(frame: Frame) -> bool:
        listed = {m["PersonID"] for m in frame.value["Mutes"]}
        return (person_id in listed) is present

    mutes: list[dict[str, Any]] = (await socket.wait_for(Opcode.CHAT_MUTES_NOTIFY, about)).value[
        "Mutes"
    ]
    return mutes


def _texts(frames: list[Frame]) -> list[str]:
    return [f.value["Text"] for f in frames if f.opcode is Opcode.CHAT_MESSAGE_SEND_NOTIFY]


async def test_a_muted_senders_messages_skip_the_muter_and_reach_the_others(
    live: LiveServer,
) -> None:
    s = await stage(live, "ada", "bob", "carol")
    try:
        room = await _broadcast(s)
        await _mute(s, "ada", "bob")
        await s.sockets["bob"].send_message(room, "from bob")
        for who in ("bob", "carol"):  # delivered to everyone it goes to...
            told = await s.sockets[who].wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
            assert told.value["Text"] == "from bob", who
        await s.sockets["carol"].send_message(room, "from carol")
        # ...so, frames arriving in order, bob's would reach ada before carol's.
        ada = s.sockets["ada"]
        first = await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
        assert first.value["Text"] == "from carol"
        # An edit of bob's message skips ada too.
        bob_message = await s.call("GET", f"/chat-rooms/{room}/chat-messages", who="carol")
        [bob_id] = [m["ID"] for m in bob_message.json() if m["Text"] == "from bob"]
        await s.sockets["bob"].edit_message(room, bob_id, "edited by bob")
        await s.sockets["carol"].wait_for(Opcode.CHAT_MESSAGE_EDIT_NOTIFY)
        assert all(f.opcode is not Opcode.CHAT_MESSAGE_EDIT_NOTIFY for f in await settle(ada))
        # Unmuted, bob is heard again.
        gone = await s.call("DELETE", f"/chat-mutes/{s.people['bob'].person.id}", who="ada")
        assert gone.status_code == 204
        assert await _mutes_notice(ada, s.people["bob"].person.id, present=False) == []
        await s.sockets["bob"].send_message(room, "bob again")
        assert (await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)).value["Text"] == "bob again"
    finally:
        await s.close()


async def test_the_list_reaches_the_muters_other_socket_and_filters_it(
    live: LiveServer,
) -> None:
    s = await stage(live, "ada", "bob")
    second = await live.socket(s.people["ada"].token)
    try:
        await wait_until(
            lambda: len(live.hub.connections_of(s.people["ada"].person.id)) == 2, "two sockets"
        )
        room = await _broadcast(s)
        listed = await _mute(s, "ada", "bob", blocked=True)
        on_second = await _mutes_notice(second, s.people["bob"].person.id, present=True)
        assert on_second == listed
        assert [(m["PersonID"], m["Blocked"]) for m in listed] == [
            (s.people["bob"].person.id, True)
        ]
        await s.sockets["bob"].send_message(room, "muted")
        await s.sockets["bob"].wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
        for socket in (s.sockets["ada"], second):
            assert _texts(await settle(socket)) == []
        # Another attendee's sockets are not told anything about ada's list.
        assert all(f.opcode is not Opcode.CHAT_MUTES_NOTIFY for f in await settle(s.sockets["bob"]))
    finally:
        await second.close()
        await s.close()


async def test_a_socket_opened_after_the_mute_starts_filtered(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob")
    try:
        room = await _broadcast(s)
        await _mute(s, "ada", "bob")
        await s.sockets["ada"].close()
        ada_id = s.people["ada"].person.id
        await wait_until(lambda: not live.hub.connections_of(ada_id), "ada's socket gone")
        fresh = await live.socket(s.people["ada"].token)
        s.sockets["ada"] = fresh
        await wait_until(lambda: bool(live.hub.connections_of(ada_id)), "ada back")
        [conn] = live.hub.connections_of(ada_id)
        assert conn.mutes == frozenset({s.people["bob"].person.id})
        assert live.hub.connections_of(s.people["bob"].person.id)[0].mutes is None
        await s.sockets["bob"].send_message(room, "not for ada")
        await s.sockets["bob"].wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
        assert _texts(await settle(fresh)) == []
    finally:
        await s.close()


async def _rows(s: Stage) -> tuple[int, int]:
    async with s.live.services.db.session() as session:
        rooms = await session.scalar(
            select(func.count()).select_from(Chatroom).where(Chatroom.kind != "broadcast")
        )
        messages = await session.scalar(select(func.count()).select_from(ChatMessage))
    return int(rooms or 0), int(messages or 0)


async def test_a_block_refuses_direct_chats_both_ways_and_groups(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob", "carol")
    try:
        await _mute(s, "ada", "bob", blocked=True)
        before = await _rows(s)
        ada_id, bob_id = s.people["ada"].person.id, s.people["bob"].person.id
        for who, other in (("ada", bob_id), ("bob", ada_id)):
            await s.sockets[who].create_direct_room(s.event_id, other)
            error = await s.sockets[who].wait_for(Opcode.CHATROOM_CREATE_ERROR)
            assert error.value["Error"]["Code"] == "CHAT_PERSON_BLOCKED", who
            assert error.value["Error"]["Message"] == "You cannot message this person"
            assert error.value["Error"]["Data"]["PersonID"] == other
        # bob may not bring ada, who blocked him, into a group; ada may bring bob.
        await s.sockets["bob"].create_group_room(
            s.event_id, "Team", [s.people["carol"].person.id, ada_id]
        )
        refused = await s.sockets["bob"].wait_for(Opcode.CHATROOM_CREATE_ERROR)
        assert refused.value["Error"]["Code"] == "CHAT_PERSON_BLOCKED"
        assert await _rows(s) == before
        await s.sockets["ada"].create_group_room(s.event_id, "Team", [bob_id])
        made = await s.sockets["ada"].wait_for(Opcode.CHATROOM_CREATE_NOTIFY)
        assert sorted(made.value["ChatroomModel"]["AttendeeIDs"]) == sorted([ada_id, bob_id])
    finally:
        await s.close()


async def test_a_block_refuses_sends_into_the_direct_room_they_had(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob")
    services = live.services
    ada_id, bob_id = s.people["ada"].person.id, s.people["bob"].person.id
    try:
        async with services.db.session() as session:
            room, _ = await create_direct_room(
                session,
                services,
                event=s.people["ada"].event,
                inviter_id=ada_id,
                invitee_id=bob_id,
                tmp_id="setup",
            )
            await session.commit()
        for who in ("ada", "bob"):
            await live.services.hub.add_member(f"room:{room.ID}", s.people[who].person.id)
        await _mute(s, "bob", "ada", blocked=True)
        before = await _rows(s)
        for who, other in (("ada", bob_id), ("bob", ada_id)):
            tmp = await s.sockets[who].send_message(room.ID, "still there?")
            error = await s.sockets[who].wait_for(Opcode.CHAT_MESSAGE_SEND_ERROR)
            assert error.value["Error"]["Code"] == "CHAT_PERSON_BLOCKED", who
            assert error.value["Error"]["Data"] == {
                "TmpID": tmp,
                "ChatroomID": room.ID,
                "PersonID": other,
            }
        assert await _rows(s) == before
    finally:
        await s.close()
