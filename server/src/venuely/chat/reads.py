"""Read status: how far each person has read in each room (ChatPersonStatus).

It only moves forward. The conditional UPDATE (`... WHERE last < new`) makes that hold even
for two devices reporting at once, without a lock.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.chat.access import RoomAccess, check_own_person, is_room_member
from venuely.chat.errors import message_not_found, not_a_member
from venuely.chat.models import ChatMessage, ChatPersonStatus, ChatroomKind
from venuely.chat.publish import Effect, publication
from venuely.chat.schemas import ChatPersonStatusOut
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID, new_id
from venuely.core.services import Services
from venuely.realtime.hub import person_channel, room_channel
from venuely.realtime.opcodes import Opcode


@dataclass(slots=True)
class ReadOutcome:
    status: ChatPersonStatusOut
    changed: bool
    effects: list[Effect]


def status_out(status: ChatPersonStatus) -> ChatPersonStatusOut:
    return ChatPersonStatusOut(
        ID=status.id,
        EventID=status.event_id,
        Created=status.created,
        Updated=status.updated,
        PersonID=status.person_id,
        ChatroomID=status.chatroom_id,
        LastReadChatMessageID=status.last_read_chat_message_id,
    )


async def _find(session: AsyncSession, room_id: str, person_id: str) -> ChatPersonStatus | None:
    return await session.scalar(
        select(ChatPersonStatus)
        .where(ChatPersonStatus.chatroom_id == room_id, ChatPersonStatus.person_id == person_id)
        .execution_options(populate_existing=True)
    )


async def _check_reader(session: AsyncSession, room_access: RoomAccess, person_id: str) -> None:
    """Whose status may be read or written: one's own; an event admin's, anybody's in the room."""
    check_own_person(room_access.access, person_id)
    if person_id == room_access.person_id:
        if not room_access.is_member:  # an admin outside a direct or group room
            raise not_a_member(room_access.room.id)
        return
    if not await is_room_member(session, room_access.room, person_id):
        raise ApiError(
            ErrorCode.PERSON_NOT_FOUND,
            "This person is not a member of the chat room",
            {"PersonID": person_id, "ChatroomID": room_access.room.id},
        )


async def get_status(
    session: AsyncSession, room_access: RoomAccess, person_id: str
) -> ChatPersonStatusOut:
    """The stored status, or an unread one (null id, nothing read) when none was stored yet,
    so a client has one shape to handle."""
    await _check_reader(session, room_access, person_id)
    found = await _find(session, room_access.room.id, person_id)
    if found is not None:
        return status_out(found)
    return ChatPersonStatusOut(
        ID=NULL_ID,
        EventID=room_access.room.event_id,
        Created=None,
        Updated=None,
        PersonID=person_id,
        ChatroomID=room_access.room.id,
        LastReadChatMessageID=NULL_ID,
    )


async def mark_read(
    session: AsyncSession,
    services: Services,
    room_access: RoomAccess,
    person_id: str,
    last_read_id: str,
) -> ReadOutcome:
    room = room_access.room
    await _check_reader(session, room_access, person_id)
    if await session.get(ChatMessage, (room.id, last_read_id)) is None:
        raise message_not_found(room.id, last_read_id)
    now = services.clock.now()
    moved = await session.execute(
        update(ChatPersonStatus)
        .where(
            ChatPersonStatus.chatroom_id == room.id,
            ChatPersonStatus.person_id == person_id,
            ChatPersonStatus.last_read_chat_message_id < last_read_id,
        )
        .values(last_read_chat_message_id=last_read_id, updated=now)
    )
    changed = bool(getattr(moved, "rowcount", 0))
    status = await _find(session, room.id, person_id)
    if status is None:
        status = ChatPersonStatus(
            id=new_id(),
            event_id=room.event_id,
            person_id=person_id,
            chatroom_id=room.id,
            last_read_chat_message_id=last_read_id,
            created=now,
            updated=now,
        )
        try:
            async with session.begin_nested():
                session.add(status)
            changed = True
        except IntegrityError:  # the reader's other device stored it first
            return await mark_read(session, services, room_access, person_id, last_read_id)
    out = status_out(status)
    # The broadcast room tells only the reader's own connections: per-reader receipts to the
    # whole audience would multiply every read by its size (protocol §4, opcode 15).
    if changed and room.kind != ChatroomKind.BROADCAST:
        channel = room_channel(room.id)
    else:
        channel = person_channel(person_id)
    return ReadOutcome(out, changed, [publication(channel, Opcode.CHAT_MESSAGE_READ_NOTIFY, out)])


async def delete_status(session: AsyncSession, room_access: RoomAccess, status_id: str) -> None:
    status = await session.scalar(
        select(ChatPersonStatus).where(
            ChatPersonStatus.id == status_id, ChatPersonStatus.chatroom_id == room_access.room.id
        )
    )
    if status is None:
        raise ApiError(
            ErrorCode.NOT_FOUND,
            "No such read status in this chat room",
            {"ChatPersonStatusID": status_id},
        )
    check_own_person(room_access.access, status.person_id)
    await session.execute(delete(ChatPersonStatus).where(ChatPersonStatus.id == status_id))
