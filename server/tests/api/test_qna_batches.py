"""Upvotes stored in batches (qna/upvotes.py): one batch answers each upvote alone, counts each
(question, person) once, and leaves the count column equal to the stored upvotes."""

from __future__ import annotations

from sqlalchemy import func, select

from tests.api.qna_support import Board, board
from venuely.core.errors import ApiError
from venuely.core.ids import new_id
from venuely.qna.models import Question, Upvote
from venuely.qna.upvotes import UpvoteRequest, write_upvotes

__all__ = ["board"]  # the fixture, used by name


async def _counts(b: Board, question_id: str) -> tuple[int, int]:
    """(the count column, the stored upvotes) of a question."""
    async with b.services.db.session() as session:
        column = await session.scalar(select(Question.votes).where(Question.id == question_id))
        rows = await session.scalar(
            select(func.count()).select_from(Upvote).where(Upvote.question_id == question_id)
        )
    return int(column or 0), int(rows or 0)


async def test_a_batch_counts_each_upvote_once_and_answers_each_alone(b: Board) -> None:
    first = await b.ask("attendee_a", "Will the slides be shared?")
    second = await b.ask("other_a", "Is there a recording?")
    hidden = await b.ask("other_a", "Off topic")
    await b.moderate(hidden["ID"], Status="hidden")
    assert (await b.vote("other_a", first["ID"])).status_code == 200  # before the batch
    ann, grace = b.person_ids["attendee_a"], b.person_ids["other_a"]
    carl = await b.add_attendee("carl")
    now = b.services.clock.now()
    requests = [
        UpvoteRequest(first["ID"], ann, now),
        UpvoteRequest(first["ID"], carl, now),
        UpvoteRequest(first["ID"], ann, now),  # the same pair twice in the batch
        UpvoteRequest(first["ID"], grace, now),  # upvoted before the batch
        UpvoteRequest(hidden["ID"], ann, now),  # hidden since it was read
        UpvoteRequest(new_id(), ann, now),  # deleted, or never there
        UpvoteRequest(second["ID"], ann, now),
    ]
    outcomes = await write_upvotes(b.services, requests)
    assert [o.code if isinstance(o, ApiError) else o for o in outcomes] == [
        3,
        3,
        "ALREADY_UPVOTED",
        "ALREADY_UPVOTED",
        "QUESTION_NOT_FOUND",
        "QUESTION_NOT_FOUND",
        1,
    ]
    assert await _counts(b, first["ID"]) == (3, 3)
    assert await _counts(b, second["ID"]) == (1, 1)
    assert await _counts(b, hidden["ID"]) == (0, 0)

    again = await write_upvotes(b.services, [UpvoteRequest(second["ID"], ann, now)])
    assert [o.code if isinstance(o, ApiError) else o for o in again] == ["ALREADY_UPVOTED"]
    assert await _counts(b, second["ID"]) == (1, 1)
