"""Storing upvotes: every upvote sent meanwhile in one transaction (docs/subsystems/qna.md).

An upvote storm is thousands of people liking a few questions within seconds. `add_upvote`
queues the upvote on the process's group commit (core/batching.py), REST's and QUESTION_UPVOTE's
alike, and `write_upvotes` stores each batch in one transaction with a few statements, whatever
its size:

1. The write turn first (`begin_write`). Socket callers are checked as REST checks them
   (`check_command_callers`, one statement for the batch). Then the batch's sessions and
   questions are read once each (locked against moderation on PostgreSQL), and each upvote is
   checked in REST's order: a session of the caller's event (ACTIVITY_NOT_FOUND), a published
   question of that session (QUESTION_NOT_FOUND), Q&A on (QNA_CLOSED).
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
from sqlalchemy.engine import RowMapping
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventCaller, resolve_command_callers
from venuely.activities.access import activity_not_found_in
from venuely.activities.models import Activity, EntityType
from venuely.core.batching import Batcher
from venuely.core.db import begin_write
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.qna.access import qna_closed, question_not_found
from venuely.qna.frames import UpvoteNotice
from venuely.qna.models import Question, Status, Upvote
from venuely.qna.settings import interaction_from
from venuely.qna.votes import mark_votes
from venuely.realtime.hub import person_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish

NAME = "qna.upvotes"

# The tables, not the ORM entities: a storm's statements skip the ORM's per-row work.
_ACTIVITIES = cast(Table, Activity.__table__)
_QUESTIONS = cast(Table, Question.__table__)
_UPVOTES = cast(Table, Upvote.__table__)
_activities, _questions, _upvotes = _ACTIVITIES.c, _QUESTIONS.c, _UPVOTES.c

_READ_SESSIONS = select(
    _activities.id, _activities.event_id, _activities.entity_type, _activities.document
).where(_activities.id.in_(bindparam("ids", expanding=True)))
_READ_QUESTIONS = select(_questions.id, _questions.session_id, _questions.status).where(
    _questions.id.in_(bindparam("ids", expanding=True))
)
_ADD_VOTES = (
    update(_QUESTIONS)
    .where(_questions.id == bindparam("question_id"))
    .values(votes=_questions.votes + bindparam("added"))
    .returning(_questions.votes)
)

Pair = tuple[str, str]  # (question id, person id)


@dataclass(frozen=True, slots=True)
class UpvoteRequest:
    """An upvote as sent. Its caller was admitted to the event already (REST's policy), or is
    the auth session of the socket it came from, checked with the batch that stores it."""

    event_id: str
    caller: EventCaller | str
    session_id: str
    question_id: str
    at: datetime


@dataclass(frozen=True, slots=True)
class UpvoteOutcome:
    """A stored upvote: who, and the question's count right after it."""

    event_id: str
    session_id: str
    question_id: str
    person_id: str
    votes: int

    def notice(self, tmp_id: str) -> UpvoteNotice:
        return UpvoteNotice(
            EventID=self.event_id,
            SessionID=self.session_id,
            QuestionID=self.question_id,
            TmpID=tmp_id,
            Votes=self.votes,
        )


async def add_upvote(
    services: Services,
    caller: EventCaller | str,
    event_id: str,
    session_id: str,
    question_id: str,
) -> UpvoteOutcome:
    """Store the caller's upvote with the others sent meanwhile; ALREADY_UPVOTED the second
    time. Publishing is the caller's, after (`announce_upvote`). Hold no database connection
    while awaiting it: the batch needs one."""
    request = UpvoteRequest(event_id, caller, session_id, question_id, services.clock.now())
    return await _writer(services).submit(request)


async def announce_upvote(services: Services, outcome: UpvoteOutcome, tmp_id: str) -> None:
    """After the commit: the voter's connections learn it, the session's counts are marked."""
    await publish(
        services.hub,
        person_channel(outcome.person_id),
        Opcode.QUESTION_UPVOTE_NOTIFY,
        outcome.notice(tmp_id),
    )
    mark_votes(services, outcome.event_id, outcome.session_id, outcome.question_id)


def _writer(services: Services) -> Batcher[UpvoteRequest, UpvoteOutcome]:
    async def write(requests: Sequence[UpvoteRequest]) -> list[UpvoteOutcome | ApiError]:
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
) -> list[UpvoteOutcome | ApiError]:
    outcomes: list[UpvoteOutcome | ApiError | None] = [None] * len(requests)
    first: dict[Pair, tuple[int, datetime]] = {}  # the first send of each pair, and when
    async with services.db.session() as session:
        await begin_write(session)
        callers = await resolve_command_callers(
            session, services, [(request.event_id, request.caller) for request in requests]
        )
        sessions, questions = await _targets(session, requests)
        people: list[str] = []
        for index, request in enumerate(requests):
            caller = callers[index]
            people.append("" if isinstance(caller, ApiError) else caller.person_id)
            try:
                if isinstance(caller, ApiError):
                    raise caller
                _check(
                    request,
                    sessions.get(request.session_id),
                    questions.get(request.question_id),
                )
            except ApiError as refusal:
                outcomes[index] = refusal
                continue
            first.setdefault((request.question_id, caller.person_id), (index, request.at))
        added = await _insert(session, first)
        votes = await _add_votes(session, added)
    for index, request in enumerate(requests):
        if outcomes[index] is not None:
            continue
        pair = (request.question_id, people[index])
        if pair in added and first[pair][0] == index:
            outcomes[index] = UpvoteOutcome(
                request.event_id,
                request.session_id,
                request.question_id,
                people[index],
                votes[request.question_id],
            )
        else:
            outcomes[index] = already_upvoted(request.question_id)
    return [outcome for outcome in outcomes if outcome is not None]


async def _targets(
    session: AsyncSession, requests: Sequence[UpvoteRequest]
) -> tuple[dict[str, RowMapping], dict[str, RowMapping]]:
    """The batch's sessions and questions, by id."""
    read_sessions, read_questions = _READ_SESSIONS, _READ_QUESTIONS
    if session.get_bind().dialect.name == "postgresql":
        # Switching Q&A off, hiding or deleting a question waits until the batch has committed.
        read_sessions = read_sessions.with_for_update(read=True)
        read_questions = read_questions.with_for_update(read=True)
    session_ids = sorted({request.session_id for request in requests})
    question_ids = sorted({request.question_id for request in requests})
    sessions = await session.execute(read_sessions, {"ids": session_ids})
    questions = await session.execute(read_questions, {"ids": question_ids})
    return (
        {row.id: row._mapping for row in sessions},
        {row.id: row._mapping for row in questions},
    )


def _check(
    request: UpvoteRequest, activity: RowMapping | None, question: RowMapping | None
) -> None:
    """REST's checks in REST's order: `access_qna_session`, `access_question` (only published
    questions take votes, so any other is not found), then the Q&A switch."""
    if (
        activity is None
        or activity["event_id"] != request.event_id
        or activity["entity_type"] != EntityType.SESSION.value
    ):
        raise activity_not_found_in(request.event_id, request.session_id)
    if (
        question is None
        or question["session_id"] != request.session_id
        or question["status"] != Status.VISIBLE.value
    ):
        raise question_not_found(request.question_id)
    if not interaction_from(activity["document"]).qna_enabled:
        raise qna_closed(request.session_id)


async def _insert(session: AsyncSession, first: dict[Pair, tuple[int, datetime]]) -> set[Pair]:
    """The (question, person) pairs this batch stored; the others were there already."""
    if not first:
        return set()
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    rows = [
        {"question_id": question_id, "person_id": person_id, "created_at": at}
        for (question_id, person_id), (_, at) in sorted(first.items())
    ]
    inserted = await session.execute(
        dialect.insert(_UPVOTES)
        .values(rows)
        .on_conflict_do_nothing()
        .returning(_upvotes.question_id, _upvotes.person_id)
    )
    return {(question_id, person_id) for question_id, person_id in inserted.all()}


async def _add_votes(session: AsyncSession, added: set[Pair]) -> dict[str, int]:
    """Each question's count column grown by its new upvotes; the counts after."""
    per_question: dict[str, int] = {}
    for question_id, _ in added:
        per_question[question_id] = per_question.get(question_id, 0) + 1
    votes: dict[str, int] = {}
    for question_id in sorted(per_question):  # one lock order across processes
        counted = await session.scalar(
            _ADD_VOTES, {"question_id": question_id, "added": per_question[question_id]}
        )
        votes[question_id] = int(counted or 0)
    return votes
