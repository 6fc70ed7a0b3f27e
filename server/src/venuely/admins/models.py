"""Admin rights: a person is master, customer or event admin, each row one grant."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column


class AdminType(StrEnum):
    MASTER = "Master"
    CUSTOMER = "Customer"
    EVENT = "Event"


class Admin(Base):
    __tablename__ = "admins"
    __table_args__ = (
        Index("ix_admins_person", "person_id"),
        Index("ix_admins_customer", "customer_id"),
        Index("ix_admins_event", "event_id"),
    )

    id: Mapped[str] = id_column()
    person_id: Mapped[str] = mapped_column(String(24), ForeignKey("persons.id", ondelete="CASCADE"))
    admin_type: Mapped[str] = mapped_column(String(16))
    # Customer admins carry customer_id; event admins carry event_id and its customer_id.
    customer_id: Mapped[str | None] = mapped_column(String(24), default=None)
    event_id: Mapped[str | None] = mapped_column(String(24), default=None)
    roles: Mapped[list[Any]] = mapped_column(default=list)
    created_at: Mapped[datetime]
