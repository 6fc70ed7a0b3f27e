"""auth_sessions.is_preview: an organizer's "preview as attendee" session

Revision ID: 9c3e5a7b1d20
Revises: 6b1f2d9e4c7a
Create Date: 2026-11-24 07:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "9c3e5a7b1d20"
down_revision: str | None = "6b1f2d9e4c7a"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every token issued so far is an ordinary login.
    with op.batch_alter_table("auth_sessions", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("is_preview", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("auth_sessions", schema=None) as batch_op:
        batch_op.drop_column("is_preview")
