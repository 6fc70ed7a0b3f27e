"""Wire shapes of vfiles; field names as the spec spells them (admin-api.md §3, §5)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from venuely.core.ids import Id
from venuely.events.schemas import optional_http_url
from venuely.relations.schemas import REF_PATTERN, TYPE_PATTERN


class ContentKind(StrEnum):
    FILE = "File"
    URL = "URL"


class UploadType(StrEnum):
    NONE = ""
    YOUTUBE = "Youtube"
    VIMEO = "Vimeo"
    S3 = "S3"


OptionalHttpUrl = Annotated[str, Field(max_length=2000), AfterValidator(optional_http_url)]


class VFileIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Read-back fields a client may send again: ignored, except ID and EventID, which must match.
    ID: Id | None = None
    EventID: Id | None = None
    PersonID: Any = None
    FileName: Any = None
    MimeType: Any = None
    FileBytes: Any = None
    FileTimeAsInt: Any = None
    FileURL: Any = None
    ThumbnailURL: Any = None
    HasContent: Any = None
    CreatedAt: Any = None
    UpdatedAt: Any = None

    EntityType: Annotated[str, Field(pattern=TYPE_PATTERN)]
    EntityID: Annotated[str, Field(pattern=REF_PATTERN)]
    Title: str = Field("", max_length=200)
    FileType: ContentKind = ContentKind.FILE
    FileUploadType: UploadType = UploadType.NONE
    URL: OptionalHttpUrl = ""
    IsDisabled: bool = False
    Values: dict[str, Any] = Field(default_factory=dict, max_length=100)


class VFileOut(BaseModel):
    ID: str
    EventID: str
    EntityType: str
    EntityID: str
    PersonID: str | None
    Title: str
    FileType: str
    FileUploadType: str
    URL: str
    # Where the content is downloaded (bearer needed); empty until content is uploaded.
    FileURL: str
    HasContent: bool
    FileName: str
    MimeType: str
    FileBytes: int
    FileTimeAsInt: int
    ThumbnailURL: str
    IsDisabled: bool
    Values: dict[str, Any]
    CreatedAt: datetime
    UpdatedAt: datetime


class CountOut(BaseModel):
    Count: int


class UrlRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    url: str = Field(min_length=1, max_length=2000)


class PersonPictureOut(BaseModel):
    PersonID: str
    PictureURL: str


class PanoVarsOut(BaseModel):
    Removed: int
