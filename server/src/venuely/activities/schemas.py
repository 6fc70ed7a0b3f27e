"""Wire shapes of activities: one request model per EntityType, and the common answer shape.

The request body's model depends on the `EntityType` query parameter, so routes take a JSON
object and `parse_activity` picks the model. Sessions and speakers forbid unknown fields (a typo
in `DateBegin` must not silently leave a session undated); the other types are open documents
with a few checked fields, because organizers configure polls, videos and rooms in many ways.
Fields a client reads back and may send again unchanged (`ID`, `EventID`, `Type`, `EntityType`,
`CreatedAt`, `UpdatedAt`) are accepted on input and never stored from it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

import orjson
from fastapi.exceptions import RequestValidationError
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from venuely.activities.models import Activity, EntityType
from venuely.activities.visibility import hidden_fields
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN, Id
from venuely.events.schemas import HttpUrl, UtcDateTime, http_url, optional_http_url
from venuely.files.service import FILES_PATH, stored_hash

DELETED = "DELETED"
READ_ONLY_FIELDS = frozenset({"ID", "EventID", "Type", "EntityType", "CreatedAt", "UpdatedAt"})
MAX_DOCUMENT_BYTES = 64 * 1024

ID_RE = re.compile(ID_PATTERN)
OptionalHttpUrl = Annotated[str, Field(max_length=2000), AfterValidator(optional_http_url)]
PICTURE_FIELD = "PictureURL"


def picture_url(value: str) -> str:
    """Empty, an http(s) URL, or exactly the path of a stored file (what the picture route sets
    and a client reads back). A path, unlike a URL on this site's origin, survives a move of the
    site to another domain; nothing else relative (`/etc/passwd`, `../`) is accepted."""
    if value == "" or stored_hash(value) is not None:
        return value
    try:
        return http_url(value)
    except ValueError:
        raise ValueError(
            f"must be an http(s) URL or a stored file's path {FILES_PATH}/<64 lowercase hex>"
        ) from None


PictureUrl = Annotated[str, Field(max_length=2000), AfterValidator(picture_url)]


class ConferenceType(StrEnum):
    NONE = "None"
    IFRAME = "Iframe"
    ZOOM = "Zoom"
    VIMEO = "Vimeo"
    YOUTUBE = "Youtube"
    # Beyond the spec: a cinema video of the event (`ConferenceID` is its id) played as if live,
    # from the offset `GET /events/{EventID}/stream/video/{sessionID}` gives (docs/subsystems/
    # media.md). The demo's live session uses it, so it plays without the internet.
    VIDEO = "Video"


# Field names below reuse the enum's name; this alias keeps annotations unambiguous.
Conference = ConferenceType


def _not_deleted(value: str) -> str:
    if value == DELETED:
        raise ValueError(f"'{DELETED}' is reserved: it marks a removed activity in sync frames")
    return value


NameField = Annotated[str, Field(max_length=200), AfterValidator(_not_deleted)]


class ActivityIn(BaseModel):
    """Fields every activity has; other types keep whatever else they are sent."""

    model_config = ConfigDict(extra="allow")

    ID: Id | None = None
    EventID: Id | None = None
    Type: str | None = None
    EntityType: str | None = None
    CreatedAt: Any = None
    UpdatedAt: Any = None
    InternalName: NameField = ""
    Title: str = Field("", max_length=300)
    Description: str = Field("", max_length=20000)
    PanoNodeID: str = Field("", max_length=100)


class SessionIn(ActivityIn):
    """A session as attendee-app.md §3 reads it. `IsVirtual` sessions stream inside the tour."""

    model_config = ConfigDict(extra="forbid")

    InternalName: Annotated[NameField, Field(min_length=1)]
    ScreenID: str = Field("", max_length=100)
    IsVirtual: bool = True
    DateBegin: UtcDateTime
    DateEnd: UtcDateTime
    NoAvtoPlay: bool = False
    StreamID: str = Field("", max_length=200)
    ConferenceType: Conference = Conference.NONE
    ConferenceJoinURL: OptionalHttpUrl = ""
    ConferenceID: str = Field("", max_length=200)
    ConferencePassword: str = Field("", max_length=200)
    LocationID: str = Field("", max_length=64)
    Tags: list[Annotated[str, Field(max_length=50)]] = Field(default_factory=list, max_length=20)
    # Live interaction (docs/subsystems/qna.md, reactions.md). Documents stored before these
    # existed lack them and read as these defaults (`qna.settings.interaction_of`).
    QnaEnabled: bool = True
    QnaModerated: bool = False
    ReactionsEnabled: bool = True

    @model_validator(mode="after")
    def _ordered(self) -> SessionIn:
        if self.DateEnd <= self.DateBegin:
            raise ValueError("DateEnd must be after DateBegin")
        if self.ConferenceType is Conference.VIDEO and not ID_RE.fullmatch(self.ConferenceID):
            raise ValueError("ConferenceType Video needs the video's ID as ConferenceID")
        return self


class SpeakerLink(BaseModel):
    """A link on a speaker's page (website, social profile). http(s) only: the web app renders
    it as a link, and no other scheme may run or open anything there."""

    model_config = ConfigDict(extra="forbid")

    Label: str = Field(min_length=1, max_length=100)
    URL: HttpUrl


class SpeakerIn(ActivityIn):
    model_config = ConfigDict(extra="forbid")

    FirstName: str = Field("", max_length=100)
    LastName: str = Field("", max_length=100)
    FullName: str = Field("", max_length=200)
    Company: str = Field("", max_length=200)
    JobTitle: str = Field("", max_length=200)
    PictureURL: PictureUrl = ""
    Biography: str = Field("", max_length=20000)
    Links: list[SpeakerLink] = Field(default_factory=list, max_length=10)
    PersonID: Id | None = None

    @model_validator(mode="after")
    def _named(self) -> SpeakerIn:
        if not self.FullName:
            self.FullName = f"{self.FirstName} {self.LastName}".strip()
        if not self.FullName:
            raise ValueError("a speaker needs FirstName, LastName or FullName")
        return self


MAX_POLL_OPTIONS = 20
PollResultsMode = Literal["live", "closed", "hidden"]


class PollOption(BaseModel):
    model_config = ConfigDict(extra="allow")

    ID: str = Field(min_length=1, max_length=64)
    Text: str = Field(min_length=1, max_length=200)


class PollIn(ActivityIn):
    """A poll's definition (docs/subsystems/polls.md). Its state is not a field: it follows from
    `IsActive` (opened by hand), `OpensAt` and `ClosesAt` at the time it is read, so a schedule
    needs no writer. Ballots are stored by the polls feature, never in this document."""

    IsActive: bool = False
    Question: str = Field("", max_length=1000)
    Options: list[PollOption] = Field(default_factory=list, max_length=MAX_POLL_OPTIONS)
    Multiple: bool = False
    AllowOther: bool = False
    AllowChange: bool = True
    Results: PollResultsMode = "live"
    OpensAt: UtcDateTime | None = None
    ClosesAt: UtcDateTime | None = None
    SessionID: Id | None = None

    @model_validator(mode="after")
    def _consistent(self) -> PollIn:
        ids = [option.ID for option in self.Options]
        if len(set(ids)) != len(ids):
            raise ValueError("Options must have unique IDs")
        opens, closes = self.OpensAt, self.ClosesAt
        if opens is not None and closes is not None and closes <= opens:
            raise ValueError("ClosesAt must be after OpensAt")
        return self


MAX_BREAKOUT_CAPACITY = 1000
# How people meet in a breakout room: a Zoom meeting (made by `createzoommeeting`, or its join
# URL given by hand), a Jitsi Meet or BigBlueButton room, any embeddable call page, or none yet.
BreakoutCall = Literal["None", "Zoom", "Jitsi", "BigBlueButton", "Iframe"]
_CALL_NEEDS_URL = frozenset({"Jitsi", "BigBlueButton", "Iframe"})


class BreakoutRoomIn(ActivityIn):
    """A breakout room (docs/subsystems/breakouts.md). `Title` is its name. The call fields are
    spelled as a session's, so the stream rule (`visibility.hidden_fields`) keeps them from
    attendees in activity lists: only a person inside the room gets the way into its call.
    Unknown fields are refused, so a typo cannot silently leave a room at the default capacity."""

    model_config = ConfigDict(extra="forbid")

    Title: str = Field(min_length=1, max_length=300)
    Topic: str = Field("", max_length=1000)
    Capacity: int = Field(20, ge=1, le=MAX_BREAKOUT_CAPACITY)
    OpensAt: UtcDateTime | None = None
    ClosesAt: UtcDateTime | None = None
    ConferenceType: BreakoutCall = "None"
    ConferenceJoinURL: OptionalHttpUrl = ""
    ConferenceID: str = Field("", max_length=200)
    ConferencePassword: str = Field("", max_length=200)

    @model_validator(mode="after")
    def _consistent(self) -> BreakoutRoomIn:
        opens, closes = self.OpensAt, self.ClosesAt
        if opens is not None and closes is not None and closes <= opens:
            raise ValueError("ClosesAt must be after OpensAt")
        if self.ConferenceType in _CALL_NEEDS_URL and not self.ConferenceJoinURL:
            raise ValueError(f"ConferenceType {self.ConferenceType} needs a ConferenceJoinURL")
        return self


_MODELS: dict[EntityType, type[ActivityIn]] = {
    EntityType.SESSION: SessionIn,
    EntityType.SPEAKER: SpeakerIn,
    EntityType.POLL: PollIn,
    EntityType.BREAKOUT_ROOM: BreakoutRoomIn,
}


def has_picture(entity_type: EntityType) -> bool:
    """Whether activities of this type have a `PictureURL` field of their own (Speaker)."""
    model = _MODELS.get(entity_type)
    return model is not None and PICTURE_FIELD in model.model_fields


def portable_json(value: Any, *, limit: int, what: str) -> Any:
    """`value` as it will read back from either database, or a 422.

    Python's JSON parser accepts NaN, Infinity and integers of any size; PostgreSQL's JSONB and
    the realtime encoder do not. One orjson round trip turns NaN/Infinity into null, refuses
    integers beyond 64 bits, and measures the size on the way.
    """
    try:
        raw = orjson.dumps(value)
    except orjson.JSONEncodeError as exc:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR, f"{what} is not storable JSON: {exc}", {"What": what}
        ) from None
    if len(raw) > limit:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            f"{what} is {len(raw)} bytes of JSON; at most {limit} are stored",
            {"What": what, "Bytes": len(raw), "Limit": limit},
        )
    return orjson.loads(raw)


def parse_activity(entity_type: EntityType, body: Any) -> ActivityIn:
    """Validate `body` as an activity of `entity_type`; errors go through the one 422 envelope,
    located in the body like FastAPI's own."""
    model = _MODELS.get(entity_type, ActivityIn)
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        errors = [{**e, "loc": ("body", *e["loc"])} for e in exc.errors(include_url=False)]
        raise RequestValidationError(errors) from None


def document_of(parsed: ActivityIn) -> dict[str, Any]:
    """The JSON document to store: everything sent, minus what the server owns."""
    dumped = parsed.model_dump(mode="json")
    return {k: v for k, v in dumped.items() if k not in READ_ONLY_FIELDS}


class ActivityOut(BaseModel):
    """Common fields; each type adds its own (a session's are listed in attendee-app.md §3).

    `Type` is the name the realtime protocol uses, `EntityType` the REST parameter's; both are
    always equal so either kind of client finds its name.
    """

    model_config = ConfigDict(extra="allow")

    ID: str
    EventID: str
    Type: str
    EntityType: str
    InternalName: str
    Title: str
    PanoNodeID: str
    CreatedAt: datetime
    UpdatedAt: datetime


class CountOut(BaseModel):
    Count: int


class VimeoOut(BaseModel):
    Url: str
    Password: str


def activity_out(activity: Activity, *, for_admin: bool, now: datetime) -> dict[str, Any]:
    """The activity as this viewer reads it at `now`: the stream fields follow
    `visibility.hidden_fields` (attendees get them only while the session is playable)."""
    hidden = hidden_fields(activity, now, for_admin=for_admin)
    doc = {k: v for k, v in activity.document.items() if k not in hidden}
    doc.update(
        ID=activity.id,
        EventID=activity.event_id,
        Type=activity.entity_type,
        EntityType=activity.entity_type,
        InternalName=activity.internal_name,
        Title=doc.get("Title", activity.title),
        PanoNodeID=activity.pano_node_id,
        CreatedAt=_iso(activity.created_at),
        UpdatedAt=_iso(activity.updated_at),
    )
    return doc


def _iso(value: datetime) -> str:
    # The same form pydantic gives the stored DateBegin/DateEnd: UTC with a Z.
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")
