"""Questions asked in a session, and their upvotes (docs/subsystems/qna.md).

`Question`: one row per question, in the session (a `Session` activity) it was asked in. Its
foreign keys cascade: deleting the session, the asker or the event deletes the question.

`votes` is a denormalised count of the question's upvotes, kept by the same transaction that
inserts or deletes an upvote (`votes = votes ± 1`, which both databases apply atomically to the
current row). It exists for sorting only: the board is ordered by pinned, then votes, then
time, and `ix_qna_questions_board` serves that order with a LIMIT straight from the index. The
realtime vote counts are recounted from `qna_upvotes` instead, so a drifted column could never
show in a frame; `votes.recount` is the check that both agree.

`Upvote`: who upvoted which question, once: the primary key (question, person) is what refuses a
second upvote, also when two requests race.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column
from venuely.qna.frames import MAX_QUESTION


class Status(StrEnum):
    # Waiting for an organizer (the session is moderated): only its author and organizers see it.
    PENDING = "pending"
    VISIBLE = "visible"
    # Taken off the board by an organizer: its author and organizers still read it over REST.
    HIDDEN = "hidden"


class Question(Base):
    __tablename__ = "qna_questions"
    __table_args__ = (
        # The board: one status of one session, by pinned and votes (read backwards), then time.
        Index(
            "ix_qna_questions_board", "session_id", "status", "pinned", "votes", "created_at", "id"
        ),
        # A person's questions in a session: their own list and the ask rate limit.
        Index("ix_qna_questions_author", "session_id", "person_id", "created_at"),
        Index("ix_qna_questions_person", "person_id"),
        Index("ix_qna_questions_event", "event_id"),
    )

    id: Mapped[str] = id_column()
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    session_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("activities.id", ondelete="CASCADE")
    )
    person_id: Mapped[str] = mapped_column(String(24), ForeignKey("persons.id", ondelete="CASCADE"))
    text: Mapped[str] = mapped_column(String(MAX_QUESTION))
    anonymous: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(10))
    answered: Mapped[bool] = mapped_column(Boolean, default=False)
    pinned: Mapped[bool] = mapped_column(Boolean, default=False)
    votes: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime]
    answered_at: Mapped[datetime | None] = mapped_column(default=None)
    updated_at: Mapped[datetime]


class Upvote(Base):
    __tablename__ = "qna_upvotes"
    # Deleting a person cascades through this index instead of scanning every upvote.
    __table_args__ = (Index("ix_qna_upvotes_person", "person_id"),)

    question_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("qna_questions.id", ondelete="CASCADE"), primary_key=True
    )
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime]
