"""admins

Revision ID: c3d4e5f6a7b8
Revises: b2c3d4e5f6a7
Create Date:  roles are capabilities; unknown stored roles are dropped:2026-12-05 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "c3d4e5f6a7b8"
down_revision: str | None = "b2c3d4e5f6a7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
