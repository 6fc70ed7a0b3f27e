"""Cinema videos of an event and the recordings attached to its sessions (docs/subsystems/media.md).

A video is one playable source: an MP4 or an HLS playlist, stored by us (`file_hash`, a row of
`stored_files`) or at an http(s) URL, or a YouTube or Vimeo video by its id. Videos with
`is_in_cinema` make the cinema library, in `position` order. A recording links a session
(an activity of type Session) to a video of the same event; attendees find it under replays once
the session has ended. One recording per session: attaching another replaces it.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column


class VideoKind(StrEnum):
    MP4 = "mp4"
    HLS = "hls"
    YOUTUBE = "youtube"
    VIMEO = "vimeo"


class Video(Base):
    __tablename__ = "media_videos"
    __table_args__ = (Index("ix_media_videos_event_position", "event_id", "position", "id"),)

    id: Mapped[str] = id_column()
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    kind: Mapped[str] = mapped_column(String(16))
    # Exactly one source, by kind: `url` (an http(s) MP4 or .m3u8), `file_hash` (an MP4 or HLS
    # playlist we store) or `external_id` (YouTube / Vimeo).
    url: Mapped[str] = mapped_column(String(2000), default="")
    file_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    external_id: Mapped[str] = mapped_column(String(64), default="")
    duration_seconds: Mapped[float | None] = mapped_column(Float, default=None)
    # An http(s) URL or the same-origin path of a stored image (`/api/v1/files/<hash>`).
    poster_url: Mapped[str] = mapped_column(String(2000), default="")
    position: Mapped[int] = mapped_column(Integer, default=0)
    is_in_cinema: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class Recording(Base):
    __tablename__ = "media_recordings"

    # Deleting the session or the video deletes the recording with it.
    session_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("activities.id", ondelete="CASCADE"), primary_key=True
    )
    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), index=True
    )
    video_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("media_videos.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
