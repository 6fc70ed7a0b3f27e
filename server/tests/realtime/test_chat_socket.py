"""Chat through the gateway: real sockets of the Python client against a live server.

Two attendees chat in a direct room, the NOTIFY carries the TmpID and comes after the commit,
resends are idempotent, delete and read receipts reach both, room creation reuses the pair's
room and subscribes both sockets, and refusals come back as the protocol's error frames with
nothing stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from tests.factories import grant_admin, make_person, token_for
from tests.realtime.live import Attendee, LiveServer, attendee, wait_until
from venuely.admins.models import AdminType
from venuely.chat.models import ChatMessage, Chatroom
from venuely.chat.service import create_direct_room, ensure_broadcast_room
from venuely.client import RealtimeSocket
from venuely.core.services import Services
from venuely.realtime.opcodes import Opcode


@dataclass
class Pair:
    ada: Attendee
    bob: Attendee
    carol: Attendee
    room_id: str  # ada and bob's direct room
    broadcast_id: str
    sockets: dict[str, RealtimeSocket]

    async def close(self) -> None:
        for socket in self.sockets.values():
            await socket.close()


async def _pair(live: LiveServer) -> Pair:
    services = live.services
    ada = await attendee(services)
    bob = await attendee(services, ada.event)
    carol = await attendee(services, ada.event)
    async with services.db.session() as session:
        broadcast = await ensure_broadcast_room(session, ada.event.id, services.clock.now())
        room, _ = await create_direct_room(
            session,
            services,
            event=ada.event,
            inviter_id=ada.person.id,
            invitee_id=bob.person.id,
            tmp_id="setup",
        )
    sockets: dict[str, RealtimeSocket] = {}
    for name, who in (("ada", ada), ("bob", bob), ("carol", carol)):
        sockets[name] = await live.socket(who.token)
        await _connected(live, who.person.id)
    return Pair(ada, bob, carol, room.ID, broadcast.id, sockets)


async def _connected(live: LiveServer, person_id: str) -> None:
    await wait_until(lambda: bool(live.hub.connections_of(person_id)), "connected")


async def _rows(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(ChatMessage)) or 0)


async def _quiet(socket: RealtimeSocket) -> None:
    """Nothing was queued for this socket: frames arrive in order, so a PONG comes first."""
    await socket.ping("mark")
    frame = await socket.recv()
    assert (frame.opcode, frame.value) == (Opcode.PONG, "mark")


async def test_two_attendees_chat_and_the_notify_carries_the_tmp_id(live: LiveServer) -> None:
    pair = await _pair(live)
    ada, bob = pair.sockets["ada"], pair.sockets["bob"]
    tmp = await ada.send_message(pair.room_id, "Hello Bob")
    for socket in (ada, bob):
        frame = await socket.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
        assert frame.value["TmpID"] == tmp
        assert frame.value["Text"] == "Hello Bob"
        assert frame.value["ReceiverIDs"] == [pair.bob.person.id]
    assert await _rows(live.services) == 1  # committed before it was announced
    await _quiet(pair.sockets["carol"])  # not in the room
    await pair.close()


async def test_broadcast_reaches_everyone_in_the_event(live: LiveServer) -> None:
    pair = await _pair(live)
    await pair.sockets["carol"].send_message(pair.broadcast_id, "hi all")
    for socket in pair.sockets.values():
        frame = await socket.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
        assert (frame.value["ChatroomID"], frame.value["ReceiverIDs"]) == (pair.broadcast_id, [])
    await pair.close()


async def test_resending_a_tmp_id_answers_the_sender_only(live: LiveServer) -> None:
    pair = await _pair(live)
    ada, bob = pair.sockets["ada"], pair.sockets["bob"]
    tmp = await ada.send_message(pair.room_id, "once")
    first = await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    await bob.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    await ada.send_message(pair.room_id, "once", tmp_id=tmp)
    again = await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    assert again.value == first.value
    await _quiet(bob)
    assert await _rows(live.services) == 1
    await pair.close()


async def test_delete_and_read_receipts_reach_both(live: LiveServer) -> None:
    pair = await _pair(live)
    ada, bob = pair.sockets["ada"], pair.sockets["bob"]
    await ada.send_message(pair.room_id, "read me")
    message_id = (await bob.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)).value["ID"]
    await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    await bob.mark_read(pair.room_id, message_id)
    for socket in (ada, bob):
        read = await socket.wait_for(Opcode.CHAT_MESSAGE_READ_NOTIFY)
        assert (read.value["PersonID"], read.value["LastReadChatMessageID"]) == (
            pair.bob.person.id,
            message_id,
        )
    await ada.delete_message(pair.room_id, message_id)
    for socket in (ada, bob):
        deleted = await socket.wait_for(Opcode.CHAT_MESSAGE_DELETE_NOTIFY)
        assert deleted.value == {
            "ID": message_id,
            "DeleterID": pair.ada.person.id,
            "ReceiverIDs": [pair.bob.person.id],
            "ChatroomID": pair.room_id,
        }
    for socket in (ada, bob):
        await _quiet(socket)  # once each, the deleter too
    await ada.edit_message(pair.room_id, message_id, "undelete?")
    error = await ada.wait_for(Opcode.CHAT_MESSAGE_EDIT_ERROR)
    assert error.value["Error"]["Code"] == "MESSAGE_NOT_FOUND"
    assert error.value["Error"]["Data"]["ID"] == message_id
    await pair.close()


async def test_an_admin_moderating_outside_the_room_hears_the_delete_too(
    live: LiveServer,
) -> None:
    pair = await _pair(live)
    ada, bob = pair.sockets["ada"], pair.sockets["bob"]
    admin = await make_person(live.services)
    await grant_admin(
        live.services,
        admin,
        AdminType.EVENT,
        event_id=pair.ada.event.id,
        customer_id=pair.ada.event.customer_id,
    )
    async with live.client() as api:
        ticket = await api.ticket(await token_for(live.services, admin), pair.ada.event.id)
        moderator = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
    await _connected(live, admin.id)
    await ada.send_message(pair.room_id, "out of line")
    message_id = (await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)).value["ID"]
    await bob.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    await _quiet(moderator)  # not a member: the send did not reach it
    await moderator.delete_message(pair.room_id, message_id)
    for socket in (moderator, ada, bob):
        deleted = await socket.wait_for(Opcode.CHAT_MESSAGE_DELETE_NOTIFY)
        assert (deleted.value["ID"], deleted.value["DeleterID"]) == (message_id, admin.id)
        await _quiet(socket)  # exactly once each
    await moderator.close()
    await pair.close()


async def test_edit_reaches_the_room_and_only_the_author_may(live: LiveServer) -> None:
    pair = await _pair(live)
    ada, bob = pair.sockets["ada"], pair.sockets["bob"]
    await ada.send_message(pair.room_id, "tpyo")
    message_id = (await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)).value["ID"]
    await bob.edit_message(pair.room_id, message_id, "hijacked")
    refused = await bob.wait_for(Opcode.CHAT_MESSAGE_EDIT_ERROR)
    assert refused.value["Error"]["Code"] == "FORBIDDEN"
    await ada.edit_message(pair.room_id, message_id, "typo")
    for socket in (ada, bob):
        frame = await socket.wait_for(Opcode.CHAT_MESSAGE_EDIT_NOTIFY)
        assert (frame.value["ID"], frame.value["Text"]) == (message_id, "typo")
    await pair.close()


async def test_direct_room_creation_subscribes_both_and_is_reused(live: LiveServer) -> None:
    pair = await _pair(live)
    ada, carol = pair.sockets["ada"], pair.sockets["carol"]
    tmp = await ada.create_direct_room(pair.ada.event.id, pair.carol.person.id)
    notices = [await s.wait_for(Opcode.CHATROOM_CREATE_NOTIFY) for s in (ada, carol)]
    assert notices[0].value == notices[1].value
    notice = notices[0].value
    assert (notice["TmpID"], notice["InviterID"], notice["InviteeID"]) == (
        tmp,
        pair.ada.person.id,
        pair.carol.person.id,
    )
    room_id = notice["ChatroomModel"]["ID"]
    assert notice["ChatroomModel"]["IsPrivate"] is True
    await carol.send_message(room_id, "hi Ada")  # carol's socket listens on the new room
    assert (await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)).value["ChatroomID"] == room_id
    await carol.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    await carol.create_direct_room(pair.ada.event.id, pair.ada.person.id)
    again = await carol.wait_for(Opcode.CHATROOM_CREATE_NOTIFY)
    assert again.value["ChatroomModel"]["ID"] == room_id
    await _quiet(ada)  # asking again tells the asker only
    async with live.services.db.session() as session:
        rooms = await session.scalar(select(func.count()).select_from(Chatroom))
    assert rooms == 3  # broadcast, ada-bob, ada-carol
    await pair.close()


async def test_group_room_creation(live: LiveServer) -> None:
    pair = await _pair(live)
    ada, bob, carol = (pair.sockets[n] for n in ("ada", "bob", "carol"))
    await ada.create_group_room(
        pair.ada.event.id, "Trio", [pair.bob.person.id, pair.carol.person.id]
    )
    notices = [await s.wait_for(Opcode.CHATROOM_CREATE_NOTIFY) for s in (ada, bob, carol)]
    model = notices[0].value["ChatroomModel"]
    assert (model["Title"], model["Type"], notices[0].value["InviteeID"]) == ("Trio", "group", None)
    await bob.send_message(model["ID"], "hello trio")
    for socket in (ada, bob, carol):
        await socket.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    await pair.close()


async def test_refusals_are_error_frames_and_store_nothing(live: LiveServer) -> None:
    pair = await _pair(live)
    carol = pair.sockets["carol"]
    tmp = await carol.send_message(pair.room_id, "let me in")
    error = (await carol.wait_for(Opcode.CHAT_MESSAGE_SEND_ERROR)).value["Error"]
    assert error["Code"] == "NOT_A_MEMBER"
    assert error["Data"] == {"TmpID": tmp, "ChatroomID": pair.room_id}
    tmp = await carol.send_message(pair.broadcast_id, "x" * 4001)
    error = (await carol.wait_for(Opcode.CHAT_MESSAGE_SEND_ERROR)).value["Error"]
    assert (error["Code"], error["Data"]["MaxLength"], error["Data"]["TmpID"]) == (
        "TEXT_TOO_LONG",
        4000,
        tmp,
    )
    await carol.send_json(Opcode.CHAT_MESSAGE_SEND, {"TmpID": "t1", "Text": "where?"})
    error = (await carol.wait_for(Opcode.CHAT_MESSAGE_SEND_ERROR)).value["Error"]
    assert (error["Code"], error["Data"]["Parameters"]) == ("MISSING_PARAMETER", ["ChatroomID"])
    await carol.mark_read(pair.room_id, "0" * 24)
    error = (await carol.wait_for(Opcode.ERROR)).value["Error"]
    assert error["Code"] == "NOT_A_MEMBER"
    assert error["Data"]["Opcode"] == int(Opcode.CHAT_MESSAGE_READ)
    await carol.create_direct_room(pair.ada.event.id, pair.carol.person.id)
    error = (await carol.wait_for(Opcode.CHATROOM_CREATE_ERROR)).value["Error"]
    assert error["Code"] == "CANNOT_INVITE_SELF"
    await carol.create_direct_room("f" * 24, pair.ada.person.id)
    error = (await carol.wait_for(Opcode.CHATROOM_CREATE_ERROR)).value["Error"]
    assert error["Code"] == "FORBIDDEN"
    assert await _rows(live.services) == 0
    await pair.close()


async def test_send_rate_limit_answers_with_the_wait(live: LiveServer) -> None:
    pair = await _pair(live)
    ada = pair.sockets["ada"]
    for i in range(10):
        await ada.send_message(pair.broadcast_id, f"burst {i}")
        await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    tmp = await ada.send_message(pair.broadcast_id, "one too many")
    error = (await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_ERROR)).value["Error"]
    assert (error["Code"], error["Data"]["TmpID"]) == ("RATE_LIMITED", tmp)
    assert error["Data"]["RetryAfterMs"] > 0
    assert await _rows(live.services) == 10
    await pair.close()


async def test_messages_missed_while_away_are_fetched_after_the_last_id(live: LiveServer) -> None:
    pair = await _pair(live)
    ada, bob = pair.sockets["ada"], pair.sockets["bob"]
    await ada.send_message(pair.room_id, "before")
    last_seen = (await bob.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)).value["ID"]
    await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    await bob.close()
    sent = []
    for i in range(3):
        tmp = await ada.send_message(pair.room_id, f"while away {i}")
        frame = await ada.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
        assert frame.value["TmpID"] == tmp
        sent.append(frame.value["ID"])
    async with live.client() as api:
        missed = await api.http.get(
            f"/events/{pair.ada.event.id}/lists/chatmessageschronologically",
            params={"ChatroomID": pair.room_id, "StartID": last_seen, "IsAscending": True},
            headers={"Authorization": f"Bearer {pair.bob.token}"},
        )
    assert [m["ID"] for m in missed.json()] == sent  # none lost, none repeated, in order
    await pair.close()
