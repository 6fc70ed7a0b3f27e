"""chat: one reaction per person and message, and per-person mutes and blocks

Revision ID: f3a4b5c6d7e8
Revises: e2f3a4b5c6d7
Create Date: 2026-12-02 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "f3a4b5c6d7e8"
down_revision: str | None = "e2f3a4b5c6d7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "chat_message_reactions",
        sa.Column("chatroom_id", sa.String(length=24), nullable=False),
        sa.Column("message_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.ForeignKeyConstraint(
            ["chatroom_id", "message_id"],
            ["chat_messages.chatroom_id", "chat_messages.id"],
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("chatroom_id", "message_id", "person_id"),
    )
    op.create_table(
        "chat_mutes",
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("muted_id", sa.String(length=24), nullable=False),
        sa.Column("blocked", sa.Boolean(), nullable=False),
        sa.Column("created_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["muted_id"], ["persons.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_id", "person_id", "muted_id"),
    )
    with op.batch_alter_table("chat_mutes", schema=None) as batch_op:
        batch_op.create_index("ix_chat_mutes_muted", ["event_id", "muted_id"], unique=False)

    # The counters counted every click, with no record of who clicked: they cannot become one
    # reaction per person, and a count above its rows would let "None" take away someone else's
    # like. From here on they are the number of reaction rows, which starts at none.
    op.execute("UPDATE chat_messages SET like_count = 0, dislike_count = 0")


def downgrade() -> None:
    # The counters keep the reactions' counts: plain counters again.
    with op.batch_alter_table("chat_mutes", schema=None) as batch_op:
        batch_op.drop_index("ix_chat_mutes_muted")

    op.drop_table("chat_mutes")
    op.drop_table("chat_message_reactions")
