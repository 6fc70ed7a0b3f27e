"""privacy: consent records, chat retention per event, messages outlive their sender

Revision ID: e5f6a7b8c9d0
Revises: d4e5f6a7b8c9
Create Date: 2026-12-07 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import venuely.core.db

revision: str = "e5f6a7b8c9d0"
down_revision: str | None = "d4e5f6a7b8c9"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The initial schema left the sender's foreign key unnamed. PostgreSQL named it by its default
# rule; SQLite keeps no name, so batch mode needs a convention to find it by.
_PG_SENDER_FK = "chat_messages_sender_id_fkey"
_SQLITE_CONVENTION = {"fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s"}
_SQLITE_SENDER_FK = "fk_chat_messages_sender_id_persons"


def upgrade() -> None:
    op.create_table(
        "person_consents",
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("functional", sa.Boolean(), nullable=False),
        sa.Column("statistics", sa.Boolean(), nullable=False),
        sa.Column("updated_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("person_id", "event_id"),
    )
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("chat_retention_days", sa.Integer(), nullable=True))
    # An erased person's messages stay with their sender cleared (privacy/erase.py).
    _sender_fk(nullable=True, ondelete="SET NULL")


def downgrade() -> None:
    # Messages of erased persons have no sender to give back: they go.
    op.execute("DELETE FROM chat_messages WHERE sender_id IS NULL")
    _sender_fk(nullable=False, ondelete="CASCADE")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("chat_retention_days")
    op.drop_table("person_consents")


def _sender_fk(*, nullable: bool, ondelete: str) -> None:
    sqlite = op.get_context().dialect.name == "sqlite"
    name = _SQLITE_SENDER_FK if sqlite else _PG_SENDER_FK
    with op.batch_alter_table(
        "chat_messages", schema=None, naming_convention=_SQLITE_CONVENTION if sqlite else None
    ) as batch_op:
        batch_op.drop_constraint(name, type_="foreignkey")
        batch_op.alter_column("sender_id", existing_type=sa.String(length=24), nullable=nullable)
        batch_op.create_foreign_key(
            _PG_SENDER_FK, "persons", ["sender_id"], ["id"], ondelete=ondelete
        )
