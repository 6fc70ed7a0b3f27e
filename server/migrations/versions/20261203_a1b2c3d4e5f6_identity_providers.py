"""identity

Revision ID: a1b2c3d4e5f6
Revises: f3a4b5c6d7e8
Create Date:  OpenID Connect sign-in providers, linked identities, pending logins and SSO hand-offs:2026-12-03 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "a1b2c3d4e5f6"
down_revision: str | None = "f3a4b5c6d7e8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
