"""Reading chat messages over REST: history pages, counts and single messages, as one reader
sees them.

A reader's view leaves out deleted and banned messages (for everyone) and the messages of the
persons the reader muted or blocked (for that reader only: `mutes.py`), and carries the reader's
own reaction to each message (`MyReaction`), loaded for a whole page in one statement.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from sqlalchemy import BindParameter, Select, and_, bindparam, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from venuely.chat.access import RoomAccess, access_message
from venuely.chat.errors import message_not_found
from venuely.chat.messages import message_out
from venuely.chat.models import (
    ChatMessage,
    ChatMessageReaction,
    ChatPersonStatus,
    Chatroom,
    ChatroomKind,
)
from venuely.chat.mutes import is_muted, muted_by
from venuely.chat.schemas import ChatMessageOut
from venuely.chat.service import member_ids
from venuely.core.pagination import page_by_id

Bound = str | BindParameter[str]


def _visible(room_id: Bound, event_id: Bound, reader: Bound) -> ColumnElement[bool]:
    return (
        (ChatMessage.chatroom_id == room_id)
        & ChatMessage.is_deleted_by_author.is_(False)
        & ChatMessage.is_banned.is_(False)
        # An erased sender (NULL) is muted by nobody; NOT IN alone would drop the row.
        & (
            ChatMessage.sender_id.is_(None)
            | ChatMessage.sender_id.not_in(muted_by(event_id, reader))
        )
    )


# What a page needs of each message, as plain columns: loading 50 entities into the session
# cost more than the statement itself, and a history page is only read.
_PAGE_COLUMNS = (
    ChatMessage.chatroom_id,
    ChatMessage.id,
    ChatMessage.event_id,
    ChatMessage.sender_id,
    ChatMessage.tmp_id,
    ChatMessage.text,
    ChatMessage.replied_to_message_id,
    ChatMessage.like_count,
    ChatMessage.dislike_count,
    ChatMessage.is_deleted_by_author,
    ChatMessage.is_banned,
    ChatMessage.created_at,
    ChatMessage.edited_at,
    ChatMessageReaction.kind.label("my_reaction"),
)


async def history_page(
    session: AsyncSession,
    room: Chatroom,
    reader: str,
    *,
    start_id: str | None,
    max_count: int,
    ascending: bool,
) -> list[ChatMessageOut]:
    """Messages `reader` sees after `start_id` oldest first (`ascending`), or before it newest
    first; without `start_id` from the very beginning or the very end. `start_id` itself is
    excluded, so the last id of a page is the next page's `start_id`. As `messages_out` answers
    them, with the reader's own reaction read in the same statement (its primary key is the
    message's plus the person, so the join adds no row)."""
    query = _page_statement(ascending, start_id is not None, max_count)
    params = {"room_id": room.id, "event_id": room.event_id, "reader": reader, "start_id": start_id}
    # Untyped rows: `message_out` reads them by the entity's attribute names.
    rows = (await session.execute(query, params)).all()
    members, reads = await _members_and_reads(session, room, bool(rows))
    return [message_out(row, members, reads, row.my_reaction) for row in rows]


# One statement per page shape (direction, first page or not, size), its values bound: every
# attendee's app reads a page when it opens a room, and building the statement with its cache
# key walk on each read cost about as much as running it.
@functools.lru_cache(maxsize=128)
def _page_statement(ascending: bool, from_start_id: bool, limit: int) -> Select[*tuple[Any, ...]]:
    room_id: BindParameter[str] = bindparam("room_id")
    event_id: BindParameter[str] = bindparam("event_id")
    reader: BindParameter[str] = bindparam("reader")
    start_id: BindParameter[str] = bindparam("start_id")
    mine = and_(
        ChatMessageReaction.chatroom_id == ChatMessage.chatroom_id,
        ChatMessageReaction.message_id == ChatMessage.id,
        ChatMessageReaction.person_id == reader,
    )
    return page_by_id(
        select(*_PAGE_COLUMNS)
        .outerjoin(ChatMessageReaction, mine)
        .where(_visible(room_id, event_id, reader)),
        ChatMessage.id,
        start_id if from_start_id else None,
        limit,
        descending=not ascending,
    )


async def count_visible(session: AsyncSession, room: Chatroom, reader: str) -> int:
    """How many messages `reader` sees: the same selection as `history`."""
    return int(
        await session.scalar(select(func.count()).where(_visible(room.id, room.event_id, reader)))
        or 0
    )


async def readable_message(
    session: AsyncSession, room_access: RoomAccess, message_id: str
) -> ChatMessage:
    """One message as history would show it to the caller: a muted sender's is not found."""
    message = await access_message(session, room_access, message_id, include_hidden=False)
    room = room_access.room
    sender = message.sender_id
    if sender is not None and await is_muted(session, room.event_id, room_access.person_id, sender):
        raise message_not_found(room.id, message_id)
    return message


async def my_reactions(
    session: AsyncSession, room: Chatroom, reader: str, messages: Sequence[ChatMessage]
) -> dict[str, str]:
    """Message id -> the reader's reaction, for a page in one statement. A page is a run of ids
    of one room, so its id range (the primary key's order) bounds the read instead of a list of
    up to 1000 ids; reactions in the range to messages not on the page are left out."""
    if not messages:
        return {}
    ids = [m.id for m in messages]
    rows = await session.execute(
        select(ChatMessageReaction.message_id, ChatMessageReaction.kind).where(
            ChatMessageReaction.chatroom_id == room.id,
            ChatMessageReaction.message_id >= min(ids),
            ChatMessageReaction.message_id <= max(ids),
            ChatMessageReaction.person_id == reader,
        )
    )
    on_page = set(ids)
    return {str(mid): str(kind) for mid, kind in rows.all() if mid in on_page}


async def messages_out(
    session: AsyncSession, room: Chatroom, reader: str, messages: Sequence[ChatMessage]
) -> list[ChatMessageOut]:
    """Wire models for a page as `reader` gets it: ReadBy from the members' read status (never
    for broadcast), MyReaction the reader's own."""
    members, reads = await _members_and_reads(session, room, bool(messages))
    mine = await my_reactions(session, room, reader, messages)
    return [message_out(m, members, reads, mine.get(m.id)) for m in messages]


async def _members_and_reads(
    session: AsyncSession, room: Chatroom, any_message: bool
) -> tuple[list[str], dict[str, str]]:
    """The room's members and how far each read (person id -> last read message id), for
    ReceiverIDs and ReadBy; neither for the broadcast room."""
    members = await member_ids(session, room)
    reads: dict[str, str] = {}
    if room.kind != ChatroomKind.BROADCAST and any_message:
        rows = await session.execute(
            select(ChatPersonStatus.person_id, ChatPersonStatus.last_read_chat_message_id).where(
                ChatPersonStatus.chatroom_id == room.id
            )
        )
        reads = {str(pid): str(last) for pid, last in rows.all()}
    return members, reads


async def with_my_reaction(
    session: AsyncSession, room: Chatroom, reader: str, out: ChatMessageOut
) -> ChatMessageOut:
    """A write's answer (send, edit, ban) with the caller's own reaction filled in."""
    row = await session.get(ChatMessageReaction, (room.id, out.ID, reader))
    return out.model_copy(update={"MyReaction": row.kind if row is not None else None})
