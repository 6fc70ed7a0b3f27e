"""qna: session questions and their upvotes

Revision ID: f6a9b2c3d4e5
Revises: d5e8f1a2b3c4
Create Date: 2026-11-27 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "f6a9b2c3d4e5"
down_revision: str | None = "d5e8f1a2b3c4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "qna_questions",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("session_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("text", sa.String(length=500), nullable=False),
        sa.Column("anonymous", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("answered", sa.Boolean(), nullable=False),
        sa.Column("pinned", sa.Boolean(), nullable=False),
        sa.Column("votes", sa.Integer(), nullable=False),
        sa.Column("created_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("answered_at", venuely.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("updated_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["session_id"], ["activities.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("qna_questions", schema=None) as batch_op:
        batch_op.create_index(
            "ix_qna_questions_board",
            ["session_id", "status", "pinned", "votes", "created_at", "id"],
            unique=False,
        )
        batch_op.create_index(
            "ix_qna_questions_author", ["session_id", "person_id", "created_at"], unique=False
        )
        batch_op.create_index("ix_qna_questions_person", ["person_id"], unique=False)
        batch_op.create_index("ix_qna_questions_event", ["event_id"], unique=False)
    op.create_table(
        "qna_upvotes",
        sa.Column("question_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("created_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["question_id"], ["qna_questions.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("question_id", "person_id"),
    )
    with op.batch_alter_table("qna_upvotes", schema=None) as batch_op:
        batch_op.create_index("ix_qna_upvotes_person", ["person_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("qna_upvotes", schema=None) as batch_op:
        batch_op.drop_index("ix_qna_upvotes_person")
    op.drop_table("qna_upvotes")
    with op.batch_alter_table("qna_questions", schema=None) as batch_op:
        batch_op.drop_index("ix_qna_questions_event")
        batch_op.drop_index("ix_qna_questions_person")
        batch_op.drop_index("ix_qna_questions_author")
        batch_op.drop_index("ix_qna_questions_board")
    op.drop_table("qna_questions")
