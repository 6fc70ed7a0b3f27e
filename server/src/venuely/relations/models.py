"""Typed parent/child links inside an event: who moderates a chat room, who is in it, which
speakers belong to a session, and whatever else features relate.

Types are free strings so features can add their own; the ones the product relies on are named
in `RelationType`. Lookups go both ways (children of a parent, parents of a child), hence two
covering indexes.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column


class RelationType(StrEnum):
    MODERATOR = "Moderator"
    CHATROOM_ADMIN = "ChatroomAdmin"
    CHATROOM_ATTENDEE = "ChatroomAttendee"
    SPEAKER = "Speaker"
    # Event -> Person: a named agent of the event's help desk (helpdesk/access.py).
    HELPDESK_AGENT = "HelpdeskAgent"


class Relation(Base):
    __tablename__ = "relations"
    __table_args__ = (
        Index(
            "ix_relations_parent",
            "event_id",
            "parent_type",
            "parent_id",
            "relation_type",
            "child_id",
        ),
        Index("ix_relations_child", "event_id", "child_type", "child_id", "relation_type"),
    )

    id: Mapped[str] = id_column()
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    parent_type: Mapped[str] = mapped_column(String(40))
    parent_id: Mapped[str] = mapped_column(String(64))
    relation_type: Mapped[str] = mapped_column(String(40))
    child_type: Mapped[str] = mapped_column(String(40))
    child_id: Mapped[str] = mapped_column(String(64))
    # Client-defined ordering keys (e.g. {"Index": 3}); `SortFields` queries order by them.
    sort_fields: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
