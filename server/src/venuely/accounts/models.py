"""Persons (accounts), their key-value store, login sessions and mailed one-time secrets."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, JsonType, id_column


class Person(Base):
    __tablename__ = "persons"

    id: Mapped[str] = id_column()
    # Lower-cased login address; unique across the platform (one account, many events).
    login_email: Mapped[str] = mapped_column(String(320), unique=True)
    email: Mapped[str] = mapped_column(String(320))
    first_name: Mapped[str] = mapped_column(String(100), default="")
    last_name: Mapped[str] = mapped_column(String(100), default="")
    language: Mapped[str] = mapped_column(String(5), default="en")
    password_hash: Mapped[str | None] = mapped_column(String(200), default=None)
    is_verified: Mapped[bool] = mapped_column(Boolean, default=False)
    is_disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    picture_url: Mapped[str] = mapped_column(String(2000), default="")
    timezone_name: Mapped[str] = mapped_column(String(64), default="")
    timezone_shift: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


class PersonValue(Base):
    __tablename__ = "person_values"

    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    value: Mapped[Any] = mapped_column(JsonType)
    updated_at: Mapped[datetime]


class AuthSession(Base):
    """One issued access token (its `jti`). Deleting the row revokes the token everywhere."""

    __tablename__ = "auth_sessions"
    __table_args__ = (Index("ix_auth_sessions_person", "person_id"),)

    id: Mapped[str] = id_column()
    person_id: Mapped[str] = mapped_column(String(24), ForeignKey("persons.id", ondelete="CASCADE"))
    # 24 zeros for admin logins, which are not scoped to one event.
    event_id: Mapped[str] = mapped_column(String(24))
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    # An organizer's "preview as attendee" session for `event_id` (permissions.principal_of).
    is_preview: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class EmailTokenPurpose(StrEnum):
    VERIFY = "verify"
    RESET = "reset"
    # "Set your password" for an account an admin created; redeemed like a reset link.
    INVITE = "invite"


class EmailToken(Base):
    """A mailed secret: a long link token and, for verification, a 6-digit code. Hashes only."""

    __tablename__ = "email_tokens"
    __table_args__ = (Index("ix_email_tokens_person_purpose", "person_id", "purpose"),)

    id: Mapped[str] = id_column()
    person_id: Mapped[str] = mapped_column(String(24), ForeignKey("persons.id", ondelete="CASCADE"))
    purpose: Mapped[str] = mapped_column(String(16))
    event_id: Mapped[str] = mapped_column(String(24))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    code_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    failed_attempts: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None] = mapped_column(default=None)
    note: Mapped[str] = mapped_column(Text, default="")
