"""Chat's part of erasure: what names the person without a foreign key, and the counters their
reactions and upvotes were part of.

The messages themselves stay with their sender cleared (walk.py, `sender_id` is SET NULL):
the others' conversation must still read, and clients show "Deleted user"."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import ColumnElement, ScalarSelect, and_, delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.chat.models import (
    ChatMessage,
    ChatMessageReaction,
    Chatroom,
    ChatroomKind,
    ReactionKind,
    direct_pair,
)
from venuely.core.ids import NULL_ID
from venuely.helpdesk.models import HelpdeskTicket
from venuely.privacy.scope import Scope, event_rows
from venuely.qna.models import Question, Upvote


async def erase_chat_mentions(session: AsyncSession, scope: Scope) -> None:
    pid = scope.person_id
    rooms = event_rows(Chatroom.__table__, scope.event_id)
    messages = event_rows(ChatMessage.__table__, scope.event_id)
    # A help desk conversation is about its requester from the first line to the last.
    tickets = select(HelpdeskTicket.chatroom_id).where(HelpdeskTicket.requester_id == pid)
    if scope.event_id is not None:
        tickets = tickets.where(HelpdeskTicket.event_id == scope.event_id)
    await session.execute(delete(Chatroom).where(Chatroom.id.in_(tickets)))
    await session.execute(
        update(ChatMessage).where(ChatMessage.deleted_by == pid, messages).values(deleted_by=None)
    )
    await session.execute(
        update(Chatroom).where(Chatroom.created_by == pid, rooms).values(created_by=NULL_ID)
    )
    await _rename_direct_rooms(session, scope, rooms)


async def _rename_direct_rooms(
    session: AsyncSession, scope: Scope, rooms: ColumnElement[bool]
) -> None:
    """A direct room's name is its pair of person ids. The other person keeps the conversation,
    under a name that no longer names the erased one and that no new pair can ever take."""
    found = await session.scalars(
        select(Chatroom).where(
            Chatroom.kind == ChatroomKind.DIRECT.value,
            Chatroom.internal_name.contains(scope.person_id, autoescape=True),
            rooms,
        )
    )
    for room in found.all():
        pair = direct_pair(room)
        if pair is None or scope.person_id not in pair:
            continue
        other = pair[1] if pair[0] == scope.person_id else pair[0]
        room.internal_name = f"direct:{other}:erased-{room.id}"
    await session.flush()


async def erase_reactions(session: AsyncSession, scope: Scope) -> None:
    """The person's reactions go, and the counts of the messages they reacted to are recounted
    (a message's counters are the number of its reaction rows)."""
    where = event_rows(ChatMessageReaction.__table__, scope.event_id)
    mine = and_(ChatMessageReaction.person_id == scope.person_id, where)
    reacted = await session.execute(
        select(ChatMessageReaction.chatroom_id, ChatMessageReaction.message_id).where(mine)
    )
    by_room: dict[str, list[str]] = defaultdict(list)
    for room_id, message_id in reacted:
        by_room[room_id].append(message_id)
    await session.execute(delete(ChatMessageReaction).where(mine))
    for room_id, message_ids in by_room.items():
        await session.execute(
            update(ChatMessage)
            .where(ChatMessage.chatroom_id == room_id, ChatMessage.id.in_(message_ids))
            .values(
                like_count=_reaction_count(ReactionKind.LIKE),
                dislike_count=_reaction_count(ReactionKind.DISLIKE),
            )
        )


def _reaction_count(kind: ReactionKind) -> ScalarSelect[int]:
    return (
        select(func.count())
        .where(
            ChatMessageReaction.chatroom_id == ChatMessage.chatroom_id,
            ChatMessageReaction.message_id == ChatMessage.id,
            ChatMessageReaction.kind == kind.value,
        )
        .scalar_subquery()
    )


async def erase_upvotes(session: AsyncSession, scope: Scope) -> None:
    """The person's upvotes go; the questions' sorting counter is recounted to match."""
    where = event_rows(Upvote.__table__, scope.event_id)
    mine = and_(Upvote.person_id == scope.person_id, where)
    question_ids = list(await session.scalars(select(Upvote.question_id).where(mine)))
    await session.execute(delete(Upvote).where(mine))
    if question_ids:
        votes = select(func.count()).where(Upvote.question_id == Question.id).scalar_subquery()
        await session.execute(
            update(Question).where(Question.id.in_(question_ids)).values(votes=votes)
        )
