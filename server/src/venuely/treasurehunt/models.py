"""Tables of the treasure hunt (docs/subsystems/treasurehunt.md).

A hunt is not a table: it is the event's `TreasureHuntID` or one of its `TreasureHunt`
activities (`hunts.py`). Organizers hide `TreasureHuntItem`s at tour nodes; each person's first
opening of an item is one `TreasureHuntFind` row, whose primary key is what makes a find count
once however many requests race. `TreasureHuntScore` is the sum the server derives from the
finds, one row per (event, hunt, person), which the rankings read in index order.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column

MAX_NAME = 120
MAX_CLUE = 500
MAX_NODE_ID = 64
MIN_POINTS, MAX_POINTS, DEFAULT_POINTS = 1, 1000, 10


class TreasureHuntItem(Base):
    __tablename__ = "treasure_hunt_items"
    # A hunt's items in the order organizers gave them (and their count, for the limit).
    __table_args__ = (Index("ix_treasure_hunt_items_hunt", "event_id", "hunt_id", "sort"),)

    id: Mapped[str] = id_column()
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    # The event's TreasureHuntID or a TreasureHunt activity's id: no foreign key, since the
    # former names no row; `hunts.forget_hunt` removes the items of a deleted activity.
    hunt_id: Mapped[str] = mapped_column(String(24))
    node_id: Mapped[str] = mapped_column(String(MAX_NODE_ID))
    yaw: Mapped[float] = mapped_column(Float)
    pitch: Mapped[float] = mapped_column(Float)
    name: Mapped[str] = mapped_column(String(MAX_NAME))
    clue: Mapped[str] = mapped_column(String(MAX_CLUE), default="")
    points: Mapped[int] = mapped_column(Integer, default=DEFAULT_POINTS)
    sort: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class TreasureHuntFind(Base):
    __tablename__ = "treasure_hunt_finds"
    # A person's finds in a hunt, summed into their score.
    __table_args__ = (Index("ix_treasure_hunt_finds_person", "event_id", "hunt_id", "person_id"),)

    item_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("treasure_hunt_items.id", ondelete="CASCADE"), primary_key=True
    )
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    event_id: Mapped[str] = mapped_column(String(24))
    hunt_id: Mapped[str] = mapped_column(String(24))
    found_at: Mapped[datetime]


class TreasureHuntScore(Base):
    __tablename__ = "treasure_hunt_scores"

    # The event is part of the key: a TreasureHuntID is any id an organizer typed, so two
    # events may name the same one, and their scores must not meet.
    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    hunt_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    score: Mapped[int] = mapped_column(Integer, default=0)
    found: Mapped[int] = mapped_column(Integer, default=0)
    # When the score last rose: ties rank whoever got there first.
    scored_at: Mapped[datetime]
    # The person asked the board not to show their name and picture to other attendees.
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)


# The ranking order exactly (score descending, who got there first, then person), so a page is
# an index range scan on both databases, whatever the size of the board.
Index(
    "ix_treasure_hunt_scores_rank",
    TreasureHuntScore.event_id,
    TreasureHuntScore.hunt_id,
    TreasureHuntScore.score.desc(),
    TreasureHuntScore.scored_at,
    TreasureHuntScore.person_id,
)
