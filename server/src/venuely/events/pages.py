"""Event pages: FAQ and landing (text plus an optional image), photobooth settings, web-element
images, and their parts of the attendee's public view.

Images go through the file service (re-encoded, content-addressed). A page saved without an
`Image` keeps the image it had, so editing text does not mean uploading the picture again;
`RemoveImage=true` drops it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from fastapi import UploadFile
from sqlalchemy import and_, bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from venuely.accounts.models import Person
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.events.pages_models import EventPage, Photobooth
from venuely.events.pages_schemas import (
    FaqOut,
    PageOut,
    PhotoboothIn,
    PhotoboothOut,
    WebElementImageOut,
)
from venuely.files.schemas import FileRef
from venuely.files.service import file_url, store_upload
from venuely.files.sniff import Kind
from venuely.files.storage import Storage


class PageKind(StrEnum):
    FAQ = "faq"
    LANDING = "landing"


@dataclass(frozen=True, slots=True)
class PageFields:
    title: str
    content: str
    image_url: str
    image_height: str
    is_sidebar: bool = False
    remove_image: bool = False


def _present(upload: UploadFile | None) -> UploadFile | None:
    # A form whose file input was left empty still sends the part, with no name and no bytes.
    if upload is None or (not upload.filename and not upload.size):
        return None
    return upload


async def put_page(
    session: AsyncSession,
    services: Services,
    storage: Storage,
    event: Event,
    kind: PageKind,
    fields: PageFields,
    image: UploadFile | None,
) -> EventPage:
    upload = _present(image)
    # The upload is checked and stored before any row changes: a refused file changes nothing.
    stored = (
        await store_upload(session, services, storage, upload, {Kind.IMAGE}) if upload else None
    )
    page = await session.get(EventPage, (event.id, kind.value))
    if page is None:
        page = EventPage(event_id=event.id, kind=kind.value)
        session.add(page)
    page.title, page.content = fields.title, fields.content
    page.image_url, page.image_height = fields.image_url, fields.image_height
    page.is_sidebar = fields.is_sidebar
    if stored is not None:
        page.image_hash = stored.hash
    elif fields.remove_image:
        page.image_hash = None
    page.updated_at = services.clock.now()
    await session.flush()
    return page


def _image(page: EventPage) -> FileRef | None:
    return FileRef(url=file_url(page.image_hash), hash=page.image_hash) if page.image_hash else None


def page_out(page: EventPage) -> PageOut:
    return PageOut(
        Title=page.title,
        Content=page.content,
        ImageURL=page.image_url,
        ImageHeight=page.image_height,
        Image=_image(page),
        UpdatedAt=page.updated_at,
    )


def faq_out(page: EventPage) -> FaqOut:
    return FaqOut(**page_out(page).model_dump(), IsSidebar=page.is_sidebar)


async def put_photobooth(
    session: AsyncSession, services: Services, event: Event, body: PhotoboothIn
) -> Photobooth:
    row = await session.get(Photobooth, event.id)
    if row is None:
        row = Photobooth(event_id=event.id, api_key="")
        session.add(row)
    row.settings = body.model_dump(exclude={"APIKey"})
    if body.APIKey is not None:
        row.api_key = body.APIKey
    row.updated_at = services.clock.now()
    await session.flush()
    return row


def photobooth_signature(slug: str, email: str, api_key: str) -> str:
    """SHA-256 hex of slug + email + key, as the photobooth service checks it (attendee-app §7)."""
    return hashlib.sha256(f"{slug}{email}{api_key}".encode()).hexdigest()


def photobooth_out(row: Photobooth, person: Person | None = None) -> PhotoboothOut:
    out = PhotoboothOut(**row.settings, HasAPIKey=bool(row.api_key), UpdatedAt=row.updated_at)
    if person is not None and row.api_key:
        email = person.email or person.login_email
        out.Signature = photobooth_signature(out.Slug, email, row.api_key)
        out.SignatureEMail = email
    return out


_FAQ = aliased(EventPage, name="faq")
_LANDING = aliased(EventPage, name="landing")
# The three parts in one statement, each outer-joined to the event's row (None when not
# configured), instead of a primary-key read each: every attendee's app reads the public view.
_PUBLIC_PARTS = (
    select(_FAQ, _LANDING, Photobooth)
    .select_from(Event)
    .outerjoin(_FAQ, and_(_FAQ.event_id == Event.id, _FAQ.kind == PageKind.FAQ.value))
    .outerjoin(
        _LANDING, and_(_LANDING.event_id == Event.id, _LANDING.kind == PageKind.LANDING.value)
    )
    .outerjoin(Photobooth, Photobooth.event_id == Event.id)
    .where(Event.id == bindparam("event_id"))
)


async def public_parts(session: AsyncSession, event: Event, person: Person) -> dict[str, Any]:
    """FAQ, Landing and Photobooth for `GET /events/{EventID}/public`; None = not configured."""
    row = (await session.execute(_PUBLIC_PARTS, {"event_id": event.id})).one()
    faq, landing, booth = row
    return {
        "FAQ": faq_out(faq) if faq else None,
        "Landing": page_out(landing) if landing else None,
        "Photobooth": photobooth_out(booth, person) if booth else None,
    }


async def set_webelement_image(
    session: AsyncSession,
    services: Services,
    storage: Storage,
    event: Event,
    key: str,
    upload: UploadFile,
) -> WebElementImageOut:
    """Stores the image and points the web element at it in PanoCustomVars.WebElements, where the
    attendee app reads web-element content (attendee-app.md §3: Type image, Value)."""
    stored = await store_upload(session, services, storage, upload, {Kind.IMAGE})
    url = file_url(stored.hash)
    custom = dict(event.pano_custom_vars or {})
    elements = custom.get("WebElements")
    elements = dict(elements) if isinstance(elements, dict) else {}
    elements[key] = {"Type": "image", "Value": url}
    custom["WebElements"] = elements
    event.pano_custom_vars = custom
    event.updated_at = services.clock.now()
    await session.flush()
    return WebElementImageOut(WebElementKey=key, url=url, hash=stored.hash)


async def remove_webelement_image(
    session: AsyncSession, services: Services, event: Event, key: str
) -> None:
    """Takes the uploaded image off the web element: attendees get the tour's own content there
    again. Only an image set this way is removed (a web element of another Type stays), and
    removing what is not there is not an error, so a repeated click changes nothing. The file
    stays stored: content-addressed files may be used elsewhere (files/service.py)."""
    custom = dict(event.pano_custom_vars or {})
    elements = custom.get("WebElements")
    if not isinstance(elements, dict):
        return
    current = elements.get(key)
    if not (isinstance(current, dict) and current.get("Type") == "image"):
        return
    custom["WebElements"] = {k: v for k, v in elements.items() if k != key}
    event.pano_custom_vars = custom
    event.updated_at = services.clock.now()
    await session.flush()
