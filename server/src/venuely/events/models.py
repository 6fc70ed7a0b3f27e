"""Customers, their events, and what hangs off an event: attendees, whitelist, values, menu."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, JsonType, id_column


class Customer(Base):
    __tablename__ = "customers"

    id: Mapped[str] = id_column()
    name: Mapped[str] = mapped_column(String(200))
    # Set by a master admin: the customer's events refuse attendees (customers/status.py).
    is_disabled: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class Event(Base):
    __tablename__ = "events"
    __table_args__ = (
        Index("ix_events_customer", "customer_id"),
        Index("ix_events_begin", "date_begin"),
    )

    id: Mapped[str] = id_column()
    customer_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("customers.id", ondelete="CASCADE")
    )
    # Stored lower-cased: event URLs are case-insensitive (attendee-app.md §2).
    internal_name: Mapped[str] = mapped_column(String(64), unique=True)
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    date_begin: Mapped[datetime]
    date_end: Mapped[datetime]
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC")
    default_language: Mapped[str] = mapped_column(String(5), default="en")
    is_listed: Mapped[bool] = mapped_column(Boolean, default=False)
    # Only whitelisted addresses (and the event's admins) may enter; with an empty whitelist,
    # nobody else. Unrestricted events treat an empty whitelist as open (accounts/whitelist.py).
    is_restricted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    is_use_isolation: Mapped[bool] = mapped_column(Boolean, default=False)
    isolations: Mapped[list[Any]] = mapped_column(default=list)
    tracking: Mapped[dict[str, Any]] = mapped_column(default=dict)
    default_page: Mapped[str] = mapped_column(String(24), default="0" * 24)
    pano_url: Mapped[str] = mapped_column(String(2000), default="")
    treasure_hunt_id: Mapped[str] = mapped_column(String(24), default="0" * 24)
    # Free-form documents the attendee app reads (attendee-app.md §3); shapes checked by schemas.
    event_modules: Mapped[dict[str, Any]] = mapped_column(default=dict)
    pano_event_vars: Mapped[dict[str, Any]] = mapped_column(default=dict)
    pano_event_modules_vars: Mapped[dict[str, Any]] = mapped_column(default=dict)
    pano_custom_vars: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # Chat messages are deleted this many days after `date_end` (privacy/retention.py); None
    # keeps them.
    chat_retention_days: Mapped[int | None] = mapped_column(Integer, default=None)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class Attendee(Base):
    __tablename__ = "attendees"
    __table_args__ = (Index("ix_attendees_person", "person_id"),)

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime]
    # Set by an organizer (people/): refused at login, ticket and every member check here.
    removed_at: Mapped[datetime | None] = mapped_column(default=None)
    # Set by an organizer (people/): reads chat, every chat write refused (CHAT_BANNED).
    chat_banned_at: Mapped[datetime | None] = mapped_column(default=None)
    # Written by analytics, throttled; shown in the people list.
    last_seen_at: Mapped[datetime | None] = mapped_column(default=None)


class WhitelistEntry(Base):
    """An allowed email address or domain. An event without entries is open to everyone, unless
    it is restricted (`Event.is_restricted`): then it admits no attendee at all."""

    __tablename__ = "event_whitelist"

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    # Lower-cased; an entry containing "@" is an address, anything else a domain.
    entry: Mapped[str] = mapped_column(String(320), primary_key=True)


class EventValue(Base):
    __tablename__ = "event_values"

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    value: Mapped[Any] = mapped_column(JsonType)
    updated_at: Mapped[datetime]


class MenuItem(Base):
    __tablename__ = "menu_items"
    __table_args__ = (Index("ix_menu_items_event", "event_id"),)

    id: Mapped[str] = id_column()
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    position: Mapped[str] = mapped_column(String(8))
    index: Mapped[int] = mapped_column(Integer, default=0)
    is_visible: Mapped[bool] = mapped_column(Boolean, default=True)
    type: Mapped[str] = mapped_column(String(32))
    # The full item as the attendee app reads it (names, sidebar titles, Data by Type, ...).
    document: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class EventRequest(Base):
    """A prospective organizer's request for a new event, reviewed by master admins."""

    __tablename__ = "event_requests"
    __table_args__ = (Index("ix_event_requests_status", "status", "id"),)

    id: Mapped[str] = id_column()
    person_id: Mapped[str] = mapped_column(String(24), ForeignKey("persons.id", ondelete="CASCADE"))
    document: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime]
    # pending → approved | rejected, once (events/request_decisions.py: a conditional UPDATE).
    status: Mapped[str] = mapped_column(String(16), default="pending", server_default="pending")
    decided_at: Mapped[datetime | None] = mapped_column(default=None)
    # The master who decided; kept as a record after the event or the master are deleted.
    decided_by: Mapped[str | None] = mapped_column(
        String(24),
        ForeignKey("persons.id", ondelete="SET NULL", name="fk_event_requests_decided_by"),
        default=None,
    )
    # A rejection's reason, mailed to the requester; empty otherwise.
    reason: Mapped[str] = mapped_column(Text, default="", server_default="")
    event_id: Mapped[str | None] = mapped_column(
        String(24),
        ForeignKey("events.id", ondelete="SET NULL", name="fk_event_requests_event"),
        default=None,
    )
