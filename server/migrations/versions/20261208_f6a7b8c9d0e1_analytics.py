"""analytics: aggregated page views, usage, pings, presence and attendance

Revision ID: f6a7b8c9d0e1
Revises: e5f6a7b8c9d0
Create Date: 2026-12-08 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "f6a7b8c9d0e1"
down_revision: str | None = "e5f6a7b8c9d0"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _event_fk() -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE")


def upgrade() -> None:
    utc = venuely.core.db.UTCDateTime(timezone=True)
    op.create_table(
        "analytics_counts",
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("screen", sa.String(length=40), nullable=False),
        sa.Column("place", sa.String(length=100), nullable=False),
        sa.Column("minute", utc, nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        _event_fk(),
        sa.PrimaryKeyConstraint("event_id", "kind", "screen", "place", "minute"),
    )
    op.create_table(
        "analytics_presence",
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("place", sa.String(length=100), nullable=False),
        sa.Column("seen_at", utc, nullable=False),
        _event_fk(),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_id", "person_id"),
    )
    op.create_index(
        "ix_analytics_presence_seen", "analytics_presence", ["event_id", "seen_at", "place"]
    )
    op.create_index("ix_analytics_presence_person", "analytics_presence", ["person_id"])
    op.create_table(
        "analytics_attendance",
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("activity_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("minutes", sa.Float(), nullable=False),
        sa.Column("first_at", utc, nullable=False),
        sa.Column("last_at", utc, nullable=False),
        _event_fk(),
        sa.ForeignKeyConstraint(["activity_id"], ["activities.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_id", "activity_id", "person_id"),
    )
    op.create_index("ix_analytics_attendance_person", "analytics_attendance", ["person_id"])
    op.create_table(
        "analytics_session_minutes",
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("activity_id", sa.String(length=24), nullable=False),
        sa.Column("minute", utc, nullable=False),
        sa.Column("viewers", sa.Integer(), nullable=False),
        _event_fk(),
        sa.ForeignKeyConstraint(["activity_id"], ["activities.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_id", "activity_id", "minute"),
    )
    # The dashboard's chat messages per minute of one event (analytics/dashboard.py).
    op.create_index("ix_chat_messages_event_created", "chat_messages", ["event_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_chat_messages_event_created", table_name="chat_messages")
    op.drop_table("analytics_session_minutes")
    op.drop_index("ix_analytics_attendance_person", table_name="analytics_attendance")
    op.drop_table("analytics_attendance")
    op.drop_index("ix_analytics_presence_person", table_name="analytics_presence")
    op.drop_index("ix_analytics_presence_seen", table_name="analytics_presence")
    op.drop_table("analytics_presence")
    op.drop_table("analytics_counts")
