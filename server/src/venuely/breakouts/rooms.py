"""A room's own row: made with its chat room on first need, and its lock.

**The lock.** Every transaction that changes who is inside rooms first updates their rows
(`lock_rooms`), in ascending id order, and touches presence rows only after that. On PostgreSQL
the update takes each room's row lock until the commit: joins to one room take turns, so the
seats one counts cannot be taken by another in between, whatever process they run on; and
since every writer takes its locks in the same order, two can never wait on each other in a
circle. On SQLite the first update takes the database's one write lock (the write queue within
the process, SQLite's own lock across processes), which serializes every writer. The update
also bumps `version`, the order of occupancy frames.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity
from venuely.breakouts.models import BreakoutPresence, BreakoutRoomRow
from venuely.breakouts.state import chat_name, definition_of
from venuely.chat.frames import MAX_TITLE
from venuely.chat.members import add_room_member, ensure_named_group
from venuely.chat.models import Chatroom
from venuely.chat.publish import Effect


async def lock_rooms(session: AsyncSession, room_ids: Iterable[str]) -> dict[str, BreakoutRoomRow]:
    """Lock the rooms (see the module doc) and return their rows; a room without a row (deleted
    meanwhile) is left out."""
    rows: dict[str, BreakoutRoomRow] = {}
    for room_id in sorted(set(room_ids)):
        row = await session.scalar(
            update(BreakoutRoomRow)
            .where(BreakoutRoomRow.room_id == room_id)
            .values(version=BreakoutRoomRow.version + 1)
            .returning(BreakoutRoomRow)
            .execution_options(populate_existing=True)
        )
        if row is not None:
            rows[room_id] = row
    return rows


async def ensure_room(
    session: AsyncSession, room: Activity, now: datetime
) -> tuple[BreakoutRoomRow, list[Effect]]:
    """The room's row, with a chat room: made for a new room (or one stored before this feature),
    and a new chat room when an organizer deleted the old one — then the people inside become
    its members (the effects, delivered after the commit)."""
    row = await session.get(BreakoutRoomRow, room.id)
    if row is not None and row.chatroom_id is not None:
        return row, []
    chat = await ensure_named_group(
        session, room.event_id, chat_name(room.id), definition_of(room).title, now
    )
    await session.flush()
    effects: list[Effect] = []
    if row is None:
        row = BreakoutRoomRow(room_id=room.id, event_id=room.event_id, chatroom_id=chat.id)
        try:
            async with session.begin_nested():
                session.add(row)
        except IntegrityError:  # made at the same moment by another join
            found = await session.get(BreakoutRoomRow, room.id, populate_existing=True)
            assert found is not None
            row = found
        return row, effects
    row.chatroom_id = chat.id
    inside = await session.scalars(
        select(BreakoutPresence.person_id).where(BreakoutPresence.room_id == room.id)
    )
    for person_id in inside.all():
        effects += await add_room_member(session, chat, person_id, now)
    return row, effects


async def rename_chat(session: AsyncSession, room: Activity) -> None:
    """The chat room carries the room's name (a rename changes both)."""
    row = await session.get(BreakoutRoomRow, room.id)
    if row is None or row.chatroom_id is None:
        return
    chat = await session.get(Chatroom, row.chatroom_id)
    title = definition_of(room).title.strip()[:MAX_TITLE]
    if chat is not None and chat.title != title:
        chat.title = title
