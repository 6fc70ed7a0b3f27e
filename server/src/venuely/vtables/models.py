"""Tables of the vtables feature: a named table per event (or global) and its JSON rows.

Rows are their own records rather than one JSON array on the table, so attendees adding Wall of
Fame projects at the same time never overwrite each other's rows, and each row remembers who
added it (its owner may edit it later).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column


class VTable(Base):
    __tablename__ = "vtables"
    __table_args__ = (Index("ix_vtables_event_name", "event_id", "name"),)

    id: Mapped[str] = id_column()
    # None: a global table (master admins write it; docs/subsystems/vfiles.md).
    event_id: Mapped[str | None] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), default=None
    )
    name: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class VTableRow(Base):
    __tablename__ = "vtable_rows"
    __table_args__ = (Index("ix_vtable_rows_table", "vtable_id", "id"),)

    id: Mapped[str] = id_column()
    vtable_id: Mapped[str] = mapped_column(String(24), ForeignKey("vtables.id", ondelete="CASCADE"))
    # Who added the row; None for rows written by admins on behalf of the event.
    person_id: Mapped[str | None] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="SET NULL"), default=None
    )
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
