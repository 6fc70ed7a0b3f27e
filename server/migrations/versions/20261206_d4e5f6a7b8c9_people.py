"""people: invitations, attendee removal, chat ban, last seen

Revision ID: d4e5f6a7b8c9
Revises: c3d4e5f6a7b8
Create Date: 2026-12-06 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "d4e5f6a7b8c9"
down_revision: str | None = "c3d4e5f6a7b8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ATTENDEE_TIMES = ("removed_at", "chat_banned_at", "last_seen_at")


def upgrade() -> None:
    # Nullable, no default: every existing attendee is neither removed nor banned nor seen yet.
    with op.batch_alter_table("attendees", schema=None) as batch_op:
        for name in _ATTENDEE_TIMES:
            batch_op.add_column(
                sa.Column(name, venuely.core.db.UTCDateTime(timezone=True), nullable=True)
            )
    op.create_table(
        "event_invitations",
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("invited_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("invited_by", sa.String(length=24), nullable=True),
        sa.Column("mailed_at", venuely.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(
            ["invited_by"],
            ["persons.id"],
            name="fk_event_invitations_invited_by",
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("event_id", "email"),
    )


def downgrade() -> None:
    op.drop_table("event_invitations")
    with op.batch_alter_table("attendees", schema=None) as batch_op:
        for name in reversed(_ATTENDEE_TIMES):
            batch_op.drop_column(name)
