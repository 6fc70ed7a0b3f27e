"""customers can be disabled; event requests are decided

Revision ID: b2c3d4e5f6a7
Revises: a1b2c3d4e5f6
Create Date: 2026-12-04 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "b2c3d4e5f6a7"
down_revision: str | None = "a1b2c3d4e5f6"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Existing customers stay enabled, and were last changed when they were created.
    with op.batch_alter_table("customers", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("is_disabled", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(
            sa.Column("updated_at", venuely.core.db.UTCDateTime(timezone=True), nullable=True)
        )
    op.execute("UPDATE customers SET updated_at = created_at")
    with op.batch_alter_table("customers", schema=None) as batch_op:
        batch_op.alter_column(
            "updated_at",
            existing_type=venuely.core.db.UTCDateTime(timezone=True),
            nullable=False,
        )

    # Requests stored before today were never decided: all pending.
    with op.batch_alter_table("event_requests", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("status", sa.String(length=16), server_default="pending", nullable=False)
        )
        batch_op.add_column(
            sa.Column("decided_at", venuely.core.db.UTCDateTime(timezone=True), nullable=True)
        )
        batch_op.add_column(sa.Column("decided_by", sa.String(length=24), nullable=True))
        batch_op.add_column(sa.Column("reason", sa.Text(), server_default="", nullable=False))
        batch_op.add_column(sa.Column("event_id", sa.String(length=24), nullable=True))
        batch_op.create_foreign_key(
            "fk_event_requests_decided_by", "persons", ["decided_by"], ["id"], ondelete="SET NULL"
        )
        batch_op.create_foreign_key(
            "fk_event_requests_event", "events", ["event_id"], ["id"], ondelete="SET NULL"
        )
        batch_op.create_index("ix_event_requests_status", ["status", "id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("event_requests", schema=None) as batch_op:
        batch_op.drop_index("ix_event_requests_status")
        batch_op.drop_constraint("fk_event_requests_event", type_="foreignkey")
        batch_op.drop_constraint("fk_event_requests_decided_by", type_="foreignkey")
        batch_op.drop_column("event_id")
        batch_op.drop_column("reason")
        batch_op.drop_column("decided_by")
        batch_op.drop_column("decided_at")
        batch_op.drop_column("status")
    with op.batch_alter_table("customers", schema=None) as batch_op:
        batch_op.drop_column("updated_at")
        batch_op.drop_column("is_disabled")
