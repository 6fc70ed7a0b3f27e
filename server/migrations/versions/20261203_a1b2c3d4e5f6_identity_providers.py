"""identity: OpenID Connect sign-in providers, linked identities, pending logins, SSO hand-offs
and portal hand-off secrets

Revision ID: a1b2c3d4e5f6
Revises: f3a4b5c6d7e8
Create Date: 2026-12-03 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

import venuely.core.db

revision: str = "a1b2c3d4e5f6"
down_revision: str | None = "f3a4b5c6d7e8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TIME = venuely.core.db.UTCDateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "sign_in_providers",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("customer_id", sa.String(length=24), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("label", sa.String(length=100), nullable=False),
        sa.Column("issuer", sa.String(length=500), nullable=False),
        sa.Column("client_id", sa.String(length=500), nullable=False),
        sa.Column("client_secret_enc", sa.Text(), nullable=False),
        sa.Column("scopes", sa.String(length=500), nullable=False),
        sa.Column(
            "event_ids",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("is_enabled", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.Column("created_at", _TIME, nullable=False),
        sa.Column("updated_at", _TIME, nullable=False),
        sa.ForeignKeyConstraint(["customer_id"], ["customers.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("sign_in_providers", schema=None) as batch_op:
        batch_op.create_index("ix_sign_in_providers_customer", ["customer_id"], unique=False)

    op.create_table(
        "person_identities",
        sa.Column("provider_id", sa.String(length=24), nullable=False),
        sa.Column("subject", sa.String(length=255), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("created_at", _TIME, nullable=False),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["provider_id"], ["sign_in_providers.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("provider_id", "subject"),
    )
    with op.batch_alter_table("person_identities", schema=None) as batch_op:
        batch_op.create_index("ix_person_identities_person", ["person_id"], unique=False)

    op.create_table(
        "oidc_logins",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("provider_id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("nonce", sa.String(length=64), nullable=False),
        sa.Column("code_verifier", sa.String(length=128), nullable=False),
        sa.Column("next_path", sa.String(length=500), nullable=False),
        sa.Column("is_test", sa.Boolean(), nullable=False),
        sa.Column("created_at", _TIME, nullable=False),
        sa.Column("used_at", _TIME, nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["provider_id"], ["sign_in_providers.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("oidc_logins", schema=None) as batch_op:
        batch_op.create_index("ix_oidc_logins_created", ["created_at"], unique=False)

    op.create_table(
        "sso_handoffs",
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("next_path", sa.String(length=500), nullable=False),
        sa.Column("created_at", _TIME, nullable=False),
        sa.Column("expires_at", _TIME, nullable=False),
        sa.Column("used_at", _TIME, nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("code_hash"),
    )
    with op.batch_alter_table("sso_handoffs", schema=None) as batch_op:
        batch_op.create_index("ix_sso_handoffs_expires", ["expires_at"], unique=False)

    op.create_table(
        "customer_sso_secrets",
        sa.Column("customer_id", sa.String(length=24), nullable=False),
        sa.Column("secret_enc", sa.Text(), nullable=False),
        sa.Column("created_at", _TIME, nullable=False),
        sa.ForeignKeyConstraint(["customer_id"], ["customers.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("customer_id"),
    )

    op.create_table(
        "portal_handoff_uses",
        sa.Column("customer_id", sa.String(length=24), nullable=False),
        sa.Column("jti", sa.String(length=200), nullable=False),
        sa.Column("expires_at", _TIME, nullable=False),
        sa.ForeignKeyConstraint(["customer_id"], ["customers.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("customer_id", "jti"),
    )
    with op.batch_alter_table("portal_handoff_uses", schema=None) as batch_op:
        batch_op.create_index("ix_portal_handoff_uses_expires", ["expires_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("portal_handoff_uses", schema=None) as batch_op:
        batch_op.drop_index("ix_portal_handoff_uses_expires")
    op.drop_table("portal_handoff_uses")
    op.drop_table("customer_sso_secrets")
    with op.batch_alter_table("sso_handoffs", schema=None) as batch_op:
        batch_op.drop_index("ix_sso_handoffs_expires")
    op.drop_table("sso_handoffs")
    with op.batch_alter_table("oidc_logins", schema=None) as batch_op:
        batch_op.drop_index("ix_oidc_logins_created")
    op.drop_table("oidc_logins")
    with op.batch_alter_table("person_identities", schema=None) as batch_op:
        batch_op.drop_index("ix_person_identities_person")
    op.drop_table("person_identities")
    with op.batch_alter_table("sign_in_providers", schema=None) as batch_op:
        batch_op.drop_index("ix_sign_in_providers_customer")
    op.drop_table("sign_in_providers")
