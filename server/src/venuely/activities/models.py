"""The generic activity store: sessions, polls, meetings, speakers and other things of an event.

One table for every `EntityType`. The wire document an organizer sends (validated per type in
`schemas.py`) is kept whole in `document`; the few fields the server itself queries on (type,
panorama node, dates, the poll's active flag) are copied into columns so list calls stay index
scans instead of JSON digging, identically on SQLite and PostgreSQL.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, JsonType, id_column


class EntityType(StrEnum):
    SESSION = "Session"
    POLL = "Poll"
    MEETING = "Meeting"
    BREAKOUT_ROOM = "BreakoutRoom"
    VIDEO = "Video"
    SPEAKER = "Speaker"
    REPLAY = "Replay"
    TREASURE_HUNT = "TreasureHunt"
    EXHIBITOR = "Exhibitor"


class Activity(Base):
    __tablename__ = "activities"
    __table_args__ = (
        Index("ix_activities_event_type", "event_id", "entity_type", "id"),
        Index("ix_activities_event_begin", "event_id", "entity_type", "date_begin"),
        Index("ix_activities_event_node", "event_id", "pano_node_id"),
        # The polls' schedule job asks every second which polls opened or closed since its last
        # run, across events (polls/schedule.py).
        Index("ix_activities_type_begin", "entity_type", "date_begin"),
        Index("ix_activities_type_end", "entity_type", "date_end"),
    )

    id: Mapped[str] = id_column()
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    entity_type: Mapped[str] = mapped_column(String(40))
    pano_node_id: Mapped[str] = mapped_column(String(100), default="")
    internal_name: Mapped[str] = mapped_column(String(200), default="")
    # Sessions: their title; speakers: the full name. Used for sorting lists and CSV exports.
    title: Mapped[str] = mapped_column(String(300), default="")
    # Sessions: DateBegin/DateEnd. Polls: OpensAt/ClosesAt, the schedule (polls/state.py).
    date_begin: Mapped[datetime | None] = mapped_column(default=None)
    date_end: Mapped[datetime | None] = mapped_column(default=None)
    # Polls: opened by hand (the spec's `IsActive`); whether a poll is open also depends on the
    # dates above. False for every other type.
    is_active: Mapped[bool] = mapped_column(Boolean, default=False)
    # The Zoom meeting made by `createzoommeeting`, so `deletemeeting` can remove it at Zoom.
    zoom_meeting_id: Mapped[str] = mapped_column(String(40), default="")
    document: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class ActivityValue(Base):
    __tablename__ = "activity_values"

    activity_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("activities.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    value: Mapped[Any] = mapped_column(JsonType)
    updated_at: Mapped[datetime]
