"""walloffame: review state of projects and the per-event review setting

Revision ID: d1e2f3a4b5c6
Revises: c8d2e4f6a1b3
Create Date: 2026-11-30 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "d1e2f3a4b5c6"
down_revision: str | None = "c8d2e4f6a1b3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "walloffame_reviews",
        sa.Column("row_id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("featured", sa.Boolean(), nullable=False),
        sa.Column("submitted_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("reviewed_at", venuely.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("reviewed_by", sa.String(length=24), nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["reviewed_by"], ["persons.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["row_id"], ["vtable_rows.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("row_id"),
    )
    with op.batch_alter_table("walloffame_reviews", schema=None) as batch_op:
        batch_op.create_index(
            "ix_walloffame_reviews_queue", ["event_id", "state", "submitted_at"], unique=False
        )
    op.create_table(
        "walloffame_settings",
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("review_required", sa.Boolean(), nullable=False),
        sa.Column("updated_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_id"),
    )
    _approve_existing_projects()


def _approve_existing_projects() -> None:
    """Projects made before moderation existed were public: they stay so, as approved ones."""
    rows = sa.table("vtable_rows", sa.column("id"), sa.column("vtable_id"), sa.column("created_at"))
    tables = sa.table("vtables", sa.column("id"), sa.column("event_id"), sa.column("name"))
    reviews = sa.table(
        "walloffame_reviews",
        sa.column("row_id"),
        sa.column("event_id"),
        sa.column("state"),
        sa.column("reason"),
        sa.column("featured"),
        sa.column("submitted_at"),
    )
    existing = (
        sa.select(
            rows.c.id,
            tables.c.event_id,
            sa.literal("approved"),
            sa.literal(""),
            sa.false(),
            rows.c.created_at,
        )
        .select_from(rows.join(tables, tables.c.id == rows.c.vtable_id))
        .where(tables.c.name == "walloffame", tables.c.event_id.is_not(None))
    )
    op.execute(
        reviews.insert().from_select(
            ["row_id", "event_id", "state", "reason", "featured", "submitted_at"], existing
        )
    )


def downgrade() -> None:
    op.drop_table("walloffame_settings")
    with op.batch_alter_table("walloffame_reviews", schema=None) as batch_op:
        batch_op.drop_index("ix_walloffame_reviews_queue")

    op.drop_table("walloffame_reviews")
