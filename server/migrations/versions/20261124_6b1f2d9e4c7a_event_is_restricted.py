"""events.is_restricted: an event whose empty whitelist admits nobody

Revision ID: 6b1f2d9e4c7a
Revises: 4895ca62e1a2
Create Date: 2026-11-24 07:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "6b1f2d9e4c7a"
down_revision: str | None = "4895ca62e1a2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Existing events keep today's rule (an empty whitelist is open): false for every row.
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("is_restricted", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("is_restricted")
