"""Themes at three levels: the one default, global themes per customer, one per event.

A row stores only what was set at its level; `service.resolve` layers event over global over
default. `slot` makes "one default" and "one theme per event" database rules rather than hopes:
it is "default", "event:<EventID>", or NULL for global themes (NULLs never collide).
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column


class ThemeLevel(StrEnum):
    DEFAULT = "default"
    GLOBAL = "global"
    EVENT = "event"


class Theme(Base):
    __tablename__ = "themes"
    __table_args__ = (Index("ix_themes_customer", "customer_id"),)

    id: Mapped[str] = id_column()
    level: Mapped[str] = mapped_column(String(8))
    slot: Mapped[str | None] = mapped_column(String(40), unique=True, default=None)
    name: Mapped[str] = mapped_column(String(200), default="")
    customer_id: Mapped[str | None] = mapped_column(
        String(24), ForeignKey("customers.id", ondelete="CASCADE"), default=None
    )
    event_id: Mapped[str | None] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), default=None
    )
    # The global theme last applied to this event theme: the middle layer when resolving.
    base_theme_id: Mapped[str | None] = mapped_column(
        String(24), ForeignKey("themes.id", ondelete="SET NULL"), default=None
    )
    # Style maps; MainTheme also carries `login_box_x_offset`, lifted to the top when resolved.
    main_theme: Mapped[dict[str, Any]] = mapped_column(default=dict)
    header_theme: Mapped[dict[str, Any]] = mapped_column(default=dict)
    chat_theme: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # FontGroup -> ordered SHA-256 hashes; MediaAssetName -> hash.
    fonts: Mapped[dict[str, Any]] = mapped_column(default=dict)
    media_assets: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
