"""Sign-in providers of a customer, identities linked to persons, and the short-lived rows of the
sign-in flows: pending OpenID logins, SSO hand-offs and used portal hand-off ids.

Secrets never rest in plain text: a provider's client secret and a customer's portal hand-off
secret are encrypted (`secrets.py`), a hand-off code is stored as its SHA-256.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Index, String, Text, true
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column


class ProviderKind(StrEnum):
    GOOGLE = "google"
    OIDC = "oidc"


class SignInProvider(Base):
    __tablename__ = "sign_in_providers"
    __table_args__ = (Index("ix_sign_in_providers_customer", "customer_id"),)

    id: Mapped[str] = id_column()
    customer_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("customers.id", ondelete="CASCADE")
    )
    kind: Mapped[str] = mapped_column(String(16))
    label: Mapped[str] = mapped_column(String(100))
    issuer: Mapped[str] = mapped_column(String(500))
    client_id: Mapped[str] = mapped_column(String(500))
    # Fernet token of the client secret; "" when the client has none (a public client).
    client_secret_enc: Mapped[str] = mapped_column(Text, default="")
    scopes: Mapped[str] = mapped_column(String(500))
    # The customer's events offering this provider; empty: every event of the customer.
    event_ids: Mapped[list[Any]] = mapped_column(default=list)
    is_enabled: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class PersonIdentity(Base):
    """A provider's account (its `sub`) linked to a person: later sign-ins find the person here,
    whatever email the provider sends then."""

    __tablename__ = "person_identities"
    __table_args__ = (Index("ix_person_identities_person", "person_id"),)

    provider_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("sign_in_providers.id", ondelete="CASCADE"), primary_key=True
    )
    subject: Mapped[str] = mapped_column(String(255), primary_key=True)
    person_id: Mapped[str] = mapped_column(String(24), ForeignKey("persons.id", ondelete="CASCADE"))
    created_at: Mapped[datetime]


class OidcLogin(Base):
    """A sign-in sent to a provider and not back yet: the `state` it carries is the id. Single
    use, valid for `oidc.LOGIN_LIFETIME`."""

    __tablename__ = "oidc_logins"
    __table_args__ = (Index("ix_oidc_logins_created", "created_at"),)

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    provider_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("sign_in_providers.id", ondelete="CASCADE")
    )
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    nonce: Mapped[str] = mapped_column(String(64))
    code_verifier: Mapped[str] = mapped_column(String(128))
    next_path: Mapped[str] = mapped_column(String(500))
    # An organizer's "test sign-in" (docs/subsystems/auth.md): also through a disabled provider,
    # for the event's admins only.
    is_test: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime]
    used_at: Mapped[datetime | None] = mapped_column(default=None)


class SsoHandoff(Base):
    """A signed-in person on the way from the callback (or a portal) to `/sso-complete`: the
    `venuely_sso` cookie carries the code. Single use, valid for `handoff.HANDOFF_LIFETIME`."""

    __tablename__ = "sso_handoffs"
    __table_args__ = (Index("ix_sso_handoffs_expires", "expires_at"),)

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    person_id: Mapped[str] = mapped_column(String(24), ForeignKey("persons.id", ondelete="CASCADE"))
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    next_path: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None] = mapped_column(default=None)


class CustomerSsoSecret(Base):
    """The secret a customer's own portal signs hand-off tokens with (HS256), encrypted."""

    __tablename__ = "customer_sso_secrets"

    customer_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("customers.id", ondelete="CASCADE"), primary_key=True
    )
    secret_enc: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]


class PortalHandoffUse(Base):
    """A portal hand-off token's `jti`, kept until the token expires: a second use is refused."""

    __tablename__ = "portal_handoff_uses"
    __table_args__ = (Index("ix_portal_handoff_uses_expires", "expires_at"),)

    customer_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("customers.id", ondelete="CASCADE"), primary_key=True
    )
    jti: Mapped[str] = mapped_column(String(200), primary_key=True)
    expires_at: Mapped[datetime]
