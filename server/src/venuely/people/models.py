"""Invitations: an organizer's list of addresses that may sign up for an event.

An invitation admits its address like a whitelist entry (accounts/whitelist.py), but never
restricts the event: an open event with invitations stays open to everyone.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base


class EventInvitation(Base):
    __tablename__ = "event_invitations"

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    # Lower-cased, as persons' login_email is: the admission query compares them directly.
    email: Mapped[str] = mapped_column(String(320), primary_key=True)
    invited_at: Mapped[datetime]
    # The organizer who invited; kept as a record after that person is deleted.
    invited_by: Mapped[str | None] = mapped_column(
        String(24),
        ForeignKey("persons.id", ondelete="SET NULL", name="fk_event_invitations_invited_by"),
        default=None,
    )
    # When the invitation mail was queued for sending (after the request's commit).
    mailed_at: Mapped[datetime | None] = mapped_column(default=None)
