"""Ballots of polls (docs/subsystems/polls.md). A poll's definition is an Activity of type Poll.

`PollBallot`: one person's answer to one poll. `UNIQUE(poll_id, person_id)` is what makes it
one: two sockets of the same person voting at once race to insert, and the database, not the
server's memory, decides which insert is the ballot (the other becomes a change or is refused).

`PollBallotChoice`: the options a ballot chose, one row each. The tally is a `COUNT ... GROUP BY
option_id` over these rows (index `(poll_id, option_id)`, so it reads the index alone), never a
counter updated in place: a recount always equals the ballots, whatever raced or failed.
`poll_id` is copied from the ballot so that count needs no join.

Foreign keys cascade: deleting the poll (its activity), the person or the ballot deletes what
hangs off it. `event_id` is a copy of the poll's, for questions per event (exports, erasure).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column

MAX_OTHER_TEXT = 200


class PollBallot(Base):
    __tablename__ = "poll_ballots"
    __table_args__ = (
        UniqueConstraint("poll_id", "person_id", name="uq_poll_ballots_poll_person"),
        # Deleting a person cascades through this index instead of scanning every ballot.
        Index("ix_poll_ballots_person", "person_id"),
    )

    id: Mapped[str] = id_column()
    poll_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("activities.id", ondelete="CASCADE")
    )
    event_id: Mapped[str] = mapped_column(String(24))
    person_id: Mapped[str] = mapped_column(String(24), ForeignKey("persons.id", ondelete="CASCADE"))
    # The free-text "other" answer; None when the ballot has none.
    other_text: Mapped[str | None] = mapped_column(String(MAX_OTHER_TEXT), default=None)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class PollBallotChoice(Base):
    __tablename__ = "poll_ballot_choices"
    __table_args__ = (Index("ix_poll_ballot_choices_poll_option", "poll_id", "option_id"),)

    ballot_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("poll_ballots.id", ondelete="CASCADE"), primary_key=True
    )
    option_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    poll_id: Mapped[str] = mapped_column(String(24))
