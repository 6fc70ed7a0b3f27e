"""Upvote counts on the wire: QUESTION_VOTES_NOTIFY, coalesced per session.

An upvote storm (a thousand people liking the same question within seconds) must not become a
frame per upvote for every socket of the event (architecture.md §7). Each committed upvote or
removal marks (session, question) here; at most every `INTERVAL` seconds per session the flush
recounts the marked questions from `qna_upvotes` (one GROUP BY over the primary key) and sends
one frame to the event with their counts. Only visible questions are sent: a pending or hidden
question's count is nobody else's business.

What was marked is kept per process in memory, keyed by session id (ids are unique, so every
`Services` of a process can share the map): a process that dies loses a tick, which clients
repair by re-reading the questions over REST.
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.background import Coalescer
from venuely.core.services import Services
from venuely.qna.frames import QuestionVotes, VotesNotice
from venuely.qna.models import Question, Status, Upvote
from venuely.realtime.hub import event_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish

NAME = "qna.votes"
INTERVAL = 0.25

# session id → (its event's id, ids of its questions whose upvotes changed since its last tick)
_changed: dict[str, tuple[str, set[str]]] = {}


def _coalescer(services: Services) -> Coalescer[str]:
    async def flush(session_id: str) -> None:
        await flush_votes(services, session_id)

    # The process's one coalescer of this name; `flush` is used only when it is first made.
    return services.background.coalescer(NAME, INTERVAL, flush)


def mark_votes(services: Services, event_id: str, session_id: str, question_id: str) -> None:
    """After the commit of an upvote of a question or its removal."""
    _changed.setdefault(session_id, (event_id, set()))[1].add(question_id)
    _coalescer(services).mark(session_id)


async def recount(
    session: AsyncSession, session_id: str, question_ids: Collection[str] | None = None
) -> dict[str, int]:
    """Stored upvotes per visible question of the session (of `question_ids` when given), zero
    for those without any."""
    query = (
        select(Question.id, func.count(Upvote.person_id))
        .outerjoin(Upvote, Upvote.question_id == Question.id)
        .where(Question.session_id == session_id, Question.status == Status.VISIBLE.value)
        .group_by(Question.id)
    )
    if question_ids is not None:
        query = query.where(Question.id.in_(sorted(question_ids)))
    rows = await session.execute(query)
    return {question_id: int(count) for question_id, count in rows.all()}


async def flush_votes(services: Services, session_id: str) -> None:
    marked = _changed.pop(session_id, None)
    if marked is None:
        return
    event_id, question_ids = marked
    async with services.db.session() as session:
        counts = await recount(session, session_id, question_ids)
    if not counts:
        return  # hidden or deleted since: nothing any attendee shows
    notice = VotesNotice(
        SessionID=session_id,
        EventID=event_id,
        Votes=[QuestionVotes(ID=qid, Votes=counts[qid]) for qid in sorted(counts)],
    )
    await publish(services.hub, event_channel(event_id), Opcode.QUESTION_VOTES_NOTIFY, notice)
