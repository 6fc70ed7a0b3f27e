"""Admin roles on the socket (admins/roles.py): moderating chat takes `moderation` there as over
REST. Each command reloads the caller's grants with its auth session (`check_event_member`), so
the role is checked without a query of its own.
"""

from __future__ import annotations

from tests.factories import grant_admin, make_person, token_for
from tests.realtime.live import LiveServer, attendee, wait_until
from venuely.admins.models import AdminType
from venuely.chat.service import create_direct_room, ensure_broadcast_room
from venuely.client import RealtimeSocket
from venuely.events.models import Event
from venuely.realtime.opcodes import Opcode


async def _admin_socket(
    live: LiveServer, event: Event, roles: list[str]
) -> tuple[str, RealtimeSocket]:
    """An event admin of `event` holding `roles`, connected to it: (person id, socket)."""
    admin = await make_person(live.services)
    await grant_admin(
        live.services,
        admin,
        AdminType.EVENT,
        event_id=event.id,
        customer_id=event.customer_id,
        roles=roles,
    )
    async with live.client() as api:
        ticket = await api.ticket(await token_for(live.services, admin), event.id)
        socket = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
    await wait_until(lambda: bool(live.hub.connections_of(admin.id)), "admin connected")
    return admin.id, socket


async def test_only_admins_holding_moderation_delete_others_messages(live: LiveServer) -> None:
    ada = await attendee(live.services)
    bob = await attendee(live.services, ada.event)
    async with live.services.db.session() as session:
        broadcast = await ensure_broadcast_room(session, ada.event.id, live.services.clock.now())
        direct, _ = await create_direct_room(
            session,
            live.services,
            event=ada.event,
            inviter_id=ada.person.id,
            invitee_id=bob.person.id,
            tmp_id="setup",
        )
    author = await live.socket(ada.token)
    await wait_until(lambda: bool(live.hub.connections_of(ada.person.id)), "ada connected")
    _, content = await _admin_socket(live, ada.event, ["content", "people", "analytics"])
    moderator_id, moderator = await _admin_socket(live, ada.event, ["moderation"])

    await author.send_message(broadcast.id, "out of line")
    in_broadcast = (await author.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)).value["ID"]
    await content.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)  # organizers still hear the room
    await author.send_message(direct.ID, "between us")
    in_direct = (await author.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)).value["ID"]

    await content.delete_message(broadcast.id, in_broadcast)
    refused = await content.wait_for(Opcode.CHAT_MESSAGE_DELETE_ERROR)
    assert refused.value["Error"]["Code"] == "FORBIDDEN"
    # Admins open a direct room of two attendees to moderate it: not without the role.
    await content.delete_message(direct.ID, in_direct)
    outside = await content.wait_for(Opcode.CHAT_MESSAGE_DELETE_ERROR)
    assert outside.value["Error"]["Code"] == "NOT_A_MEMBER"

    for room_id, message_id in ((broadcast.id, in_broadcast), (direct.ID, in_direct)):
        await moderator.delete_message(room_id, message_id)
        for socket in (moderator, author):
            deleted = await socket.wait_for(Opcode.CHAT_MESSAGE_DELETE_NOTIFY)
            assert (deleted.value["ID"], deleted.value["DeleterID"]) == (message_id, moderator_id)
    for socket in (author, content, moderator):
        await socket.close()
