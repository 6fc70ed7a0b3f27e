"""The one realtime table: pending connection tickets.

A ticket lives in the database, not in process memory, so a ticket issued by one server process
(or worker) can be redeemed on another. Only its SHA-256 is stored: a leaked table holds nothing
that opens a socket.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base


class RealtimeTicket(Base):
    __tablename__ = "realtime_tickets"
    __table_args__ = (Index("ix_realtime_tickets_expires", "expires_at"),)

    ticket_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    # Revoking the token (deleting its auth session) takes its unredeemed tickets with it.
    session_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("auth_sessions.id", ondelete="CASCADE")
    )
    person_id: Mapped[str] = mapped_column(String(24))
    event_id: Mapped[str] = mapped_column(String(24))
    expires_at: Mapped[datetime]
