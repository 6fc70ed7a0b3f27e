"""polls: ballots and their choices; activity indexes for the polls' schedule

Revision ID: d5e8f1a2b3c4
Revises: a7d4c2e9f1b3
Create Date: 2026-11-27 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "d5e8f1a2b3c4"
down_revision: str | None = "a7d4c2e9f1b3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("activities", schema=None) as batch_op:
        batch_op.create_index(
            "ix_activities_type_begin", ["entity_type", "date_begin"], unique=False
        )
        batch_op.create_index("ix_activities_type_end", ["entity_type", "date_end"], unique=False)
    op.create_table(
        "poll_ballots",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("poll_id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("other_text", sa.String(length=200), nullable=True),
        sa.Column("created_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["poll_id"], ["activities.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("poll_id", "person_id", name="uq_poll_ballots_poll_person"),
    )
    with op.batch_alter_table("poll_ballots", schema=None) as batch_op:
        batch_op.create_index("ix_poll_ballots_person", ["person_id"], unique=False)
    op.create_table(
        "poll_ballot_choices",
        sa.Column("ballot_id", sa.String(length=24), nullable=False),
        sa.Column("option_id", sa.String(length=64), nullable=False),
        sa.Column("poll_id", sa.String(length=24), nullable=False),
        sa.ForeignKeyConstraint(["ballot_id"], ["poll_ballots.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("ballot_id", "option_id"),
    )
    with op.batch_alter_table("poll_ballot_choices", schema=None) as batch_op:
        batch_op.create_index(
            "ix_poll_ballot_choices_poll_option", ["poll_id", "option_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("poll_ballot_choices", schema=None) as batch_op:
        batch_op.drop_index("ix_poll_ballot_choices_poll_option")
    op.drop_table("poll_ballot_choices")
    with op.batch_alter_table("poll_ballots", schema=None) as batch_op:
        batch_op.drop_index("ix_poll_ballots_person")
    op.drop_table("poll_ballots")
    with op.batch_alter_table("activities", schema=None) as batch_op:
        batch_op.drop_index("ix_activities_type_end")
        batch_op.drop_index("ix_activities_type_begin")
