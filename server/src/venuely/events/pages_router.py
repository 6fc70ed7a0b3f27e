"""HTTP routes for event pages: FAQ and landing (multipart), photobooth (JSON), web-element
images (multipart field `file`). All EventAdmin; attendees read these through `/public`."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import APIRouter, File, Form, Path, Response, UploadFile
from pydantic import AfterValidator

from venuely.accounts.permissions import EventAdmin
from venuely.core.deps import ServicesDep, SessionDep
from venuely.events import pages
from venuely.events.pages_schemas import (
    FaqOut,
    PageOut,
    PhotoboothIn,
    PhotoboothOut,
    WebElementImageOut,
)
from venuely.files.limits import upload_route
from venuely.files.service import StorageDep

pages_router = APIRouter(tags=["event pages"])

_HTTP_URL_RE = re.compile(r"^https?://[^\s/?#]+[^\s]*$", re.IGNORECASE)


def _http_url_or_empty(value: str) -> str:
    if value and not _HTTP_URL_RE.match(value):
        raise ValueError("must be empty or an http(s) URL")
    return value


Title = Annotated[str, Form(alias="Title", min_length=1, max_length=200)]
Content = Annotated[str, Form(alias="Content", max_length=100_000)]
ImageURL = Annotated[
    str, Form(alias="ImageURL", max_length=2000), AfterValidator(_http_url_or_empty)
]
# "300", "300px", "40vh", "50%" or "auto"; empty means the page's own default.
ImageHeight = Annotated[
    str, Form(alias="ImageHeight", pattern=r"^(|auto|\d{1,4}(px|vh|%)?)$", max_length=8)
]
IsSidebar = Annotated[bool, Form(alias="IsSidebar")]
RemoveImage = Annotated[bool, Form(alias="RemoveImage")]
Image = Annotated[UploadFile | None, File(alias="Image", description="PNG, JPEG, WebP or GIF")]
WebElementKeyPath = Annotated[str, Path(alias="WebElementKey", pattern=r"^[A-Za-z0-9_.-]{1,100}$")]


@pages_router.put("/events/{EventID}/faq", response_model=FaqOut)
@upload_route
async def put_faq(
    access: EventAdmin,
    title: Title,
    content: Content,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
    image_url: ImageURL = "",
    image_height: ImageHeight = "",
    is_sidebar: IsSidebar = False,
    remove_image: RemoveImage = False,
    image: Image = None,
) -> FaqOut:
    fields = pages.PageFields(title, content, image_url, image_height, is_sidebar, remove_image)
    page = await pages.put_page(
        session, services, storage, access.event, pages.PageKind.FAQ, fields, image
    )
    return pages.faq_out(page)


@pages_router.put("/events/{EventID}/landing", response_model=PageOut)
@upload_route
async def put_landing(
    access: EventAdmin,
    title: Title,
    content: Content,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
    image_url: ImageURL = "",
    image_height: ImageHeight = "",
    remove_image: RemoveImage = False,
    image: Image = None,
) -> PageOut:
    fields = pages.PageFields(title, content, image_url, image_height, False, remove_image)
    page = await pages.put_page(
        session, services, storage, access.event, pages.PageKind.LANDING, fields, image
    )
    return pages.page_out(page)


@pages_router.put("/events/{EventID}/photobooth", response_model=PhotoboothOut)
async def put_photobooth(
    access: EventAdmin, body: PhotoboothIn, session: SessionDep, services: ServicesDep
) -> PhotoboothOut:
    row = await pages.put_photobooth(session, services, access.event, body)
    return pages.photobooth_out(row)


@pages_router.post(
    "/events/{EventID}/webelement-image/{WebElementKey}", response_model=WebElementImageOut
)
@upload_route
async def upload_webelement_image(
    access: EventAdmin,
    key: WebElementKeyPath,
    file: Annotated[UploadFile, File(alias="file", description="PNG, JPEG, WebP or GIF")],
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> WebElementImageOut:
    return await pages.set_webelement_image(session, services, storage, access.event, key, file)


@pages_router.delete("/events/{EventID}/webelement-image/{WebElementKey}", status_code=204)
async def delete_webelement_image(
    access: EventAdmin, key: WebElementKeyPath, session: SessionDep, services: ServicesDep
) -> Response:
    await pages.remove_webelement_image(session, services, access.event, key)
    return Response(status_code=204)
