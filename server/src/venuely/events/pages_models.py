"""An event's FAQ and landing pages and its photobooth settings (admin-api.md, Events)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base


class EventPage(Base):
    """One row per (event, kind); kind is "faq" or "landing"."""

    __tablename__ = "event_pages"

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    content: Mapped[str] = mapped_column(Text)
    # An uploaded image (SHA-256 of the stored file) and/or an external image URL.
    image_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    image_url: Mapped[str] = mapped_column(String(2000), default="")
    image_height: Mapped[str] = mapped_column(String(16), default="")
    is_sidebar: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime]


class Photobooth(Base):
    __tablename__ = "event_photobooths"

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    # The validated settings without the key (see pages_schemas.PhotoboothIn).
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # Shared with the photobooth service; never sent to attendees, only used to sign their links.
    api_key: Mapped[str] = mapped_column(String(200), default="")
    updated_at: Mapped[datetime]
