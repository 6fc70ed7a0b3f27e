"""Chat rooms: the broadcast room every event has, direct and group rooms, membership.

Functions take objects already checked by `access.py` and return the effects (frames, hub
membership changes) the caller delivers after committing; see `publish.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import bindparam, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.chat.access import PERSON_CHILD, ROOM_PARENT, admitted_attendee
from venuely.chat.frames import MAX_MEMBERS, ChatroomOut, RoomCreated
from venuely.chat.members import relation_row
from venuely.chat.models import (
    BROADCAST,
    ChatMessage,
    ChatMessageReaction,
    ChatPersonStatus,
    Chatroom,
    ChatroomKind,
    direct_internal_name,
)
from venuely.chat.mutes import check_none_blocked, check_not_blocked
from venuely.chat.publish import Effect, MemberChange, publication
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.pagination import page_by_id
from venuely.core.services import Services
from venuely.events.models import Attendee, Event
from venuely.events.service import register_event_created
from venuely.realtime.hub import person_channel, room_channel
from venuely.realtime.membership import SocketJoin
from venuely.realtime.opcodes import Opcode
from venuely.relations.models import Relation, RelationType


def room_out(room: Chatroom, attendee_ids: Sequence[str]) -> ChatroomOut:
    return ChatroomOut(
        ID=room.id,
        EventID=room.event_id,
        Title=room.title,
        InternalName=room.internal_name,
        IsPrivate=room.is_private,
        Type=ChatroomKind(room.kind).value,
        CreatedAt=room.created_at,
        LastMessageID=room.last_message_id,
        AttendeeIDs=list(attendee_ids),
    )


async def member_ids(session: AsyncSession, room: Chatroom) -> list[str]:
    """Members of a direct or group room, in id order; [] for the broadcast room."""
    if room.kind == ChatroomKind.BROADCAST:
        return []
    rows = await session.scalars(
        select(Relation.child_id)
        .where(
            Relation.event_id == room.event_id,
            Relation.parent_type == ROOM_PARENT,
            Relation.parent_id == room.id,
            Relation.relation_type == RelationType.CHATROOM_ATTENDEE.value,
            Relation.child_type == PERSON_CHILD,
        )
        .order_by(Relation.child_id)
    )
    return list(rows.all())


async def room_model(session: AsyncSession, room: Chatroom) -> ChatroomOut:
    return room_out(room, await member_ids(session, room))


# --- the broadcast room -------------------------------------------------------------------


async def find_broadcast_room(session: AsyncSession, event_id: str) -> Chatroom | None:
    return await session.scalar(
        select(Chatroom).where(Chatroom.event_id == event_id, Chatroom.internal_name == BROADCAST)
    )


async def ensure_broadcast_room(session: AsyncSession, event_id: str, now: datetime) -> Chatroom:
    """The event's broadcast room, created on first need for events older than chat."""
    room = await find_broadcast_room(session, event_id)
    if room is not None:
        return room
    room = Chatroom(
        id=new_id(),
        event_id=event_id,
        title="",
        internal_name=BROADCAST,
        kind=ChatroomKind.BROADCAST.value,
        is_private=False,
        created_at=now,
    )
    try:
        async with session.begin_nested():
            session.add(room)
    except IntegrityError:  # created concurrently: the unique name settles who won
        found = await find_broadcast_room(session, event_id)
        assert found is not None
        return found
    return room


@register_event_created
async def _broadcast_room_for_new_event(
    session: AsyncSession, services: Services, event: Event
) -> None:
    await ensure_broadcast_room(session, event.id, services.clock.now())


# For each new socket (realtime.membership): the event's broadcast room, and the rooms its
# person is a member of. Built once, as the gateway reads them for every socket.
SOCKET_BROADCAST_ROOM = select(Chatroom.id).where(
    Chatroom.event_id == bindparam("event_id"), Chatroom.internal_name == BROADCAST
)
SOCKET_ROOMS = select(Relation.parent_id).where(
    Relation.event_id == bindparam("event_id"),
    Relation.parent_type == ROOM_PARENT,
    Relation.relation_type == RelationType.CHATROOM_ATTENDEE.value,
    Relation.child_type == PERSON_CHILD,
    Relation.child_id == bindparam("person_id"),
)


async def socket_broadcast_room(
    session: AsyncSession, _person_id: str, event_id: str, found: list[str]
) -> SocketJoin:
    """The broadcast room's channel. An event older than chat gets its room now, so the
    caller's session should commit."""
    if found:
        return SocketJoin(channels=[room_channel(found[0])])
    room = await ensure_broadcast_room(session, event_id, datetime.now(UTC))
    return SocketJoin(channels=[room_channel(room.id)])


async def socket_rooms(
    _session: AsyncSession, _person_id: str, _event_id: str, found: list[str]
) -> SocketJoin:
    return SocketJoin(channels=[room_channel(room_id) for room_id in found])


async def rooms_of_person(
    session: AsyncSession, event_id: str, person_id: str, now: datetime
) -> list[ChatroomOut]:
    broadcast = await ensure_broadcast_room(session, event_id, now)
    member_of = select(Relation.parent_id).where(
        Relation.event_id == event_id,
        Relation.parent_type == ROOM_PARENT,
        Relation.relation_type == RelationType.CHATROOM_ATTENDEE.value,
        Relation.child_type == PERSON_CHILD,
        Relation.child_id == person_id,
    )
    rooms = (
        await session.scalars(
            select(Chatroom)
            .where(Chatroom.event_id == event_id, Chatroom.id.in_(member_of))
            .order_by(Chatroom.id)
        )
    ).all()
    return [room_out(broadcast, []), *[await room_model(session, r) for r in rooms]]


async def room_attendee_ids(
    session: AsyncSession, room: Chatroom, last_id: str | None, limit: int
) -> list[str]:
    """Member person ids after `last_id`; for the broadcast room, the event's attendees."""
    if room.kind == ChatroomKind.BROADCAST:
        query = page_by_id(
            select(Attendee.person_id).where(Attendee.event_id == room.event_id),
            Attendee.person_id,
            last_id or None,
            limit,
        )
        return list((await session.scalars(query)).all())
    ids = await member_ids(session, room)
    return [i for i in ids if last_id is None or i > last_id][:limit]


# --- direct and group rooms ---------------------------------------------------------------


def announce(
    room_model: ChatroomOut,
    members: Sequence[str],
    tmp_id: str,
    inviter: str,
    invitee: str | None,
    joining: Sequence[str] | None = None,
) -> list[Effect]:
    """Sockets of the members `joining` (all, for a new room) join the room first, then each
    member hears about it."""
    notice = RoomCreated(
        TmpID=tmp_id, InviterID=inviter, InviteeID=invitee, ChatroomModel=room_model
    )
    channel = room_channel(room_model.ID)
    joined = members if joining is None else joining
    effects: list[Effect] = [MemberChange(channel, pid, added=True) for pid in joined]
    persons = [person_channel(pid) for pid in members]
    effects.append(publication(persons, Opcode.CHATROOM_CREATE_NOTIFY, notice))
    return effects


async def create_direct_room(
    session: AsyncSession,
    services: Services,
    *,
    event: Event,
    inviter_id: str,
    invitee_id: str,
    tmp_id: str,
) -> tuple[ChatroomOut, list[Effect]]:
    """A direct chat between the inviter (already checked as a member of the event) and an
    admitted attendee; asking again answers with the existing room, to the inviter only."""
    if invitee_id == inviter_id:
        raise ApiError(
            ErrorCode.CANNOT_INVITE_SELF,
            "A direct chat needs another person",
            {"InviteeID": invitee_id},
        )
    await admitted_attendee(session, event, invitee_id)
    # A block ends direct contact either way round, also the reuse of a room they had.
    await check_not_blocked(session, event.id, inviter_id, invitee_id)
    name = direct_internal_name(inviter_id, invitee_id)
    existing = await session.scalar(
        select(Chatroom).where(Chatroom.event_id == event.id, Chatroom.internal_name == name)
    )
    if existing is not None:
        return await _existing_direct(session, existing, tmp_id, inviter_id, invitee_id)
    now = services.clock.now()
    room = Chatroom(
        id=new_id(),
        event_id=event.id,
        title="",
        internal_name=name,
        kind=ChatroomKind.DIRECT.value,
        is_private=True,
        created_by=inviter_id,
        created_at=now,
    )
    try:
        async with session.begin_nested():
            session.add(room)
            await session.flush()
            session.add_all(
                [
                    relation_row(room, p, RelationType.CHATROOM_ATTENDEE, now)
                    for p in (inviter_id, invitee_id)
                ]
            )
    except IntegrityError:  # the same pair asked at the same moment
        found = await session.scalar(
            select(Chatroom).where(Chatroom.event_id == event.id, Chatroom.internal_name == name)
        )
        assert found is not None
        return await _existing_direct(session, found, tmp_id, inviter_id, invitee_id)
    model = await room_model(session, room)
    return model, announce(model, sorted({inviter_id, invitee_id}), tmp_id, inviter_id, invitee_id)


async def _existing_direct(
    session: AsyncSession, room: Chatroom, tmp_id: str, inviter_id: str, invitee_id: str
) -> tuple[ChatroomOut, list[Effect]]:
    model = await room_model(session, room)
    notice = RoomCreated(
        TmpID=tmp_id, InviterID=inviter_id, InviteeID=invitee_id, ChatroomModel=model
    )
    return model, [publication(person_channel(inviter_id), Opcode.CHATROOM_CREATE_NOTIFY, notice)]


async def create_group_room(
    session: AsyncSession,
    services: Services,
    *,
    event: Event,
    creator_id: str,
    title: str,
    member_ids_in: Sequence[str],
    tmp_id: str,
) -> tuple[ChatroomOut, list[Effect]]:
    """A group with a title; the creator joins and becomes its `ChatroomAdmin`."""
    members = list(dict.fromkeys([creator_id, *member_ids_in]))
    if len(members) > MAX_MEMBERS:
        raise ApiError(
            ErrorCode.TOO_MANY_MEMBERS,
            f"A group has at most {MAX_MEMBERS} members",
            {"MaxMembers": MAX_MEMBERS},
        )
    for person_id in members:
        if person_id != creator_id:
            await admitted_attendee(session, event, person_id)
    await check_none_blocked(session, event.id, creator_id, members[1:])
    now = services.clock.now()
    room_id = new_id()
    room = Chatroom(
        id=room_id,
        event_id=event.id,
        title=title.strip(),
        internal_name=f"group:{room_id}",
        kind=ChatroomKind.GROUP.value,
        is_private=False,
        created_by=creator_id,
        created_at=now,
    )
    session.add(room)
    await session.flush()
    session.add_all([relation_row(room, p, RelationType.CHATROOM_ATTENDEE, now) for p in members])
    session.add(relation_row(room, creator_id, RelationType.CHATROOM_ADMIN, now))
    await session.flush()
    model = room_out(room, sorted(members))
    return model, announce(model, sorted(members), tmp_id, creator_id, None)


async def delete_room(session: AsyncSession, room: Chatroom) -> list[Effect]:
    """Removes the room with its messages, read status and relations; members' sockets stop
    listening on it. The broadcast room is part of the event and cannot be deleted."""
    if room.kind == ChatroomKind.BROADCAST:
        raise ApiError(
            ErrorCode.CONFLICT,
            "The broadcast room belongs to its event and cannot be deleted",
            {"ChatroomID": room.id},
        )
    members = await member_ids(session, room)
    await session.execute(
        delete(ChatMessageReaction).where(ChatMessageReaction.chatroom_id == room.id)
    )
    await session.execute(delete(ChatMessage).where(ChatMessage.chatroom_id == room.id))
    await session.execute(delete(ChatPersonStatus).where(ChatPersonStatus.chatroom_id == room.id))
    await session.execute(
        delete(Relation).where(
            Relation.event_id == room.event_id,
            Relation.parent_type == ROOM_PARENT,
            Relation.parent_id == room.id,
        )
    )
    await session.delete(room)
    await session.flush()
    channel = room_channel(room.id)
    return [MemberChange(channel, pid, added=False) for pid in members]
