"""Business rules of Q&A: asking, the board, upvotes, moderation (docs/subsystems/qna.md).

Every write commits first and signals after (architecture.md §5): QUESTION_NOTIFY through
`notices.publish_question`, upvote counts through the coalesced `votes.mark_votes`.

**The board's order** is pinned first, then most upvotes, then oldest, then id. It is read with
one query per status, cut at `MAX_LISTED`, each an index range of `ix_qna_questions_board` read
backwards (pinned, votes descending), whose runs of equal counts the database puts in time order
as it goes (PostgreSQL's incremental sort, SQLite's sort of the ORDER BY's right part), so the
LIMIT stops the read early however many questions the session has. The cut is the bound of the
list: per status, the top `MAX_LISTED` questions in board order (plus, for an attendee, up to
`MAX_LISTED` of their own pending or hidden ones). The parts are merged in Python, a sort of at
most 3 × `MAX_LISTED` rows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Select, and_, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from venuely.accounts.models import Person
from venuely.accounts.permissions import EventAccess, EventCaller, require_role
from venuely.activities.models import Activity
from venuely.admins.roles import Role
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.qna.access import lock_qna_session, qna_closed, question_not_found
from venuely.qna.frames import MAX_QUESTION
from venuely.qna.models import Question, Status, Upvote
from venuely.qna.notices import publish_question, wire_status
from venuely.qna.schemas import QuestionIn, QuestionOut, QuestionPatch
from venuely.qna.settings import interaction_of
from venuely.qna.upvotes import add_upvote, announce_upvote
from venuely.qna.votes import mark_votes

MAX_LISTED = 500
# At most ASK_LIMIT questions per person and session within any ASK_WINDOW.
ASK_LIMIT = 5
ASK_WINDOW = timedelta(minutes=1)

_BOARD_ORDER = (
    Question.pinned.desc(),
    Question.votes.desc(),
    Question.created_at,
    Question.id,
)


@dataclass(frozen=True, slots=True)
class Viewer:
    person_id: str
    is_admin: bool


def viewer_of(access: EventAccess) -> Viewer:
    return Viewer(access.principal.person_id, access.is_admin)


def question_out(
    question: Question, author_name: str, viewer: Viewer, *, upvoted: bool
) -> QuestionOut:
    mine = question.person_id == viewer.person_id
    named = viewer.is_admin or mine or not question.anonymous
    return QuestionOut(
        ID=question.id,
        EventID=question.event_id,
        SessionID=question.session_id,
        Text=question.text,
        AuthorName=author_name if named else None,
        Anonymous=question.anonymous,
        Status=wire_status(question),
        Answered=question.answered,
        Pinned=question.pinned,
        Votes=question.votes,
        CreatedAt=question.created_at,
        Upvoted=upvoted,
        Mine=mine,
    )


def _check_open(activity: Activity) -> None:
    if not interaction_of(activity).qna_enabled:
        raise qna_closed(activity.id)


def _full_name(first: str, last: str) -> str:
    return f"{first} {last}".strip()


async def author_name(session: AsyncSession, person_id: str) -> str:
    row = (
        await session.execute(
            select(Person.first_name, Person.last_name).where(Person.id == person_id)
        )
    ).one_or_none()
    return "" if row is None else _full_name(row[0], row[1])


def _with_names(viewer: Viewer) -> Select[Question, str, str, str]:
    """Questions with their author's name and whether the viewer upvoted each (the last
    column: the viewer's id, or None from the outer join when they did not)."""
    return (
        select(Question, Person.first_name, Person.last_name, Upvote.person_id)
        .join(Person, Person.id == Question.person_id)
        .outerjoin(
            Upvote,
            and_(Upvote.question_id == Question.id, Upvote.person_id == viewer.person_id),
        )
    )


async def view_question(session: AsyncSession, question: Question, viewer: Viewer) -> QuestionOut:
    row = (
        await session.execute(_with_names(viewer).where(Question.id == question.id))
    ).one_or_none()
    if row is None:
        raise question_not_found(question.id)
    _, first, last, upvoter = row
    return question_out(question, _full_name(first, last), viewer, upvoted=upvoter is not None)


async def list_questions(
    session: AsyncSession, activity: Activity, viewer: Viewer
) -> list[QuestionOut]:
    """The board as `viewer` may read it (module doc: order and bound)."""
    base = _with_names(viewer).where(Question.session_id == activity.id)
    statuses = list(Status) if viewer.is_admin else [Status.VISIBLE]
    queries = [
        base.where(Question.status == status.value).order_by(*_BOARD_ORDER).limit(MAX_LISTED)
        for status in statuses
    ]
    if not viewer.is_admin:
        queries.append(
            base.where(
                Question.person_id == viewer.person_id,
                Question.status != Status.VISIBLE.value,
            )
            .order_by(Question.created_at.desc())
            .limit(MAX_LISTED)
        )
    rows = [row for query in queries for row in (await session.execute(query)).all()]
    rows.sort(key=lambda r: (not r[0].pinned, -r[0].votes, r[0].created_at, r[0].id))
    return [
        question_out(q, _full_name(first, last), viewer, upvoted=upvoter is not None)
        for q, first, last, upvoter in rows
    ]


def _checked_text(text: str, session_id: str) -> str:
    cleaned = text.strip()
    if not cleaned:
        raise ApiError(ErrorCode.TEXT_EMPTY, "The question is empty", {"SessionID": session_id})
    if len(cleaned) > MAX_QUESTION:
        raise ApiError(
            ErrorCode.TEXT_TOO_LONG,
            f"A question is at most {MAX_QUESTION} characters",
            {"SessionID": session_id, "MaxLength": MAX_QUESTION},
        )
    return cleaned


async def _check_ask_rate(
    session: AsyncSession, session_id: str, person_id: str, now: datetime
) -> None:
    """A sliding window over the person's stored questions. Runs under the session lock, so two
    asks at once cannot both pass as the fifth."""
    recent = (
        await session.scalars(
            select(Question.created_at)
            .where(
                Question.session_id == session_id,
                Question.person_id == person_id,
                Question.created_at > now - ASK_WINDOW,
            )
            .order_by(Question.created_at.desc())
            .limit(ASK_LIMIT)
        )
    ).all()
    if len(recent) < ASK_LIMIT:
        return
    wait_ms = max(1, math.ceil((recent[-1] + ASK_WINDOW - now).total_seconds() * 1000))
    raise ApiError(
        ErrorCode.RATE_LIMITED,
        f"At most {ASK_LIMIT} questions a minute; try again shortly",
        {"SessionID": session_id, "RetryAfterMs": wait_ms},
        headers={"Retry-After": str(math.ceil(wait_ms / 1000))},
    )


async def ask_question(
    session: AsyncSession,
    services: Services,
    access: EventAccess,
    activity: Activity,
    body: QuestionIn,
) -> QuestionOut:
    _check_open(activity)
    text = _checked_text(body.Text, activity.id)
    activity = await lock_qna_session(session, activity)
    _check_open(activity)  # switched off while this request waited for the lock
    person = access.principal.person
    now = services.clock.now()
    await _check_ask_rate(session, activity.id, person.id, now)
    moderated = interaction_of(activity).qna_moderated
    question = Question(
        id=new_id(),
        event_id=activity.event_id,
        session_id=activity.id,
        person_id=person.id,
        text=text,
        anonymous=body.Anonymous,
        status=(Status.PENDING if moderated else Status.VISIBLE).value,
        answered=False,
        pinned=False,
        votes=0,
        created_at=now,
        answered_at=None,
        updated_at=now,
    )
    session.add(question)
    await session.commit()
    await publish_question(services, question, person.full_name)
    return question_out(question, person.full_name, viewer_of(access), upvoted=False)


async def _set_votes(session: AsyncSession, question: Question, step: int) -> None:
    # `votes + step` evaluated by the database on the current row (row-locked by PostgreSQL),
    # so concurrent upvotes of one question all count; then copied into the loaded object
    # without marking it changed, or the flush would write the stale value back.
    votes = await session.scalar(
        update(Question)
        .where(Question.id == question.id)
        .values(votes=Question.votes + step)
        .returning(Question.votes)
        .execution_options(synchronize_session=False)
    )
    set_committed_value(question, "votes", int(votes or 0))


async def upvote(
    session: AsyncSession,
    services: Services,
    access: EventAccess,
    activity: Activity,
    question: Question,
) -> QuestionOut:
    """One upvote per person: ALREADY_UPVOTED the second time, also when two requests race (the
    primary key decides, `upvotes.py`; nothing is counted twice). QUESTION_UPVOTE is the same
    upvote over the socket."""
    _check_open(activity)
    if question.status != Status.VISIBLE:
        raise question_not_found(question.id)  # only the public board is voted on
    # Ends the reads' transaction, handing the connection back to the pool: the upvote's batch
    # needs one, and a storm of requests each holding one would starve it.
    await session.commit()
    caller = EventCaller(access.principal.person_id, access.is_admin)
    outcome = await add_upvote(services, caller, access.event.id, activity.id, question.id)
    await announce_upvote(services, outcome, tmp_id="")
    set_committed_value(question, "votes", outcome.votes)
    return await view_question(session, question, viewer_of(access))


async def remove_upvote(
    session: AsyncSession,
    services: Services,
    access: EventAccess,
    activity: Activity,
    question: Question,
) -> QuestionOut:
    """Idempotent: removing an upvote the caller never gave changes nothing and answers 200."""
    _check_open(activity)
    removed = await session.scalar(
        delete(Upvote)
        .where(
            Upvote.question_id == question.id,
            Upvote.person_id == access.principal.person_id,
        )
        .returning(Upvote.person_id)
    )
    if removed is not None:
        await _set_votes(session, question, -1)
        await session.commit()
        mark_votes(services, question.event_id, question.session_id, question.id)
    return await view_question(session, question, viewer_of(access))


def _cannot_pin(question: Question, status: str) -> ApiError:
    return ApiError(
        ErrorCode.VALIDATION_ERROR,
        "Only a visible question can be pinned; send Status visible with Pinned",
        {"QuestionID": question.id, "Status": status},
    )


async def moderate(
    session: AsyncSession,
    services: Services,
    access: EventAccess,
    activity: Activity,
    question: Question,
    patch: QuestionPatch,
) -> QuestionOut:
    """Approve or hide, mark answered, pin. Pinning unpins the session's other pinned question
    (under the session lock, so two organizers pinning at once leave one pinned)."""
    await lock_qna_session(session, activity)
    fresh = await session.scalar(
        select(Question).where(Question.id == question.id).execution_options(populate_existing=True)
    )
    if fresh is None:
        raise question_not_found(question.id)
    status = patch.Status or fresh.status
    pinned = fresh.pinned if patch.Pinned is None else patch.Pinned
    if status != Status.VISIBLE:
        if patch.Pinned:
            raise _cannot_pin(fresh, status)
        pinned = False
    answered = fresh.answered if patch.Answered is None else patch.Answered
    if (status, pinned, answered) == (fresh.status, fresh.pinned, fresh.answered):
        return await view_question(session, fresh, viewer_of(access))
    now = services.clock.now()
    unpinned: Sequence[Question] = []
    if pinned and not fresh.pinned:
        unpinned = (
            await session.scalars(
                update(Question)
                .where(
                    Question.session_id == activity.id,
                    Question.pinned.is_(True),
                    Question.id != fresh.id,
                )
                .values(pinned=False, updated_at=now)
                .returning(Question)
                .execution_options(populate_existing=True)
            )
        ).all()
    if answered != fresh.answered:
        fresh.answered_at = now if answered else None
    fresh.status, fresh.pinned, fresh.answered, fresh.updated_at = status, pinned, answered, now
    await session.commit()
    for other in unpinned:
        await publish_question(services, other, await author_name(session, other.person_id))
    await publish_question(services, fresh, await author_name(session, fresh.person_id))
    return await view_question(session, fresh, viewer_of(access))


async def delete_question(
    session: AsyncSession, services: Services, access: EventAccess, question: Question
) -> None:
    """Its author at any time, or an organizer holding `moderation`; upvotes go with it
    (cascade)."""
    if question.person_id != access.principal.person_id:
        if access.is_admin:
            require_role(access, Role.MODERATION)
        else:
            raise ApiError(
                ErrorCode.FORBIDDEN,
                "Only its author or an organizer may delete a question",
                {"QuestionID": question.id},
            )
    name = await author_name(session, question.person_id)
    await session.delete(question)
    await session.commit()
    await publish_question(services, question, name, deleted=True)
