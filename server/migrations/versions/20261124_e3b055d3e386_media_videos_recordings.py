"""media: cinema videos, session recordings, and the length of stored videos

Revision ID: e3b055d3e386
Revises: 9c3e5a7b1d20
Create Date: 2026-11-24 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "e3b055d3e386"
down_revision: str | None = "9c3e5a7b1d20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Files stored so far are images and fonts: no duration.
    with op.batch_alter_table("stored_files", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("duration_ms", sa.Integer(), server_default="0", nullable=False)
        )
    op.create_table(
        "media_videos",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("url", sa.String(length=2000), nullable=False),
        sa.Column("file_hash", sa.String(length=64), nullable=True),
        sa.Column("external_id", sa.String(length=64), nullable=False),
        sa.Column("duration_seconds", sa.Float(), nullable=True),
        sa.Column("poster_url", sa.String(length=2000), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("is_in_cinema", sa.Boolean(), nullable=False),
        sa.Column("created_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("media_videos", schema=None) as batch_op:
        batch_op.create_index(
            "ix_media_videos_event_position", ["event_id", "position", "id"], unique=False
        )
    op.create_table(
        "media_recordings",
        sa.Column("session_id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("video_id", sa.String(length=24), nullable=False),
        sa.Column("created_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["session_id"], ["activities.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["video_id"], ["media_videos.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("session_id"),
    )
    with op.batch_alter_table("media_recordings", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_media_recordings_event_id"), ["event_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_media_recordings_video_id"), ["video_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("media_recordings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_media_recordings_video_id"))
        batch_op.drop_index(batch_op.f("ix_media_recordings_event_id"))
    op.drop_table("media_recordings")
    with op.batch_alter_table("media_videos", schema=None) as batch_op:
        batch_op.drop_index("ix_media_videos_event_position")
    op.drop_table("media_videos")
    with op.batch_alter_table("stored_files", schema=None) as batch_op:
        batch_op.drop_column("duration_ms")
