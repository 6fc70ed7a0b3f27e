"""Upvotes stored in batches (qna/upvotes.py): one batch checks each upvote as REST would,
answers each alone, counts each (question, person) once, and leaves the count column equal to
the stored upvotes."""

from __future__ import annotations

from sqlalchemy import func, select

from tests.api.qna_support import Board, board
from venuely.accounts.permissions import EventCaller
from venuely.core.errors import ApiError
from venuely.core.ids import new_id
from venuely.core.security import decode_jwt
from venuely.qna.models import Question, Upvote
from venuely.qna.upvotes import UpvoteOutcome, UpvoteRequest, write_upvotes

__all__ = ["board"]  # the fixture, used by name


async def _counts(b: Board, question_id: str) -> tuple[int, int]:
    """(the count column, the stored upvotes) of a question."""
    async with b.services.db.session() as session:
        column = await session.scalar(select(Question.votes).where(Question.id == question_id))
        rows = await session.scalar(
            select(func.count()).select_from(Upvote).where(Upvote.question_id == question_id)
        )
    return int(column or 0), int(rows or 0)


def _socket(b: Board, who: str) -> str:
    """The auth session a socket of `who` carries."""
    token = b.h(who)["Authorization"].split()[1]
    claims = decode_jwt(token, b.services.settings.secret_key, b.services.clock.now())
    return str(claims["jti"])


def _summary(outcome: UpvoteOutcome | ApiError) -> object:
    if isinstance(outcome, ApiError):
        return outcome.code
    return outcome.person_id, outcome.votes


async def test_a_batch_counts_each_upvote_once_and_answers_each_alone(b: Board) -> None:
    first = await b.ask("attendee_a", "Will the slides be shared?")
    second = await b.ask("other_a", "Is there a recording?")
    hidden = await b.ask("other_a", "Off topic")
    await b.moderate(hidden["ID"], Status="hidden")
    assert (await b.vote("other_a", first["ID"])).status_code == 200  # before the batch
    ann = b.person_ids["attendee_a"]
    carl = await b.add_attendee("carl")
    ann_socket, carl_socket, grace_socket = (
        _socket(b, w) for w in ("attendee_a", "carl", "other_a")
    )
    now = b.services.clock.now()

    def up(caller: EventCaller | str, question_id: str, session_id: str = "") -> UpvoteRequest:
        return UpvoteRequest(b.event_id, caller, session_id or b.session_id, question_id, now)

    requests = [
        up(ann_socket, first["ID"]),  # 0
        up(carl_socket, first["ID"]),  # 1
        up(ann_socket, first["ID"]),  # 2 the same pair twice in the batch
        up(grace_socket, first["ID"]),  # 3 upvoted before the batch
        up(ann_socket, hidden["ID"]),  # 4 hidden since it was read
        up(ann_socket, new_id()),  # 5 deleted, or never there
        up(EventCaller(ann, is_admin=False), second["ID"]),  # 6 admitted by REST's policy
        up(new_id(), second["ID"]),  # 7 a session that does not exist
        up(_socket(b, "attendee_b"), second["ID"]),  # 8 a token for event B
        up(carl_socket, second["ID"], session_id=b.session_b),  # 9 a session of event B
        up(carl_socket, second["ID"], session_id=new_id()),  # 10 no such session
    ]
    outcomes = await write_upvotes(b.services, requests)
    assert [_summary(o) for o in outcomes] == [
        (ann, 3),
        (carl, 3),
        "ALREADY_UPVOTED",
        "ALREADY_UPVOTED",
        "QUESTION_NOT_FOUND",
        "QUESTION_NOT_FOUND",
        (ann, 1),
        "TOKEN_REVOKED",
        "FORBIDDEN",
        "ACTIVITY_NOT_FOUND",
        "ACTIVITY_NOT_FOUND",
    ]
    assert await _counts(b, first["ID"]) == (3, 3)
    assert await _counts(b, second["ID"]) == (1, 1)
    assert await _counts(b, hidden["ID"]) == (0, 0)

    again = await write_upvotes(b.services, [up(ann_socket, second["ID"])])
    assert [_summary(o) for o in again] == ["ALREADY_UPVOTED"]
    assert (await b.interaction(QnaEnabled=False)).status_code == 200
    closed = await write_upvotes(b.services, [up(carl_socket, second["ID"])])
    assert [_summary(o) for o in closed] == ["QNA_CLOSED"]
    assert await _counts(b, second["ID"]) == (1, 1)
