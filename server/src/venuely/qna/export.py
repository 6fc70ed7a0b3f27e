"""The organizers' CSV of a session's questions (`GET .../questions.csv`, docs/subsystems/qna.md):
every status, oldest first, with the asker's name and address also on anonymous questions
(organizers read those over REST anyway). Rendered by `lists/csvexport.py`, which escapes cells
a spreadsheet would run as formulas: question text is attendee-supplied.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.activities.models import Activity
from venuely.qna.models import Question

EXPORT_COLUMNS = (
    "ID",
    "CreatedAt",
    "Status",
    "Answered",
    "Pinned",
    "Votes",
    "Anonymous",
    "PersonID",
    "AuthorName",
    "Email",
    "Text",
)


async def export_rows(session: AsyncSession, activity: Activity) -> list[list[object]]:
    """Every question of the session for the organizers' CSV, oldest first, with names."""
    rows = await session.execute(
        select(Question, Person.first_name, Person.last_name, Person.email)
        .join(Person, Person.id == Question.person_id)
        .where(Question.session_id == activity.id)
        .order_by(Question.created_at, Question.id)
    )
    return [
        [
            q.id,
            q.created_at.isoformat().replace("+00:00", "Z"),
            q.status,
            q.answered,
            q.pinned,
            q.votes,
            q.anonymous,
            q.person_id,
            f"{first} {last}".strip(),
            email,
            q.text,
        ]
        for q, first, last, email in rows.all()
    ]
