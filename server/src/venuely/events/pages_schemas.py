"""Wire shapes for event pages (FAQ, landing), photobooth settings and web-element images.

Photobooth field names are those of attendee-app.md §3. The one deviation: attendees never get
`APIKey`. The spec's web app signs photobooth links itself with SHA-256(slug + email + APIKey),
which would hand every attendee the organizer's key; instead the server sends `Signature`, that
digest precomputed for the calling person, and `SignatureEMail`, the email it was computed for.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from venuely.files.schemas import FileRef

# `PanoID` names the room of the event's venue tour that "go to panorama" opens: a node's ID or
# CustomID (docs/formats/tour-package.md), empty for the tour's start room. The spec only names
# the field; the venue is one tour per event, so its rooms are what an attendee can be taken to.
TOUR_NODE_OR_EMPTY = r"^[A-Za-z0-9_-]{0,64}$"
_HOST_OR_URL_RE = re.compile(
    r"^(https?://)?[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(:\d{1,5})?(/[^\s]*)?$"
)
_ORIGIN_RE = re.compile(r"^https?://[A-Za-z0-9.-]+(:\d{1,5})?$")


def host_or_url(value: str) -> str:
    if not _HOST_OR_URL_RE.match(value):
        raise ValueError("must be a host name or an http(s) URL")
    return value


def message_origin(value: str) -> str:
    # "*" accepts messages from any origin (attendee-app.md §5); otherwise an exact origin.
    if value not in ("", "*") and not _ORIGIN_RE.match(value):
        raise ValueError("must be '*' or an origin such as https://booth.example.com")
    return value.rstrip("/")


class PhotoboothFields(BaseModel):
    Slug: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,100}$")]
    Domain: Annotated[str, Field(max_length=300), AfterValidator(host_or_url)]
    GalleryDisplayMode: Annotated[str, Field(max_length=50)] = ""
    GalleryQRCodeShow: bool = False
    PanoID: Annotated[str, Field(pattern=TOUR_NODE_OR_EMPTY)] = ""
    OnClickOpenPopup: bool = False
    OnClickGoToPanorama: bool = False
    ExpectPostMessage: bool = False
    PostMessageText: Annotated[str, Field(max_length=500)] = ""
    PostMessageDomain: Annotated[str, Field(max_length=300), AfterValidator(message_origin)] = ""


class PhotoboothIn(PhotoboothFields):
    """`PUT /events/{EventID}/photobooth`. `APIKey` left out (or null) keeps the stored key, so
    an admin screen can save settings without ever reading the key back."""

    model_config = ConfigDict(extra="forbid")

    APIKey: Annotated[str, Field(max_length=200)] | None = None


class PhotoboothOut(PhotoboothFields):
    HasAPIKey: bool
    # Filled in the attendee's public view only (see the module docstring).
    Signature: str | None = None
    SignatureEMail: str | None = None
    UpdatedAt: datetime


class PageOut(BaseModel):
    Title: str
    Content: str
    ImageURL: str
    ImageHeight: str
    Image: FileRef | None
    UpdatedAt: datetime


class FaqOut(PageOut):
    IsSidebar: bool


class WebElementImageOut(BaseModel):
    WebElementKey: str
    url: str
    hash: str
