"""Tables of the vfiles feature: one row per virtual file of an event.

A vfile is attached to an entity (`EntityType`/`EntityID`, e.g. a session, a speaker, a Wall of
Fame project or a person) and is either a link (`FileType` URL: a YouTube or Vimeo video, any
web page) or content stored by the server (`FileType` File, uploaded with `uploadcontent`).
Stored content is addressed by its SHA-256 like every other file (`files/`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column


class VFile(Base):
    __tablename__ = "vfiles"
    __table_args__ = (
        Index("ix_vfiles_event", "event_id", "id"),
        Index("ix_vfiles_entity", "event_id", "entity_type", "entity_id"),
    )

    id: Mapped[str] = id_column()
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    entity_type: Mapped[str] = mapped_column(String(40))
    entity_id: Mapped[str] = mapped_column(String(64))
    # Who created it; attendees may change only their own (docs/subsystems/vfiles.md).
    person_id: Mapped[str | None] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="SET NULL"), default=None
    )
    title: Mapped[str] = mapped_column(String(200), default="")
    file_type: Mapped[str] = mapped_column(String(8))
    file_upload_type: Mapped[str] = mapped_column(String(8), default="")
    url: Mapped[str] = mapped_column(String(2000), default="")
    is_disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    values: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # Uploaded content: None until `uploadcontent` succeeds.
    file_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    file_name: Mapped[str] = mapped_column(String(255), default="")
    mime_type: Mapped[str] = mapped_column(String(100), default="")
    file_bytes: Mapped[int] = mapped_column(Integer, default=0)
    file_time: Mapped[int] = mapped_column(BigInteger, default=0)
    thumbnail_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
