"""Permission-checked loaders of Q&A (docs/subsystems/qna.md).

- `access_qna_session`: a `Session` activity of the event in the path (the policy admitted the
  caller to that event). An unknown id, another event's session or another type of activity is
  404 `ACTIVITY_NOT_FOUND`.
- `access_question`: a question of that session the caller may read. Organizers read every one;
  attendees the visible ones and their own. Anything else (an unknown id, a question of another
  session, another attendee's pending or hidden question) is 404 `QUESTION_NOT_FOUND`, so a
  question nobody has approved cannot be told apart from one that does not exist.
- `lock_qna_session`: the session row, locked for the rest of the unit of work, freshly read.
  Writes that read before they decide (the ask rate limit, "one pinned question") take it first,
  so two of them in the same session run one after the other.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.activities.access import access_activity
from venuely.activities.models import Activity, EntityType
from venuely.core.errors import ApiError, ErrorCode
from venuely.events.models import Event
from venuely.qna.models import Question, Status


async def access_qna_session(session: AsyncSession, event: Event, session_id: str) -> Activity:
    return await access_activity(session, event, session_id, entity_type=EntityType.SESSION)


def question_not_found(question_id: str) -> ApiError:
    return ApiError(
        ErrorCode.QUESTION_NOT_FOUND,
        f"Question {question_id} not found in this session",
        {"QuestionID": question_id},
    )


def qna_closed(session_id: str) -> ApiError:
    return ApiError(
        ErrorCode.QNA_CLOSED, "This session takes no questions now", {"SessionID": session_id}
    )


def may_read(question: Question, access: EventAccess) -> bool:
    return (
        access.is_admin
        or question.status == Status.VISIBLE
        or question.person_id == access.principal.person_id
    )


async def access_question(
    session: AsyncSession, access: EventAccess, activity: Activity, question_id: str
) -> Question:
    question = await session.scalar(
        select(Question).where(
            Question.id == question_id,
            Question.session_id == activity.id,
            Question.event_id == access.event.id,
        )
    )
    if question is None or not may_read(question, access):
        raise question_not_found(question_id)
    return question


async def lock_qna_session(session: AsyncSession, activity: Activity) -> Activity:
    if session.get_bind().dialect.name == "sqlite":
        # SQLite has no row locks: a no-op write takes the database's write lock now (held to
        # the commit), and RETURNING reads the session in the same statement.
        locked = await session.scalar(
            update(Activity)
            .where(Activity.id == activity.id)
            .values(updated_at=Activity.updated_at)
            .returning(Activity)
            .execution_options(populate_existing=True)
        )
    else:
        locked = await session.scalar(
            select(Activity)
            .where(Activity.id == activity.id)
            .with_for_update()
            .execution_options(populate_existing=True)
        )
    if locked is None:  # deleted since it was loaded
        raise ApiError(
            ErrorCode.ACTIVITY_NOT_FOUND,
            f"Activity {activity.id} not found in event {activity.event_id}",
            {"ActivityID": activity.id, "EventID": activity.event_id},
        )
    return locked
