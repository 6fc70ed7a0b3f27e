"""What analytics stores (docs/subsystems/analytics.md). No IP address, no user agent, no trail.

- `AnalyticsCount`: page views, usage events and pings per screen (or place) per minute. Not
  personal: nobody is named. Kept for the event's life.
- `AnalyticsPresence`: where each person was last seen (one row per person and event, replaced
  in place). "Online now" is the rows seen within 45 s.
- `AnalyticsAttendance`: how long each person watched each session (a ping counts 15 s), so
  unique viewers and average minutes are exact.
- `AnalyticsSessionMinute`: distinct viewers per session per minute, whose maximum is the peak.

Presence and attendance name a person: they go with the person (foreign keys cascade, and the
privacy feature's erasure) and 30 days after the event ends (`retention.py`).

Every table is written only by the flush (`flush.py`) with upserts that add, so several server
processes may flush the same keys at once. Primary keys lead with `event_id` and then the
column the dashboard groups by, so each dashboard query reads one contiguous index range.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.chat.models import ChatMessage
from venuely.core.db import Base

MAX_PLACE = 100
MAX_SCREEN = 40


class AnalyticsCount(Base):
    __tablename__ = "analytics_counts"

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    # page_view | usage | ping (screens.Kind).
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    # The screen of a page view or usage event; "" for pings, which are counted per place.
    screen: Mapped[str] = mapped_column(String(MAX_SCREEN), primary_key=True)
    # The room, page or pano scene; "" when the item named none.
    place: Mapped[str] = mapped_column(String(MAX_PLACE), primary_key=True)
    minute: Mapped[datetime] = mapped_column(primary_key=True)
    count: Mapped[int] = mapped_column(Integer)


class AnalyticsPresence(Base):
    __tablename__ = "analytics_presence"
    __table_args__ = (
        # Online now: the rows of one event seen since a moment, read from the index alone
        # with the place (PostgreSQL) or one row lookup each (SQLite).
        Index("ix_analytics_presence_seen", "event_id", "seen_at", "place"),
        Index("ix_analytics_presence_person", "person_id"),
    )

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    place: Mapped[str] = mapped_column(String(MAX_PLACE))
    seen_at: Mapped[datetime]


class AnalyticsAttendance(Base):
    __tablename__ = "analytics_attendance"
    # Deleting a person cascades through this index instead of scanning every row.
    __table_args__ = (Index("ix_analytics_attendance_person", "person_id"),)

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    activity_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("activities.id", ondelete="CASCADE"), primary_key=True
    )
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    minutes: Mapped[float] = mapped_column(Float)
    first_at: Mapped[datetime]
    last_at: Mapped[datetime]


class AnalyticsSessionMinute(Base):
    __tablename__ = "analytics_session_minutes"

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    activity_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("activities.id", ondelete="CASCADE"), primary_key=True
    )
    minute: Mapped[datetime] = mapped_column(primary_key=True)
    viewers: Mapped[int] = mapped_column(Integer)


# Chat messages per minute of one event (the dashboard): without it the query would read every
# message of every room of the event through the primary key. Declared here, beside the query
# that needs it, so the chat feature's model stays about chat.
CHAT_BY_EVENT_TIME = Index(
    "ix_chat_messages_event_created", ChatMessage.event_id, ChatMessage.created_at
)
