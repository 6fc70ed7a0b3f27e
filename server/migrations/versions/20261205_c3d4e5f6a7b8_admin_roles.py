"""admins: roles are capabilities; stored roles that are not one of the four are dropped

Revision ID: c3d4e5f6a7b8
Revises: b2c3d4e5f6a7
Create Date: 2026-12-05 12:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "c3d4e5f6a7b8"
down_revision: str | None = "b2c3d4e5f6a7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The four roles of admins/roles.py, written out: a migration must not change when the code does.
_KNOWN = "('content', 'moderation', 'people', 'analytics')"


def upgrade() -> None:
    # Until now roles granted nothing, so whatever free text a grant carried ("Host", "Speaker")
    # is dropped. A grant left with no role holds all four: it keeps the full rights it had.
    # Plain SQL per dialect, so the migration also renders offline (`alembic upgrade --sql`).
    if op.get_context().dialect.name == "postgresql":
        op.execute(
            "UPDATE admins SET roles = COALESCE(("  # noqa: S608 - constant SQL
            "SELECT jsonb_agg(value ORDER BY position) "
            "FROM jsonb_array_elements_text(admins.roles) WITH ORDINALITY AS r(value, position) "
            f"WHERE value IN {_KNOWN}), '[]'::jsonb) "
            "WHERE jsonb_typeof(admins.roles) = 'array'"
        )
        op.execute("UPDATE admins SET roles = '[]'::jsonb WHERE jsonb_typeof(roles) <> 'array'")
    else:
        op.execute(
            "UPDATE admins SET roles = COALESCE(("  # noqa: S608 - constant SQL
            "SELECT json_group_array(value) FROM ("
            "SELECT value FROM json_each(admins.roles) "
            f"WHERE value IN {_KNOWN} ORDER BY key)), '[]') "
            "WHERE json_valid(roles) AND json_type(roles) = 'array'"
        )
        op.execute(
            "UPDATE admins SET roles = '[]' "
            "WHERE NOT json_valid(roles) OR json_type(roles) <> 'array'"
        )


def downgrade() -> None:
    # The dropped strings are gone; the kept roles are valid in the old schema as they are.
    pass
