"""Storing upvotes: every upvote sent meanwhile in one transaction (docs/subsystems/qna.md).

An upvote storm is thousands of people liking a few questions within seconds. `add_upvote`
queues the upvote on the process's group commit (core/batching.py), and `write_upvotes` stores
each batch in one transaction with a few statements, whatever its size:

1. The write turn first (`begin_write`), then which of the batch's questions are still visible
   (locked against moderation on PostgreSQL): an upvote of a question hidden or deleted since
   the request read it is QUESTION_NOT_FOUND.
2. One `INSERT … ON CONFLICT DO NOTHING … RETURNING` of the upvotes: the primary key (question,
   person) decides, also against another process storing the same upvote at the same moment.
   A pair that was there already, or comes twice in the batch, is ALREADY_UPVOTED.
3. Each question's `votes` column grows by its new upvotes, evaluated by the database on the
   current row (`votes + n`, one statement per question), and answers the new count.

The count column serves the board's order; the frames attendees see are recounted from the
upvote rows (`votes.py`), so they equal the stored upvotes whatever raced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.batching import Batcher
from venuely.core.db import begin_write
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.qna.access import question_not_found
from venuely.qna.models import Question, Status, Upvote

NAME = "qna.upvotes"

# The tables, not the ORM entities: a storm's statements skip the ORM's per-row work.
_QUESTIONS = cast(Table, Question.__table__)
_UPVOTES = cast(Table, Upvote.__table__)
_questions, _upvotes = _QUESTIONS.c, _UPVOTES.c

_VISIBLE = select(_questions.id).where(
    _questions.id.in_(bindparam("question_ids", expanding=True)),
    _questions.status == Status.VISIBLE.value,
)
_ADD_VOTES = (
    update(_QUESTIONS)
    .where(_questions.id == bindparam("question_id"))
    .values(votes=_questions.votes + bindparam("added"))
    .returning(_questions.votes)
)


@dataclass(frozen=True, slots=True)
class UpvoteRequest:
    question_id: str
    person_id: str
    at: datetime


async def add_upvote(services: Services, question_id: str, person_id: str) -> int:
    """Store the person's upvote of a visible question with the others sent meanwhile; the
    question's count after it. ALREADY_UPVOTED the second time. Hold no database connection
    while awaiting it: the batch needs one."""
    request = UpvoteRequest(question_id, person_id, services.clock.now())
    return await _writer(services).submit(request)


def _writer(services: Services) -> Batcher[UpvoteRequest, int]:
    async def write(requests: Sequence[UpvoteRequest]) -> list[int | ApiError]:
        return await write_upvotes(services, requests)

    # The process's one batcher of this name; `write` is used only when it is first made.
    return services.background.batcher(NAME, write)


def already_upvoted(question_id: str) -> ApiError:
    return ApiError(
        ErrorCode.ALREADY_UPVOTED,
        "You upvoted this question already",
        {"QuestionID": question_id},
    )


async def write_upvotes(
    services: Services, requests: Sequence[UpvoteRequest]
) -> list[int | ApiError]:
    async with services.db.session() as session:
        await begin_write(session)
        visible = await _visible(session, {request.question_id for request in requests})
        wanted = {
            (request.question_id, request.person_id): request
            for request in reversed(requests)  # the first of a pair sent twice is the one
            if request.question_id in visible
        }
        added = await _insert(session, list(wanted.values()))
        per_question: dict[str, int] = {}
        for question_id, _ in added:
            per_question[question_id] = per_question.get(question_id, 0) + 1
        votes: dict[str, int] = {}
        for question_id in sorted(per_question):  # one lock order across processes
            votes[question_id] = int(
                await session.scalar(
                    _ADD_VOTES, {"question_id": question_id, "added": per_question[question_id]}
                )
                or 0
            )
    outcomes: list[int | ApiError] = []
    for request in requests:
        pair = (request.question_id, request.person_id)
        if request.question_id not in visible:
            outcomes.append(question_not_found(request.question_id))
        elif pair in added and wanted[pair] is request:
            outcomes.append(votes[request.question_id])
        else:
            outcomes.append(already_upvoted(request.question_id))
    return outcomes


async def _visible(session: AsyncSession, question_ids: set[str]) -> set[str]:
    query = _VISIBLE
    if session.get_bind().dialect.name == "postgresql":
        # Hiding or deleting the question waits until the batch has committed.
        query = query.with_for_update(read=True)
    rows = await session.execute(query, {"question_ids": sorted(question_ids)})
    return set(rows.scalars().all())


async def _insert(session: AsyncSession, requests: list[UpvoteRequest]) -> set[tuple[str, str]]:
    """The (question, person) pairs this batch stored; the others were there already."""
    if not requests:
        return set()
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    rows = sorted(
        (
            {"question_id": r.question_id, "person_id": r.person_id, "created_at": r.at}
            for r in requests
        ),
        key=lambda row: (row["question_id"], row["person_id"]),
    )
    inserted = await session.execute(
        dialect.insert(_UPVOTES)
        .values(rows)
        .on_conflict_do_nothing()
        .returning(_upvotes.question_id, _upvotes.person_id)
    )
    return {(question_id, person_id) for question_id, person_id in inserted.all()}
