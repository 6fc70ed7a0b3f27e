"""Tables of the panoramas feature.

A `Pano` belongs to a customer; each accepted tour upload adds an immutable `PanoVersion`
(1, 2, ...) whose files live in the storage backend under content hashes, listed by the
version's `manifest`. `AttendeePanoVars` keeps one attendee's variable map per event; its
`game_score` column is what treasure hunt rankings sort on.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column


class Pano(Base):
    __tablename__ = "panos"
    __table_args__ = (Index("ix_panos_customer", "customer_id", "id"),)

    id: Mapped[str] = id_column()
    customer_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("customers.id", ondelete="CASCADE")
    )
    name: Mapped[str] = mapped_column(String(200))
    # Description and the free-form Data object.
    document: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # SHA-256 of the re-encoded preview image in the files storage, "" when there is none.
    preview_hash: Mapped[str] = mapped_column(String(64), default="")
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class PanoVersion(Base):
    __tablename__ = "pano_versions"

    pano_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("panos.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(200), default="")
    start_node_id: Mapped[str] = mapped_column(String(64), default="")
    node_count: Mapped[int] = mapped_column(Integer, default=0)
    # Served path -> {"Hash": sha256, "ContentType": ..., "Size": bytes}; never changes.
    manifest: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # The organizer's variables for this version (`PUT .../panovars`), the only mutable part.
    pano_vars: Mapped[dict[str, Any]] = mapped_column(default=dict)
    size_bytes: Mapped[int] = mapped_column(Integer, default=0)
    # SHA-256 of the uploaded zip as received, so a caller (the demo seed) can tell whether a
    # package is already installed without comparing files.
    package_hash: Mapped[str] = mapped_column(String(64), default="")
    # Who uploaded it (a person id, no foreign key: the version outlives the account).
    uploaded_by: Mapped[str] = mapped_column(String(24), default="")
    created_at: Mapped[datetime]


class AttendeePanoVars(Base):
    __tablename__ = "attendee_pano_vars"
    __table_args__ = (
        # Treasure hunt rankings read exactly this order (score desc, earliest first, person).
        Index("ix_attendee_pano_vars_rank", "event_id", "game_score", "scored_at", "person_id"),
    )

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    state: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # Var_User_Game_01 as an integer, 0 when missing or not numeric (attendee-app.md §6).
    game_score: Mapped[int] = mapped_column(Integer, default=0)
    # When the current score was reached: a save that keeps the score keeps this time, so
    # changing one's language does not cost a treasure hunt rank.
    scored_at: Mapped[datetime]
    updated_at: Mapped[datetime]
