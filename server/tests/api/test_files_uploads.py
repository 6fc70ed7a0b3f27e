"""Uploads through a real upload route (an event's media asset), the malicious corpus, size
limits, and downloads with their headers."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import httpx
import pytest
from PIL import Image
from sqlalchemy import func, select

from tests.api.upload_support import (
    FAKE_TTF,
    FAKE_WOFF2,
    HTML_AS_PNG,
    SVG,
    font_bytes,
    image_bytes,
    make_cast,
    pixel_flood_png,
)
from venuely.core.services import Services
from venuely.files.models import StoredFile
from venuely.settings import Settings
from venuely.themes.models import Theme

MAX_UPLOAD = 64 * 1024


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"max_upload_bytes": MAX_UPLOAD})


def _media(event_id: str, name: str = "favicon") -> str:
    return f"/events/{event_id}/themes/media-assets/{name}"


async def _count(services: Services) -> tuple[int, int]:
    async with services.db.session() as session:
        files = await session.scalar(select(func.count()).select_from(StoredFile))
        themes = await session.scalar(select(func.count()).select_from(Theme))
    return files or 0, themes or 0


def _stored_paths(settings: Settings) -> list[Path]:
    root = settings.files_dir
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


@pytest.mark.parametrize(
    ("fmt", "content_type"),
    [("PNG", "image/png"), ("JPEG", "image/jpeg"), ("WEBP", "image/webp"), ("GIF", "image/png")],
)
async def test_images_are_re_encoded_stored_by_hash_and_served_safely(
    client: httpx.AsyncClient, services: Services, fmt: str, content_type: str
) -> None:
    cast = await make_cast(services)
    original = image_bytes(fmt)
    response = await client.post(
        _media(cast.event.id),
        files={"file": ("../../evil name.html", original, "text/html")},
        headers=cast.event_admin,
    )
    assert response.status_code == 200, response.text
    ref = response.json()["MediaAssets"]["favicon"]
    assert ref["url"] == f"/api/v1/files/{ref['hash']}"

    download = await client.get(f"/files/{ref['hash']}")
    assert download.status_code == 200
    assert download.headers["content-type"] == content_type
    assert download.headers["x-content-type-options"] == "nosniff"
    assert download.headers["content-disposition"].startswith("inline; filename=")
    assert "immutable" in download.headers["cache-control"]
    assert download.headers["etag"] == f'"{ref["hash"]}"'
    # Named by the hash of what the server wrote, not by anything the client sent.
    assert hashlib.sha256(download.content).hexdigest() == ref["hash"]
    assert all(p.name == ref["hash"] for p in _stored_paths(services.settings))
    with Image.open(io.BytesIO(download.content)) as image:
        assert image.size == (8, 6)

    again = await client.get(
        f"/files/{ref['hash']}", headers={"If-None-Match": download.headers["etag"]}
    )
    assert again.status_code == 304


async def test_jpeg_metadata_is_dropped(client: httpx.AsyncClient, services: Services) -> None:
    cast = await make_cast(services)
    image = Image.new("RGB", (10, 10), (1, 2, 3))
    exif = Image.Exif()
    exif[0x010E] = "secret GPS-ish description"
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", exif=exif.tobytes())
    assert b"secret GPS-ish" in buffer.getvalue()
    response = await client.post(
        _media(cast.event.id),
        files={"file": ("a.jpg", buffer.getvalue())},
        headers=cast.event_admin,
    )
    assert response.status_code == 200
    data = (
        await client.get(response.json()["MediaAssets"]["favicon"]["url"].removeprefix("/api/v1"))
    ).content
    assert b"secret GPS-ish" not in data


@pytest.mark.parametrize(
    ("name", "data", "status", "code"),
    [
        ("logo.svg", SVG, 415, "UNSUPPORTED_MEDIA_TYPE"),
        ("logo.png", HTML_AS_PNG, 415, "UNSUPPORTED_MEDIA_TYPE"),
        ("font.ttf", font_bytes(), 415, "UNSUPPORTED_MEDIA_TYPE"),
        ("cut.png", image_bytes("PNG", (300, 300), noisy=True)[:1500], 422, "INVALID_FILE"),
        ("bomb.png", pixel_flood_png(), 422, "INVALID_FILE"),
        ("big.png", pixel_flood_png(8000, 8000), 422, "INVALID_FILE"),
        ("empty.png", b"", 422, "INVALID_FILE"),
        ("polyglot.png", b"\x89PNG\r\n\x1a\n<script>alert(1)</script>", 422, "INVALID_FILE"),
    ],
)
async def test_bad_images_are_refused_and_nothing_is_written(
    client: httpx.AsyncClient, services: Services, name: str, data: bytes, status: int, code: str
) -> None:
    cast = await make_cast(services)
    services.settings.max_image_pixels = 10_000_000
    before = await _count(services)
    response = await client.post(
        _media(cast.event.id), files={"file": (name, data, "image/png")}, headers=cast.event_admin
    )
    assert response.status_code == status, response.text
    assert response.json()["Error"]["Code"] == code
    assert await _count(services) == before
    assert _stored_paths(services.settings) == []


async def test_pixel_limit_follows_the_setting(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    services.settings.max_image_pixels = 47  # the 8x6 test image has 48
    response = await client.post(
        _media(cast.event.id), files={"file": ("a.png", image_bytes())}, headers=cast.event_admin
    )
    assert response.status_code == 422
    assert response.json()["Error"]["Code"] == "INVALID_FILE"
    assert "47" in response.json()["Error"]["Message"]


async def test_oversized_upload_is_413_while_reading(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    data = image_bytes("PNG") + b"\x00" * MAX_UPLOAD
    response = await client.post(
        _media(cast.event.id), files={"file": ("a.png", data)}, headers=cast.event_admin
    )
    assert response.status_code == 413
    assert response.json()["Error"]["Code"] == "BODY_TOO_LARGE"
    assert response.json()["Error"]["Data"]["MaxBytes"] == MAX_UPLOAD
    assert await _count(services) == (0, 0)


async def test_upload_routes_get_a_larger_body_allowance_but_not_unlimited(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    allowance = MAX_UPLOAD + services.settings.max_body_bytes
    response = await client.post(
        _media(cast.event.id),
        files={"file": ("a.png", b"\x00" * (allowance + 1))},
        headers=cast.event_admin,
    )
    assert response.status_code == 413
    assert response.json()["Error"]["Data"]["MaxBytes"] == allowance
    # Other routes keep the global limit.
    body = b"[" + b"0," * services.settings.max_body_bytes + b"0]"
    other = await client.post(
        f"/events/{cast.event.id}/values/k",
        content=body,
        headers={**cast.event_admin, "content-type": "application/json"},
    )
    assert other.status_code == 413
    assert other.json()["Error"]["Data"]["MaxBytes"] == services.settings.max_body_bytes


async def test_same_image_twice_is_stored_once(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    for name in ("favicon", "logo"):
        response = await client.post(
            _media(cast.event.id, name),
            files={"file": ("a.png", image_bytes())},
            headers=cast.event_admin,
        )
        assert response.status_code == 200
    assert (await _count(services))[0] == 1
    assert len(_stored_paths(services.settings)) == 1


@pytest.mark.parametrize("flavor", [None, "woff", "woff2"])
async def test_fonts_are_checked_and_served_as_attachments(
    client: httpx.AsyncClient, services: Services, flavor: str | None
) -> None:
    from fontTools.ttLib import TTFont

    cast = await make_cast(services)
    font = TTFont(io.BytesIO(font_bytes()))
    font.flavor = flavor
    buffer = io.BytesIO()
    font.save(buffer)
    response = await client.post(
        f"/events/{cast.event.id}/themes/fonts/regular",
        files={"file": ("f.bin", buffer.getvalue())},
        headers=cast.event_admin,
    )
    assert response.status_code == 200, response.text
    ref = response.json()["FontAssets"]["regular"][0]
    download = await client.get(ref["url"].removeprefix("/api/v1"))
    assert download.headers["content-type"] == f"font/{flavor or 'ttf'}"
    assert download.headers["content-disposition"].startswith("attachment;")
    assert download.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    ("data", "status"),
    [(FAKE_WOFF2, 422), (FAKE_TTF, 422), (image_bytes(), 415), (SVG, 415), (b"OTTO", 422)],
)
async def test_bad_fonts_are_refused(
    client: httpx.AsyncClient, services: Services, data: bytes, status: int
) -> None:
    cast = await make_cast(services)
    response = await client.post(
        f"/events/{cast.event.id}/themes/fonts/bold",
        files={"file": ("f.woff2", data)},
        headers=cast.event_admin,
    )
    assert response.status_code == status, response.text
    assert await _count(services) == (0, 0)


async def test_download_of_unknown_or_malformed_hash(client: httpx.AsyncClient) -> None:
    missing = await client.get(f"/files/{'a' * 64}")
    assert missing.status_code == 404
    assert missing.json()["Error"]["Code"] == "FILE_NOT_FOUND"
    for bad in ("../../etc/passwd", "A" * 64, "a" * 63):
        response = await client.get(f"/files/{bad}")
        assert response.status_code in (404, 422)
