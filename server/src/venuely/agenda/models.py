"""The personal agenda and its calendar feed (docs/subsystems/agenda.md).

`AgendaEntry`: a session a person saved in one event's agenda. Keyed by (event, person,
session), so adding twice is one row and the person's list per event is an index range. The
session's foreign key cascades: a session the organizers delete leaves no dangling entries.

`CalendarFeed`: the secret of a person's iCalendar URL for one event. Only its SHA-256 is kept
(like reset links): whoever reads the database cannot subscribe to anyone's agenda. One feed per
person and event; rotating replaces the hash, revoking deletes the row.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base


class AgendaEntry(Base):
    __tablename__ = "agenda_entries"
    # Deleting a session cascades through this index instead of scanning every agenda.
    __table_args__ = (Index("ix_agenda_entries_session", "session_id"),)

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    session_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("activities.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime]


class CalendarFeed(Base):
    __tablename__ = "agenda_calendar_feeds"

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    # SHA-256 hex of the secret in the URL; unique, so the public route finds the feed by it.
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime]
