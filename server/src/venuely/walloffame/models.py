"""The Wall of Fame's tables (docs/subsystems/walloffame.md).

A project stays what it was before moderation existed: a row of the event's `walloffame`
virtual table (vtables/), its pictures vfiles of EntityType `WallOfFame`. Moderation adds one
`walloffame_reviews` row per project, keyed by the row's id so it goes with the row, and one
`walloffame_settings` row per event that switched review off (no row: review required).
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import Boolean, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base

# Limits (docs/subsystems/walloffame.md "Limits").
MAX_PROJECTS = 10  # per person and event, for attendees; organizers curate without a cap
MAX_PICTURES = 6  # vfiles attached to one project, whoever attaches them
MAX_REASON = 500
MAX_CATEGORIES = 30
MAX_CATEGORY = 100


class ReviewState(StrEnum):
    PENDING = "pending"  # waiting for an organizer; only its author and admins see it
    APPROVED = "approved"  # in the gallery for every member of the event
    REJECTED = "rejected"  # sent back with a reason; only its author and admins see it


class WallOfFameReview(Base):
    __tablename__ = "walloffame_reviews"
    __table_args__ = (
        # The moderation queue: an event's projects of one state, longest waiting first.
        Index("ix_walloffame_reviews_queue", "event_id", "state", "submitted_at"),
    )

    row_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("vtable_rows.id", ondelete="CASCADE"), primary_key=True
    )
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    state: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(String(MAX_REASON), default="")
    featured: Mapped[bool] = mapped_column(Boolean, default=False)
    # When it (last) entered the queue: made, or sent back by its author's edit.
    submitted_at: Mapped[datetime]
    # The last organizer decision (approve or reject); null while nobody decided since the
    # project entered the queue, and for projects approved by the rules (review off, added by
    # an organizer).
    reviewed_at: Mapped[datetime | None] = mapped_column(default=None)
    reviewed_by: Mapped[str | None] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="SET NULL"), default=None
    )


class WallOfFameSettings(Base):
    __tablename__ = "walloffame_settings"

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    review_required: Mapped[bool] = mapped_column(Boolean, default=True)
    updated_at: Mapped[datetime]
