"""breakouts: rooms' rows, presence, and the process heartbeats

Revision ID: b7c1d2e3f4a5
Revises: f6a9b2c3d4e5
Create Date: 2026-11-28 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "b7c1d2e3f4a5"
down_revision: str | None = "f6a9b2c3d4e5"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "breakout_instances",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("started_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("heartbeat_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "breakout_rooms",
        sa.Column("room_id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("chatroom_id", sa.String(length=24), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["activities.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["chatroom_id"], ["chatrooms.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("room_id"),
    )
    op.create_table(
        "breakout_presence",
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("room_id", sa.String(length=24), nullable=False),
        sa.Column("instance_id", sa.String(length=32), nullable=False),
        sa.Column("connection_id", sa.Integer(), nullable=False),
        sa.Column("joined_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["room_id"], ["activities.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_id", "person_id"),
    )
    with op.batch_alter_table("breakout_presence", schema=None) as batch_op:
        batch_op.create_index("ix_breakout_presence_room", ["room_id"], unique=False)
        batch_op.create_index(
            "ix_breakout_presence_seat", ["instance_id", "connection_id"], unique=False
        )
        batch_op.create_index("ix_breakout_presence_person", ["person_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("breakout_presence", schema=None) as batch_op:
        batch_op.drop_index("ix_breakout_presence_person")
        batch_op.drop_index("ix_breakout_presence_seat")
        batch_op.drop_index("ix_breakout_presence_room")
    op.drop_table("breakout_presence")
    op.drop_table("breakout_rooms")
    op.drop_table("breakout_instances")
