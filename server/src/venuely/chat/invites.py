"""Inviting persons into a group room that exists.

Only a group chat's admins (its `ChatroomAdmin`s: the creator) and the event's admins invite;
each invitee must be an admitted attendee of the event and must not have blocked the inviter;
the group stays within MAX_MEMBERS. The room's lock serialises invitations, so two at once
cannot pass the cap together. New members' sockets join the room, then every member hears
CHATROOM_CREATE_NOTIFY with the updated room (InviteeID null: several may have joined), which
clients treat as "this room, as it is now".
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.chat.access import RoomAccess, admitted_attendee, check_may_write, is_room_admin
from venuely.chat.errors import forbidden
from venuely.chat.frames import MAX_MEMBERS, ChatroomOut
from venuely.chat.kinds import check_chat_may_manage
from venuely.chat.members import add_room_members
from venuely.chat.messages import lock_room
from venuely.chat.models import ChatroomKind
from venuely.chat.mutes import check_none_blocked
from venuely.chat.publish import Effect
from venuely.chat.service import announce, member_ids, room_out
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services

GROUP_PREFIX = "group:"


async def invite_to_group(
    session: AsyncSession, services: Services, room_access: RoomAccess, person_ids: Sequence[str]
) -> tuple[ChatroomOut, list[Effect]]:
    """Add `person_ids` to the group; those already in it are left as they are. Nothing is
    stored unless every new invitee may join."""
    room = room_access.room
    data = {"ChatroomID": room.id}
    check_may_write(room_access.access)
    if not await is_room_admin(session, room_access):
        raise forbidden("Only the group's admins and event admins may invite", data)
    check_chat_may_manage(room)
    # Direct chats are for two; the broadcast room has everyone; a breakout room's chat
    # (`breakout:<id>`) takes its members from who is inside.
    if room.kind != ChatroomKind.GROUP.value or not room.internal_name.startswith(GROUP_PREFIX):
        raise ApiError(
            ErrorCode.CONFLICT, "Only group chats take invitations", {**data, "Type": room.kind}
        )
    room = await lock_room(session, room.id)
    members = await member_ids(session, room)
    joining = [p for p in dict.fromkeys(person_ids) if p not in set(members)]
    if not joining:
        return room_out(room, members), []
    if len(members) + len(joining) > MAX_MEMBERS:
        raise ApiError(
            ErrorCode.TOO_MANY_MEMBERS,
            f"A group has at most {MAX_MEMBERS} members",
            {"MaxMembers": MAX_MEMBERS},
        )
    event = room_access.access.event
    for person_id in joining:
        await admitted_attendee(session, event, person_id)
    inviter = room_access.person_id
    await check_none_blocked(session, event.id, inviter, joining)
    await add_room_members(session, [(room, p) for p in joining], services.clock.now())
    await session.flush()
    everyone = sorted({*members, *joining})
    model = room_out(room, everyone)
    return model, announce(model, everyone, "", inviter, None, joining=joining)
