"""Wire shapes for events: admin view, metadata, the attendee's public view, whitelist, requests.

Field names are PascalCase as the clients read them. Request bodies forbid unknown fields, so a
typo is a 422 instead of a silently ignored setting.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from functools import cache
from typing import Annotated, Any, Literal
from zoneinfo import available_timezones

from pydantic import AfterValidator, BaseModel, ConfigDict, EmailStr, Field, model_validator

from venuely.accounts.whitelist import normalize_entry
from venuely.core.i18n import Language
from venuely.core.ids import NULL_ID, Id
from venuely.events.menu import MenuItemOut
from venuely.events.pages_schemas import FaqOut, PageOut, PhotoboothOut
from venuely.events.reserved import RESERVED_NAMES

INTERNAL_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]{1,62}$")
_DOMAIN_RE = re.compile(
    r"^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$"
)
_HTTP_URL_RE = re.compile(r"^https?://[^\s/?#]+[^\s]*$", re.IGNORECASE)


def as_utc(value: datetime) -> datetime:
    """The fields are named ...UTC, so a time without an offset is read as UTC rather than
    refused; one with an offset is converted."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


UtcDateTime = Annotated[datetime, AfterValidator(as_utc)]


def http_url(value: str) -> str:
    if not _HTTP_URL_RE.match(value):
        raise ValueError("must be an http(s) URL")
    return value


HttpUrl = Annotated[str, Field(max_length=2000), AfterValidator(http_url)]


def optional_http_url(value: str) -> str:
    return value if value == "" else http_url(value)


@cache
def _time_zones() -> frozenset[str]:
    return frozenset(available_timezones())


def time_zone(value: str) -> str:
    if value not in _time_zones():
        raise ValueError("unknown IANA time zone")
    return value


def internal_name(value: str) -> str:
    name = value.strip().lower()
    if not INTERNAL_NAME_RE.match(name):
        raise ValueError(
            "must be 2-63 characters of a-z, 0-9 and '-', starting with a letter or digit"
        )
    if name in RESERVED_NAMES:
        raise ValueError(
            f"'{name}' is reserved: the app's own pages or services use /{name}, so an event "
            "with this name could never be reached"
        )
    return name


def pano_url(value: str) -> str:
    # A same-origin path (the demo's bundled tour) or an absolute http(s) URL.
    if value == "" or (value.startswith("/") and not value.startswith("//")):
        return value
    return http_url(value)


def whitelist_entry(value: str) -> str:
    """An address (`ada@example.com`) or a domain (`example.com`, `@example.com`)."""
    entry = normalize_entry(value)
    if "@" in entry:
        local, _, domain = entry.rpartition("@")
        if not local or "@" in local or not _DOMAIN_RE.match(domain) or " " in local:
            raise ValueError(f"'{value}' is neither an email address nor a domain")
        return entry
    if not _DOMAIN_RE.match(entry):
        raise ValueError(f"'{value}' is neither an email address nor a domain")
    return entry


class RequestModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


InternalNameStr = Annotated[str, Field(max_length=63), AfterValidator(internal_name)]
TimeZoneName = Annotated[str, Field(max_length=64), AfterValidator(time_zone)]
PanoUrl = Annotated[str, Field(max_length=2000), AfterValidator(pano_url)]
WhitelistEntryStr = Annotated[
    str, Field(min_length=1, max_length=320), AfterValidator(whitelist_entry)
]
ShortText = Annotated[str, Field(max_length=200)]
FreeDocument = Annotated[dict[str, Any], Field(max_length=500)]


class TrackingIn(RequestModel):
    URL: Annotated[str, Field(max_length=2000), AfterValidator(optional_http_url)] = ""
    SiteID: Annotated[str, Field(max_length=100)] = ""


class EventFields(RequestModel):
    """Settings shared by create and update; on update only the fields sent are changed."""

    Title: Annotated[str, Field(min_length=1, max_length=200)]
    InternalName: InternalNameStr
    DateBeginUTC: UtcDateTime
    DateEndUTC: UtcDateTime
    Description: Annotated[str, Field(max_length=20000)] = ""
    TimeZone: TimeZoneName = "UTC"
    DefaultLanguage: Language = "en"
    IsListed: bool = False
    # Only the whitelist admits attendees; an empty one admits none (docs: events.md).
    IsRestricted: bool = False
    IsUseIsolation: bool = False
    Isolations: Annotated[list[ShortText], Field(max_length=200)] = Field(default_factory=list)
    Tracking: TrackingIn = Field(default_factory=TrackingIn)
    PanoURL: PanoUrl = ""
    TreasureHuntID: Id = NULL_ID
    EventModules: FreeDocument = Field(default_factory=dict)
    PanoEventVars: FreeDocument = Field(default_factory=dict)
    PanoEventModulesVars: FreeDocument = Field(default_factory=dict)
    PanoCustomVars: FreeDocument = Field(default_factory=dict)
    EmailWhitelist: Annotated[list[WhitelistEntryStr], Field(max_length=5000)] | None = None
    # Days after DateEndUTC when the chat's messages are deleted (privacy/retention.py); null
    # keeps them.
    ChatRetentionDays: Annotated[int, Field(ge=1, le=3650)] | None = None


class EventCreate(EventFields):
    @model_validator(mode="after")
    def _dates_in_order(self) -> EventCreate:
        if self.DateEndUTC <= self.DateBeginUTC:
            raise ValueError("DateEndUTC must be after DateBeginUTC")
        return self


class EventUpdate(EventFields):
    """All optional. Echoes of the read-only fields a client got from GET are accepted so it can
    send the whole object back; ID and CustomerID must match, DefaultPage must name a menu item."""

    Title: Annotated[str, Field(min_length=1, max_length=200)] = ""
    InternalName: InternalNameStr = ""
    DateBeginUTC: UtcDateTime = datetime.min.replace(tzinfo=UTC)
    DateEndUTC: UtcDateTime = datetime.min.replace(tzinfo=UTC)
    ID: Id | None = None
    CustomerID: Id | None = None
    DefaultPage: Id | None = None
    CreatedAt: datetime | None = None
    UpdatedAt: datetime | None = None
    # Point the event at a stored tour version: sets PanoURL to /tours/{PanoID}/{PanoVersion}/
    # (docs/subsystems/panoramas.md). Both together; null (or absent) leaves PanoURL as sent.
    PanoID: Id | None = None
    PanoVersion: Annotated[int, Field(ge=1, le=999_999_999)] | None = None


class EventOut(BaseModel):
    ID: str
    CustomerID: str
    InternalName: str
    Title: str
    Description: str
    DateBeginUTC: datetime
    DateEndUTC: datetime
    TimeZone: str
    DefaultLanguage: str
    IsListed: bool
    IsRestricted: bool
    IsUseIsolation: bool
    Isolations: list[Any]
    Tracking: dict[str, Any]
    DefaultPage: str
    PanoURL: str
    TreasureHuntID: str
    EventModules: dict[str, Any]
    PanoEventVars: dict[str, Any]
    PanoEventModulesVars: dict[str, Any]
    PanoCustomVars: dict[str, Any]
    CreatedAt: datetime
    UpdatedAt: datetime
    # Read from PanoURL when it names a stored tour version, else null.
    PanoID: str | None = None
    PanoVersion: int | None = None
    ChatRetentionDays: int | None = None


class TrackingOut(BaseModel):
    URL: str = ""
    SiteID: str = ""


class EventMetadata(BaseModel):
    EventID: str
    InternalName: str
    Title: str
    DefaultLanguage: str
    IsUseIsolation: bool
    Isolations: list[Any]
    CustomerID: str
    Tracking: TrackingOut
    DateBeginUTC: datetime
    DateEndUTC: datetime
    TimeZone: str


class EventIsolations(BaseModel):
    IsUseIsolation: bool
    Isolations: list[Any]


class PublicEvent(BaseModel):
    EventID: str
    InternalName: str
    Title: str
    DateBeginUTC: datetime
    DateEndUTC: datetime
    TimeZone: str
    DefaultLanguage: str
    PanoURL: str
    TreasureHuntID: str
    EventModules: dict[str, Any]
    PanoEventVars: dict[str, Any]
    PanoEventModulesVars: dict[str, Any]
    PanoCustomVars: dict[str, Any]
    # From events/pages.py; null means "not configured". Photobooth carries a per-person
    # Signature instead of the APIKey (see pages_schemas.py).
    Photobooth: PhotoboothOut | None = None
    FAQ: FaqOut | None = None
    Landing: PageOut | None = None
    Navigation: list[MenuItemOut]
    DefaultPage: str


class WhitelistIn(RequestModel):
    Entries: Annotated[list[WhitelistEntryStr], Field(max_length=5000)]


class WhitelistOut(BaseModel):
    IsAllowed: Literal[True] = True
    Entries: list[str] | None = None


class EventRequestIn(RequestModel):
    Title: Annotated[str, Field(min_length=1, max_length=200)]
    DateBeginUTC: UtcDateTime
    DateEndUTC: UtcDateTime
    InternalName: Annotated[str, Field(max_length=63)] = ""
    Description: Annotated[str, Field(max_length=5000)] = ""
    TimeZone: TimeZoneName = "UTC"
    DefaultLanguage: Language = "en"
    Message: Annotated[str, Field(max_length=5000)] = ""
    ContactEMail: EmailStr | None = None

    @model_validator(mode="after")
    def _dates_in_order(self) -> EventRequestIn:
        if self.DateEndUTC <= self.DateBeginUTC:
            raise ValueError("DateEndUTC must be after DateBeginUTC")
        return self


class EventRequestOut(BaseModel):
    RequestID: str
