"""The consent an attendee gave in an event's consent banner, stored server-side so features that
must honour it (analytics) can read it with one primary-key lookup."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base


class PersonConsent(Base):
    __tablename__ = "person_consents"

    # Person first: erasure and export read every record of one person.
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    functional: Mapped[bool] = mapped_column(Boolean, default=False)
    statistics: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime]
