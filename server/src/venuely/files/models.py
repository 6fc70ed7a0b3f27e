"""One row per stored blob, keyed by the SHA-256 of the bytes the server wrote."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base


class StoredFile(Base):
    __tablename__ = "stored_files"

    hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    content_type: Mapped[str] = mapped_column(String(64))
    extension: Mapped[str] = mapped_column(String(8))
    size: Mapped[int] = mapped_column(Integer)
    width: Mapped[int] = mapped_column(Integer, default=0)
    height: Mapped[int] = mapped_column(Integer, default=0)
    # Videos: their length as the container states it; 0 for everything else.
    duration_ms: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime]
