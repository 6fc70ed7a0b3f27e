"""agenda: personal agenda entries and calendar feed secrets

Revision ID: a7d4c2e9f1b3
Revises: e3b055d3e386
Create Date: 2026-11-24 15:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "a7d4c2e9f1b3"
down_revision: str | None = "e3b055d3e386"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "agenda_entries",
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("session_id", sa.String(length=24), nullable=False),
        sa.Column("created_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["session_id"], ["activities.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_id", "person_id", "session_id"),
    )
    with op.batch_alter_table("agenda_entries", schema=None) as batch_op:
        batch_op.create_index("ix_agenda_entries_session", ["session_id"], unique=False)
    op.create_table(
        "agenda_calendar_feeds",
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_id", "person_id"),
        sa.UniqueConstraint("token_hash"),
    )


def downgrade() -> None:
    op.drop_table("agenda_calendar_feeds")
    with op.batch_alter_table("agenda_entries", schema=None) as batch_op:
        batch_op.drop_index("ix_agenda_entries_session")
    op.drop_table("agenda_entries")
