"""Breakout rooms' own tables (docs/subsystems/breakouts.md). A room's definition is an Activity
of type BreakoutRoom; these hold what the document does not.

`BreakoutRoomRow` (`breakout_rooms`): one per room — its chat room, and `version`. Every write
that changes who is inside a room first updates this row (`rooms.lock_rooms`): on PostgreSQL that
is the room's row lock, held to the commit, so joins to one room take turns and the seat count
they read cannot change under them; on SQLite it is the database's one write lock. `version`
grows with each such write, so frames about a room from several processes can be ordered.

`BreakoutPresence` (`breakout_presence`): who is inside which room now. The primary key
(event, person) is the rule "in at most one room per event". The socket that joined holds it
(`instance_id`, `connection_id`): it ends when that socket closes, or when the process serving
it stops renewing its heartbeat (`BreakoutInstance`).

`BreakoutInstance` (`breakout_instances`): one row per running server process (app instance),
renewed every few seconds; presence of an instance that stopped renewing is purged.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base

INSTANCE_ID_LENGTH = 32


class BreakoutRoomRow(Base):
    __tablename__ = "breakout_rooms"

    room_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("activities.id", ondelete="CASCADE"), primary_key=True
    )
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    # The room's chat room (chat/, a group named `breakout:<room id>`); null once an organizer
    # deleted it, until the next join makes a new one.
    chatroom_id: Mapped[str | None] = mapped_column(
        String(24), ForeignKey("chatrooms.id", ondelete="SET NULL"), default=None
    )
    version: Mapped[int] = mapped_column(Integer, default=0)


class BreakoutPresence(Base):
    __tablename__ = "breakout_presence"
    __table_args__ = (
        # Seats taken: counted under the room's lock on every join.
        Index("ix_breakout_presence_room", "room_id"),
        # The heartbeat purge and a closing socket find their rows by the process holding them.
        Index("ix_breakout_presence_seat", "instance_id", "connection_id"),
        # Deleting a person cascades through this index instead of scanning.
        Index("ix_breakout_presence_person", "person_id"),
    )

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    room_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("activities.id", ondelete="CASCADE")
    )
    instance_id: Mapped[str] = mapped_column(String(INSTANCE_ID_LENGTH))
    connection_id: Mapped[int] = mapped_column(Integer)
    joined_at: Mapped[datetime]


class BreakoutInstance(Base):
    __tablename__ = "breakout_instances"

    id: Mapped[str] = mapped_column(String(INSTANCE_ID_LENGTH), primary_key=True)
    started_at: Mapped[datetime]
    heartbeat_at: Mapped[datetime]
