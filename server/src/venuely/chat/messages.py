"""Chat messages: send, edit, delete or ban. Reactions are in `reactions.py`, reading history
in `history.py`.

Ordering: every write locks its room first (`lock_room`), so a room's writes form one queue.
That is what keeps ids strictly increasing within the room, and on SQLite it also makes the
transaction's first statement a write, which lets SQLite wait for the lock instead of failing
with a stale snapshot.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.chat.access import RoomAccess, access_message, can_moderate, check_may_write
from venuely.chat.errors import forbidden, not_a_member
from venuely.chat.frames import MAX_TEXT, DeleteNotice
from venuely.chat.kinds import rules_of
from venuely.chat.models import ChatMessage, Chatroom, ChatroomKind, direct_pair
from venuely.chat.mutes import check_not_blocked
from venuely.chat.publish import Effect, publication
from venuely.chat.ratelimit import send_limiter
from venuely.chat.schemas import ChatMessageOut
from venuely.chat.service import member_ids
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.realtime.hub import person_channel, room_channel
from venuely.realtime.opcodes import Opcode


@dataclass(slots=True)
class Outcome:
    message: ChatMessageOut
    # False when a retried TmpID found the stored message, or a delete found it deleted.
    changed: bool
    effects: list[Effect]


def next_message_id(last: str) -> str:
    """A fresh time-ordered id, or `last + 1` when the clock or another process is behind."""
    candidate = new_id()
    if candidate > last:
        return candidate
    return f"{int(last, 16) + 1:024x}"


async def lock_room(session: AsyncSession, room_id: str) -> Chatroom:
    if session.get_bind().dialect.name == "sqlite":
        # SQLite has no row locks: a no-op write takes the database's write lock now, and
        # RETURNING reads the room in the same statement.
        room = await session.scalar(
            update(Chatroom)
            .where(Chatroom.id == room_id)
            .values(last_message_id=Chatroom.last_message_id)
            .returning(Chatroom)
            .execution_options(populate_existing=True)
        )
    else:
        room = await session.scalar(
            select(Chatroom)
            .where(Chatroom.id == room_id)
            .with_for_update()
            .execution_options(populate_existing=True)
        )
    assert room is not None  # the caller loaded it through access_room
    return room


def check_text(text: str, data: dict[str, str]) -> str:
    if not text.strip():
        raise ApiError(ErrorCode.TEXT_EMPTY, "Text is empty", data)
    if len(text) > MAX_TEXT:
        raise ApiError(
            ErrorCode.TEXT_TOO_LONG,
            f"Text is longer than {MAX_TEXT} characters",
            {**data, "MaxLength": MAX_TEXT},
        )
    return text


def check_rate(services: Services, person_id: str, data: dict[str, str]) -> None:
    wait_ms = send_limiter.take(person_id, services.clock.now())
    if wait_ms:
        raise ApiError(
            ErrorCode.RATE_LIMITED,
            "Too many messages; try again shortly",
            {**data, "RetryAfterMs": wait_ms},
            headers={"Retry-After": str(-(-wait_ms // 1000))},
        )


def message_out(
    # An entity, or a row of its columns (a history page reads no entities).
    message: ChatMessage | Row[Any],
    members: Sequence[str],
    reads: dict[str, str] | None = None,
    my_reaction: str | None = None,
) -> ChatMessageOut:
    return ChatMessageOut(
        ID=message.id,
        EventID=message.event_id,
        TmpID=message.tmp_id,
        SenderID=message.sender_id,
        ReceiverIDs=[m for m in members if m != message.sender_id],
        ChatroomID=message.chatroom_id,
        CreatedAt=message.created_at,
        LikeCount=message.like_count,
        DislikeCount=message.dislike_count,
        ReadBy=sorted(
            pid
            for pid, last in (reads or {}).items()
            if last >= message.id and pid != message.sender_id
        ),
        Text=message.text,
        IsDeletedByAuthor=message.is_deleted_by_author,
        IsBanned=message.is_banned,
        RepliedToMessageID=message.replied_to_message_id,
        EditedAt=message.edited_at,
        MyReaction=my_reaction,
    )


async def _by_tmp_id(session: AsyncSession, sender_id: str, tmp_id: str) -> ChatMessage | None:
    return await session.scalar(
        select(ChatMessage)
        .where(ChatMessage.sender_id == sender_id, ChatMessage.tmp_id == tmp_id)
        .execution_options(populate_existing=True)
    )


async def _replay(
    session: AsyncSession, room: Chatroom, sender_id: str, stored: ChatMessage, data: dict[str, str]
) -> Outcome:
    """A retried send: the stored message, to the sender's connections only."""
    if stored.chatroom_id != room.id:
        raise ApiError(ErrorCode.VALIDATION_ERROR, "This TmpID was used in another chat room", data)
    out = message_out(stored, await member_ids(session, room))
    channel = person_channel(sender_id)
    effect = publication(channel, Opcode.CHAT_MESSAGE_SEND_NOTIFY, out.frame())
    return Outcome(out, changed=False, effects=[effect])


async def send_message(
    session: AsyncSession,
    services: Services,
    room_access: RoomAccess,
    *,
    tmp_id: str,
    text: str,
    replied_to: str | None = None,
) -> Outcome:
    room, sender_id = room_access.room, room_access.person_id
    data = {"TmpID": tmp_id, "ChatroomID": room.id}
    check_may_write(room_access.access)
    if not room_access.is_member:
        raise not_a_member(room.id)

    async def admit_new() -> None:
        # Checks for a new message only: a resend of a stored one is answered as it was, even
        # when the sender has since hit the rate limit.
        check_text(text, data)
        pair = direct_pair(room) if room.kind == ChatroomKind.DIRECT else None
        if pair is not None:  # a block ends a direct chat both ways, also an existing one
            other = pair[1] if pair[0] == sender_id else pair[0]
            await check_not_blocked(session, room.event_id, sender_id, other)
        if replied_to is not None:
            await access_message(session, room_access, replied_to, include_hidden=False)
        check_rate(services, sender_id, data)

    return await post_message(
        session,
        services,
        room,
        sender_id=sender_id,
        tmp_id=tmp_id,
        text=text,
        replied_to=replied_to,
        admit_new=admit_new,
    )


async def post_message(
    session: AsyncSession,
    services: Services,
    room: Chatroom,
    *,
    sender_id: str,
    tmp_id: str,
    text: str,
    replied_to: str | None = None,
    admit_new: Callable[[], Awaitable[None]] | None = None,
) -> Outcome:
    """Store a message, idempotent on (sender, TmpID). The TmpID is looked up once, under the
    room lock, so a twin that committed meanwhile is found; `admit_new` runs the caller's checks
    (the demo seed's welcome messages have none) only when the message is new, after the room
    kind's own check (`kinds.py`; a closed help desk conversation takes no message). The kind's
    hook runs after the message is stored, in this transaction, and its effects follow the
    message's."""
    data = {"TmpID": tmp_id, "ChatroomID": room.id}
    room = await lock_room(session, room.id)
    stored = await _by_tmp_id(session, sender_id, tmp_id)
    if stored is not None:
        return await _replay(session, room, sender_id, stored, data)
    rules = rules_of(room.kind)
    if rules.before_message is not None:
        await rules.before_message(session, room, sender_id)
    if admit_new is not None:
        await admit_new()
    message = ChatMessage(
        chatroom_id=room.id,
        id=next_message_id(room.last_message_id),
        event_id=room.event_id,
        sender_id=sender_id,
        tmp_id=tmp_id,
        text=text,
        replied_to_message_id=replied_to,
        created_at=services.clock.now(),
    )
    if session.get_bind().dialect.name == "sqlite":
        # The room lock is SQLite's database-wide write lock, taken before the TmpID lookup
        # above: no twin can be inserted between the two, so no savepoint is needed.
        session.add(message)
    else:
        try:
            async with session.begin_nested():
                session.add(message)
        except IntegrityError:  # the same TmpID sent concurrently into another room
            stored = await _by_tmp_id(session, sender_id, tmp_id)
            assert stored is not None
            return await _replay(session, room, sender_id, stored, data)
    room.last_message_id = message.id
    await session.flush()
    out = message_out(message, await member_ids(session, room))
    effects: list[Effect] = [
        publication(room_channel(room.id), Opcode.CHAT_MESSAGE_SEND_NOTIFY, out.frame())
    ]
    if rules.after_message is not None:
        effects.extend(await rules.after_message(session, services, room, message))
    return Outcome(out, changed=True, effects=effects)


async def edit_message(
    session: AsyncSession, services: Services, room_access: RoomAccess, message_id: str, text: str
) -> Outcome:
    data = {"ID": message_id, "ChatroomID": room_access.room.id}
    check_may_write(room_access.access)
    await lock_room(session, room_access.room.id)
    message = await access_message(session, room_access, message_id, include_hidden=False)
    if message.sender_id != room_access.person_id:
        raise forbidden("Only the author may edit this message", data)
    check_text(text, data)
    check_rate(services, room_access.person_id, data)
    message.text = text
    message.edited_at = services.clock.now()
    await session.flush()
    return await changed_outcome(session, room_access.room, message)


async def changed_outcome(session: AsyncSession, room: Chatroom, message: ChatMessage) -> Outcome:
    out = message_out(message, await member_ids(session, room))
    effect = publication(room_channel(room.id), Opcode.CHAT_MESSAGE_EDIT_NOTIFY, out.frame())
    return Outcome(out, changed=True, effects=[effect])


async def delete_message(
    session: AsyncSession, room_access: RoomAccess, message_id: str, *, ban: bool = False
) -> Outcome:
    """Soft delete: authors delete their own (IsDeletedByAuthor); moderators hide anyone's
    (IsBanned). Either way the message leaves history and counts; the row stays so a retried
    TmpID still finds it and moderation keeps a record."""
    room, person_id = room_access.room, room_access.person_id
    data = {"ID": message_id, "ChatroomID": room.id}
    await lock_room(session, room.id)
    message = await access_message(session, room_access, message_id, include_hidden=True)
    is_author = message.sender_id == person_id and not ban
    if not is_author and not await can_moderate(session, room_access):
        raise forbidden("Only the author or a moderator may delete this message", data)
    members = await member_ids(session, room)
    notice = DeleteNotice(
        ID=message.id,
        DeleterID=person_id,
        ReceiverIDs=[m for m in members if m != message.sender_id],
        ChatroomID=room.id,
    )
    out = message_out(message, members)
    if message.is_hidden:  # already gone: tell the asker again, nobody else
        effect = publication(person_channel(person_id), Opcode.CHAT_MESSAGE_DELETE_NOTIFY, notice)
        return Outcome(out, changed=False, effects=[effect])
    if is_author:
        message.is_deleted_by_author = True
    else:
        message.is_banned = True
    message.deleted_by = person_id
    await session.flush()
    out = message_out(message, members)
    channels = [room_channel(room.id)]
    if not room_access.is_member:  # an admin moderating a room it is not in hears it too
        channels.append(person_channel(person_id))
    effect = publication(channels, Opcode.CHAT_MESSAGE_DELETE_NOTIFY, notice)
    return Outcome(out, changed=True, effects=[effect])
