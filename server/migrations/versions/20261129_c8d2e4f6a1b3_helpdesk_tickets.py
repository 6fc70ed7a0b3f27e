"""helpdesk: tickets (a support chat room's queue state)

Revision ID: c8d2e4f6a1b3
Revises: b7c1d2e3f4a5
Create Date: 2026-11-29 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "c8d2e4f6a1b3"
down_revision: str | None = "b7c1d2e3f4a5"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "helpdesk_tickets",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("chatroom_id", sa.String(length=24), nullable=False),
        sa.Column("requester_id", sa.String(length=24), nullable=False),
        sa.Column("assignee_id", sa.String(length=24), nullable=True),
        sa.Column("tmp_id", sa.String(length=64), nullable=False),
        sa.Column("topic", sa.String(length=120), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("last_message_by", sa.String(length=16), nullable=False),
        sa.Column("message_count", sa.Integer(), nullable=False),
        sa.Column("reopen_count", sa.Integer(), nullable=False),
        sa.Column("created_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_message_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("first_response_at", venuely.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("closed_at", venuely.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["assignee_id"], ["persons.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["chatroom_id"], ["chatrooms.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["requester_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("chatroom_id", name="uq_helpdesk_tickets_chatroom"),
        sa.UniqueConstraint("requester_id", "tmp_id", name="uq_helpdesk_tickets_tmp_id"),
    )
    with op.batch_alter_table("helpdesk_tickets", schema=None) as batch_op:
        batch_op.create_index("ix_helpdesk_tickets_assignee", ["assignee_id"], unique=False)
        batch_op.create_index(
            "ix_helpdesk_tickets_queue", ["event_id", "state", "last_message_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("helpdesk_tickets", schema=None) as batch_op:
        batch_op.drop_index("ix_helpdesk_tickets_queue")
        batch_op.drop_index("ix_helpdesk_tickets_assignee")

    op.drop_table("helpdesk_tickets")
