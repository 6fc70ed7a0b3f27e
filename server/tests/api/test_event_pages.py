"""FAQ and landing pages (multipart), photobooth settings, web-element images, and what the
attendee's public view carries of them."""

from __future__ import annotations

import hashlib
from typing import Any

import httpx
from sqlalchemy import func, select

from tests.api.upload_support import SVG, image_bytes, make_cast
from venuely.core.services import Services
from venuely.events.pages_models import EventPage, Photobooth
from venuely.files.models import StoredFile

BOOTH = {
    "Slug": "summer-gala",
    "Domain": "https://booth.example.com",
    "APIKey": "s3cr3t-key",
    "GalleryDisplayMode": "grid",
    "GalleryQRCodeShow": True,
    "PanoID": "a" * 24,
    "OnClickOpenPopup": True,
    "OnClickGoToPanorama": False,
    "ExpectPostMessage": True,
    "PostMessageText": "photo-taken",
    "PostMessageDomain": "https://booth.example.com",
}


async def _rows(services: Services) -> tuple[int, int, int]:
    async with services.db.session() as session:
        pages = await session.scalar(select(func.count()).select_from(EventPage)) or 0
        booths = await session.scalar(select(func.count()).select_from(Photobooth)) or 0
        files = await session.scalar(select(func.count()).select_from(StoredFile)) or 0
    return pages, booths, files


def _faq_form(**overrides: str) -> dict[str, str]:
    form = {
        "Title": "Questions",
        "Content": "How do I join? Click the stage.",
        "ImageHeight": "240px",
        "ImageURL": "https://example.com/help",
        "IsSidebar": "true",
    }
    form.update(overrides)
    return {k: v for k, v in form.items() if v != "<drop>"}


async def test_faq_with_image_then_text_only_keeps_the_image(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    path = f"/events/{cast.event.id}/faq"
    first = await client.put(
        path,
        data=_faq_form(),
        files={"Image": ("faq.png", image_bytes())},
        headers=cast.event_admin,
    )
    assert first.status_code == 200, first.text
    body = first.json()
    assert body["Title"] == "Questions"
    assert body["IsSidebar"] is True
    assert body["ImageHeight"] == "240px"
    assert body["ImageURL"] == "https://example.com/help"
    image = body["Image"]
    assert image["url"] == f"/api/v1/files/{image['hash']}"
    served = await client.get(image["url"].removeprefix("/api/v1"))
    assert hashlib.sha256(served.content).hexdigest() == image["hash"]

    second = await client.put(
        path, data=_faq_form(Title="FAQ", IsSidebar="false"), headers=cast.event_admin
    )
    assert second.json()["Image"] == image
    assert second.json()["Title"] == "FAQ"
    removed = await client.put(path, data=_faq_form(RemoveImage="true"), headers=cast.event_admin)
    assert removed.json()["Image"] is None

    public = (await client.get(f"/events/{cast.event.id}/public", headers=cast.attendee)).json()
    assert public["FAQ"]["Title"] == "Questions"
    assert public["FAQ"]["IsSidebar"] is True
    assert public["Landing"] is None
    assert public["Photobooth"] is None


async def test_faq_refusals_change_nothing(client: httpx.AsyncClient, services: Services) -> None:
    cast = await make_cast(services)
    path = f"/events/{cast.event.id}/faq"
    cases: list[tuple[dict[str, str], Any, int, str]] = [
        (_faq_form(Title="<drop>"), None, 422, "Title"),
        (_faq_form(Content="<drop>"), None, 422, "Content"),
        (_faq_form(ImageURL="javascript:alert(1)"), None, 422, "ImageURL"),
        (_faq_form(ImageHeight="tall"), None, 422, "ImageHeight"),
        (_faq_form(IsSidebar="maybe"), None, 422, "IsSidebar"),
        (_faq_form(), {"Image": ("x.svg", SVG)}, 415, ""),
        (_faq_form(), {"Image": ("x.png", b"<html></html>")}, 415, ""),
    ]
    for form, files, status, name in cases:
        response = await client.put(path, data=form, files=files, headers=cast.event_admin)
        assert response.status_code == status, (form, response.text)
        assert name in response.json()["Error"]["Message"]
    missing = await client.put(path, data=_faq_form(Title="<drop>"), headers=cast.event_admin)
    assert missing.json()["Error"]["Code"] == "MISSING_PARAMETER"
    assert missing.json()["Error"]["Data"]["Parameters"] == ["Title"]
    assert await _rows(services) == (0, 0, 0)


async def test_landing_page(client: httpx.AsyncClient, services: Services) -> None:
    cast = await make_cast(services)
    response = await client.put(
        f"/events/{cast.event.id}/landing",
        data={
            "Title": "Welcome",
            "Content": "Doors open at 9",
            "ImageHeight": "50vh",
            "ImageURL": "",
        },
        files={"Image": ("hero.webp", image_bytes("WEBP", (20, 10)))},
        headers=cast.event_admin,
    )
    assert response.status_code == 200, response.text
    assert "IsSidebar" not in response.json()
    public = (await client.get(f"/events/{cast.event.id}/public", headers=cast.attendee)).json()
    assert public["Landing"]["Title"] == "Welcome"
    assert public["Landing"]["Image"]["hash"] == response.json()["Image"]["hash"]
    # An empty file input (no file chosen) is no image, not an error.
    empty = await client.put(
        f"/events/{cast.event.id}/landing",
        data={"Title": "Welcome", "Content": "x"},
        files={"Image": ("", b"")},
        headers=cast.event_admin,
    )
    assert empty.status_code == 200
    assert empty.json()["Image"] == response.json()["Image"]


async def test_photobooth_key_never_reaches_attendees(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    path = f"/events/{cast.event.id}/photobooth"
    saved = await client.put(path, json=BOOTH, headers=cast.event_admin)
    assert saved.status_code == 200, saved.text
    assert "APIKey" not in saved.json()
    assert saved.json()["HasAPIKey"] is True
    assert saved.json()["Signature"] is None

    response = await client.get(f"/events/{cast.event.id}/public", headers=cast.attendee)
    assert "s3cr3t-key" not in response.text
    booth = response.json()["Photobooth"]
    assert "APIKey" not in booth
    for field in ("Slug", "Domain", "GalleryDisplayMode", "GalleryQRCodeShow", "PanoID",
                  "OnClickOpenPopup", "OnClickGoToPanorama", "ExpectPostMessage",
                  "PostMessageText", "PostMessageDomain"):  # fmt: skip
        assert booth[field] == BOOTH[field], field
    assert booth["SignatureEMail"] == "attendee@example.com"
    expected = hashlib.sha256(b"summer-galaattendee@example.coms3cr3t-key").hexdigest()
    assert booth["Signature"] == expected

    # Saving without APIKey keeps the key; the signature still works.
    without_key = {k: v for k, v in BOOTH.items() if k != "APIKey"}
    kept = await client.put(path, json={**without_key, "Slug": "winter"}, headers=cast.event_admin)
    assert kept.json()["HasAPIKey"] is True
    again = (await client.get(f"/events/{cast.event.id}/public", headers=cast.attendee)).json()
    assert (
        again["Photobooth"]["Signature"]
        == hashlib.sha256(b"winterattendee@example.coms3cr3t-key").hexdigest()
    )


async def test_photobooth_validation(client: httpx.AsyncClient, services: Services) -> None:
    cast = await make_cast(services)
    path = f"/events/{cast.event.id}/photobooth"
    for bad in (
        {k: v for k, v in BOOTH.items() if k != "Slug"},
        {**BOOTH, "Slug": "has space"},
        {**BOOTH, "PostMessageDomain": "javascript:alert(1)"},
        {**BOOTH, "PanoID": "../lobby"},
        {**BOOTH, "Domain": "not a host"},
        {**BOOTH, "Unknown": 1},
        {**BOOTH, "GalleryQRCodeShow": "perhaps"},
    ):
        response = await client.put(path, json=bad, headers=cast.event_admin)
        assert response.status_code == 422, bad
    wildcard = await client.put(
        path, json={**BOOTH, "PostMessageDomain": "*"}, headers=cast.event_admin
    )
    assert wildcard.status_code == 200
    missing = await client.put(path, headers=cast.event_admin)
    assert missing.status_code == 422


async def test_webelement_image_sets_the_web_element(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    path = f"/events/{cast.event.id}/webelement-image/Screen_01"
    response = await client.post(
        path, files={"file": ("s.png", image_bytes())}, headers=cast.event_admin
    )
    assert response.status_code == 200, response.text
    out = response.json()
    assert out["WebElementKey"] == "Screen_01"
    assert out["url"] == f"/api/v1/files/{out['hash']}"
    public = (await client.get(f"/events/{cast.event.id}/public", headers=cast.attendee)).json()
    assert public["PanoCustomVars"]["WebElements"]["Screen_01"] == {
        "Type": "image",
        "Value": out["url"],
    }
    refused = await client.post(path, files={"file": ("s.svg", SVG)}, headers=cast.event_admin)
    assert refused.status_code == 415
    no_file = await client.post(path, headers=cast.event_admin)
    assert no_file.status_code == 422
    bad_key = await client.post(
        f"/events/{cast.event.id}/webelement-image/a%20b",
        files={"file": ("s.png", image_bytes())},
        headers=cast.event_admin,
    )
    assert bad_key.status_code == 422


async def test_removing_a_webelement_image_gives_the_element_back_to_the_tour(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    eid = cast.event.id
    for key in ("Screen_01", "Screen_02"):
        await client.post(
            f"/events/{eid}/webelement-image/{key}",
            files={"file": ("s.png", image_bytes())},
            headers=cast.event_admin,
        )
    path = f"/events/{eid}/webelement-image/Screen_01"
    assert (await client.delete(path, headers=cast.attendee)).status_code == 403
    assert (await client.delete(path, headers=cast.event_admin)).status_code == 204
    public = (await client.get(f"/events/{eid}/public", headers=cast.attendee)).json()
    elements = public["PanoCustomVars"]["WebElements"]
    assert "Screen_01" not in elements
    assert elements["Screen_02"]["Type"] == "image"
    # Again, and for a key that never had one: nothing to do, not an error.
    assert (await client.delete(path, headers=cast.event_admin)).status_code == 204
    missing = f"/events/{eid}/webelement-image/never"
    assert (await client.delete(missing, headers=cast.event_admin)).status_code == 204
    bad_key = await client.delete(f"/events/{eid}/webelement-image/a%20b", headers=cast.event_admin)
    assert bad_key.status_code == 422


async def test_page_routes_refuse_the_wrong_callers(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    eid = cast.event.id
    form = _faq_form()
    png = {"file": ("s.png", image_bytes())}
    calls: list[tuple[str, str, dict[str, Any]]] = [
        ("PUT", f"/events/{eid}/faq", {"data": form}),
        ("PUT", f"/events/{eid}/landing", {"data": form}),
        ("PUT", f"/events/{eid}/photobooth", {"json": BOOTH}),
        ("POST", f"/events/{eid}/webelement-image/k", {"files": png}),
    ]
    for method, path, kwargs in calls:
        for headers, status in ((cast.attendee, 403), (cast.other_admin, 403), ({}, 401)):
            response = await client.request(method, path, headers=headers, **kwargs)
            assert response.status_code == status, (path, response.text)
        unknown = await client.request(
            method, path.replace(eid, "e" * 24), headers=cast.master, **kwargs
        )
        assert unknown.status_code == 404
    assert await _rows(services) == (0, 0, 0)
