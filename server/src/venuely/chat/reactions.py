"""Reactions: each member has at most one per message, Like or Dislike.

The message's LikeCount and DislikeCount stay stored counters (frames and history read them
without a join), and they are always the number of reaction rows of each kind: the row and the
counters change together under the room's lock, and the counters are recounted from the rows
rather than stepped, so one person's concurrent clicks count once, and nothing but the rows can
move them.
"""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.chat.access import RoomAccess, access_message, check_may_write
from venuely.chat.messages import Outcome, changed_outcome, check_rate, lock_room, message_out
from venuely.chat.models import ChatMessage, ChatMessageReaction, ReactionKind
from venuely.chat.service import member_ids
from venuely.core.services import Services

NO_REACTION = "None"


async def _recount(session: AsyncSession, message: ChatMessage) -> None:
    rows = await session.execute(
        select(ChatMessageReaction.kind, func.count())
        .where(
            ChatMessageReaction.chatroom_id == message.chatroom_id,
            ChatMessageReaction.message_id == message.id,
        )
        .group_by(ChatMessageReaction.kind)
    )
    counts = {str(kind): int(count) for kind, count in rows.all()}
    message.like_count = counts.get(ReactionKind.LIKE.value, 0)
    message.dislike_count = counts.get(ReactionKind.DISLIKE.value, 0)


async def set_reaction(
    session: AsyncSession,
    services: Services,
    room_access: RoomAccess,
    message_id: str,
    reaction: str,
) -> Outcome:
    """Set the caller's reaction to "Like" or "Dislike", or take it back with "None". The same
    value again changes nothing and tells nobody; a change tells the room (EDIT_NOTIFY with the
    new counts) and counts against the person's send rate, as edits do."""
    room, person_id = room_access.room, room_access.person_id
    data = {"ID": message_id, "ChatroomID": room.id}
    check_may_write(room_access.access)
    await lock_room(session, room.id)
    message = await access_message(session, room_access, message_id, include_hidden=False)
    key = (room.id, message_id, person_id)
    row = await session.get(ChatMessageReaction, key, populate_existing=True)
    wanted = None if reaction == NO_REACTION else ReactionKind(reaction).value
    if (row.kind if row is not None else None) == wanted:
        out = message_out(message, await member_ids(session, room), my_reaction=wanted)
        return Outcome(out, changed=False, effects=[])
    check_rate(services, person_id, data)
    if row is None:
        session.add(
            ChatMessageReaction(
                chatroom_id=room.id, message_id=message_id, person_id=person_id, kind=wanted
            )
        )
    elif wanted is None:
        await session.delete(row)
    else:
        row.kind = wanted
    await session.flush()
    await _recount(session, message)
    await session.flush()
    outcome = await changed_outcome(session, room, message)
    outcome.message = outcome.message.model_copy(update={"MyReaction": wanted})
    return outcome
