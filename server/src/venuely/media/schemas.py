"""Wire shapes of the media routes (docs/subsystems/media.md has them with examples)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from venuely.activities.schemas import ActivityOut
from venuely.core.ids import Id
from venuely.events.schemas import UtcDateTime
from venuely.media.models import VideoKind
from venuely.media.sources import parse_source, poster_url

MAX_DURATION_SECONDS = 7 * 24 * 3600
MAX_VIDEOS_IN_ORDER = 1000

PosterUrl = Annotated[str, Field(max_length=2000), AfterValidator(poster_url)]


class VideoIn(BaseModel):
    """A video to create, or the whole new state of one (PUT). A client may send back what it
    read: `ID` and `EventID` must then match, the other read-only fields are ignored."""

    model_config = ConfigDict(extra="forbid")

    Title: str = Field(min_length=1, max_length=200)
    Description: str = Field("", max_length=5000)
    Kind: VideoKind
    URL: str = Field(min_length=1, max_length=2000)
    DurationSeconds: float | None = Field(None, ge=0, le=MAX_DURATION_SECONDS)
    PosterURL: PosterUrl = ""
    IsInCinema: bool = True
    # Omitted: a new video goes last, an updated one keeps its place.
    Position: int | None = Field(None, ge=0, le=1_000_000)
    ID: Id | None = None
    EventID: Id | None = None
    FileHash: Any = None
    ExternalID: Any = None
    CreatedAt: Any = None
    UpdatedAt: Any = None

    @field_validator("URL")
    @classmethod
    def _source(cls, value: str, info: ValidationInfo) -> str:
        kind = info.data.get("Kind")
        if isinstance(kind, VideoKind):  # absent when Kind itself was refused
            parse_source(kind, value)
        return value.strip()


class VideoOut(BaseModel):
    ID: str
    EventID: str
    Title: str
    Description: str
    Kind: VideoKind
    # What a player loads: our `/api/v1/files/<hash>` path, the http(s) URL, or the YouTube /
    # Vimeo embed URL. Sending it back in `VideoIn.URL` keeps the source.
    URL: str
    # Set when we store the file (MP4, or the HLS playlist); null for URLs and embeds.
    FileHash: str | None
    # YouTube / Vimeo video id; empty for the other kinds.
    ExternalID: str
    DurationSeconds: float | None
    PosterURL: str
    Position: int
    IsInCinema: bool
    CreatedAt: UtcDateTime
    UpdatedAt: UtcDateTime


class OrderIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Every video of the event, each once, in the new order.
    VideoIDs: list[Id] = Field(max_length=MAX_VIDEOS_IN_ORDER)


class StoredVideoOut(BaseModel):
    """An uploaded MP4, stored and not yet a video: create one with `URL` as its `URL`."""

    URL: str
    FileHash: str
    ContentType: str
    Size: int
    Width: int
    Height: int
    DurationSeconds: float


class RecordingIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    VideoID: Id


class ReplayOut(BaseModel):
    SessionID: str
    # The event day the session began on, in the event's time zone (1 = the event's first
    # day; the agenda counts the same way), and that local date.
    DayNumber: int
    Date: str
    # Attendees only ever get ended sessions; organizers also see recordings still waiting.
    IsEnded: bool
    Session: ActivityOut
    Video: VideoOut


class LiveVideoOut(BaseModel):
    """A `Video` session played as if live: everyone is at the same point of the video."""

    SessionID: str
    Video: VideoOut
    StartedAt: UtcDateTime
    EndsAt: UtcDateTime
    ServerTime: UtcDateTime
    # Seconds into the video at `ServerTime`; with `Loop`, the video restarts at its end.
    Offset: float
    Loop: bool
