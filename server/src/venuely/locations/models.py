"""Locations of a customer: virtual spaces (a set of panorama nodes) or places, optionally tied
to one event. The attendee app reads them per customer and event (attendee-app.md §3, §7)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column


class Location(Base):
    __tablename__ = "locations"
    __table_args__ = (
        Index("ix_locations_customer", "customer_id", "id"),
        Index("ix_locations_event", "event_id"),
    )

    id: Mapped[str] = id_column()
    customer_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("customers.id", ondelete="CASCADE")
    )
    # None: the location belongs to the customer, not to one event (reusable across events).
    event_id: Mapped[str | None] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), default=None
    )
    location_type: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(200))
    virtual_space_id: Mapped[str] = mapped_column(String(64), default="")
    virtual_space_pano_ids: Mapped[list[Any]] = mapped_column(default=list)
    is_disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    # Description and the free-form Data object.
    document: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
