"""Uploading cinema videos (MP4, checked by content, rewritten) and serving stored files in byte
ranges: 206 with exactly the asked bytes, 416 past the end, the whole file when a range is not
one we serve."""

from __future__ import annotations

import struct

import httpx
import pytest

from tests.api.activities_support import World, build_world
from tests.api.media_support import tiny_mp4, youtube
from tests.api.upload_support import image_bytes
from venuely.core.services import Services
from venuely.settings import Settings

MAX_VIDEO = 200_000


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"max_video_upload_bytes": MAX_VIDEO})


@pytest.fixture
async def world(services: Services) -> World:
    return await build_world(services)


def _boxes(data: bytes) -> list[bytes]:
    """The top-level box types of an ISO media file, in order."""
    names, at = [], 0
    while at + 8 <= len(data):
        size, name = struct.unpack(">I4s", data[at : at + 8])
        names.append(name)
        at += size if size else len(data)
    return names


async def _upload(
    client: httpx.AsyncClient, world: World, data: bytes, name: str = "clip.mp4"
) -> httpx.Response:
    return await client.post(
        f"/events/{world.event_a.id}/videos/upload",
        files={"file": (name, data, "video/mp4")},
        headers=world.h("admin_a"),
    )


async def test_an_mp4_is_stored_rewritten_and_made_a_video(
    client: httpx.AsyncClient, world: World
) -> None:
    original = tiny_mp4(2) + b"<script>trailing junk</script>"
    response = await _upload(client, world, original)
    assert response.status_code == 201, response.text
    stored = response.json()
    assert stored["ContentType"] == "video/mp4"
    assert (stored["Width"], stored["Height"]) == (64, 36)
    assert stored["DurationSeconds"] == pytest.approx(2.0, abs=0.1)
    assert stored["URL"] == f"/api/v1/files/{stored['FileHash']}"
    served = await client.get(stored["URL"].removeprefix("/api/v1"))
    assert served.status_code == 200
    assert served.headers["content-type"] == "video/mp4"
    assert served.headers["accept-ranges"] == "bytes"
    assert served.headers["content-disposition"].startswith("inline")
    # Our own container: index first (playable from the first range), nothing outside the tracks.
    boxes = _boxes(served.content)
    assert boxes.index(b"moov") < boxes.index(b"mdat")
    assert b"trailing junk" not in served.content

    video = await client.post(
        f"/events/{world.event_a.id}/videos",
        json=youtube(Kind="mp4", URL=stored["URL"]),
        headers=world.h("admin_a"),
    )
    assert video.status_code == 201, video.text
    assert video.json()["FileHash"] == stored["FileHash"]
    assert video.json()["DurationSeconds"] == pytest.approx(2.0, abs=0.1)
    # A stored MP4 is not an HLS playlist.
    wrong = await client.post(
        f"/events/{world.event_a.id}/videos",
        json=youtube(Kind="hls", URL=stored["URL"]),
        headers=world.h("admin_a"),
    )
    assert wrong.status_code == 422


@pytest.mark.parametrize(
    ("data", "status", "code"),
    [
        (b"just text, named like a video", 415, "UNSUPPORTED_MEDIA_TYPE"),
        (image_bytes("PNG"), 415, "UNSUPPORTED_MEDIA_TYPE"),
        # QuickTime shares the ftyp box; only MP4 brands are accepted.
        (
            b"\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00qt  " + b"\x00" * 64,
            415,
            "UNSUPPORTED_MEDIA_TYPE",
        ),
        # An MP4 header over garbage: sniffed as MP4, refused when it does not decode.
        (b"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2" + b"\x17" * 4000, 422, "INVALID_FILE"),
        (tiny_mp4(2)[: len(tiny_mp4(2)) // 3], 422, "INVALID_FILE"),
        (b"", 422, "INVALID_FILE"),
    ],
)
async def test_files_that_are_not_mp4_videos_are_refused(
    client: httpx.AsyncClient, world: World, data: bytes, status: int, code: str
) -> None:
    response = await _upload(client, world, data)
    assert response.status_code == status, response.text
    assert response.json()["Error"]["Code"] == code


async def test_the_video_size_limit_applies_while_reading(
    client: httpx.AsyncClient, world: World
) -> None:
    response = await _upload(client, world, b"\x00\x00\x00\x18ftypisom" + b"\x00" * MAX_VIDEO)
    assert response.status_code == 413
    assert response.json()["Error"]["Data"]["MaxBytes"] == MAX_VIDEO


async def test_attendees_cannot_upload(client: httpx.AsyncClient, world: World) -> None:
    response = await client.post(
        f"/events/{world.event_a.id}/videos/upload",
        files={"file": ("clip.mp4", tiny_mp4(2), "video/mp4")},
        headers=world.h("attendee_a"),
    )
    assert response.status_code == 403


async def test_a_poster_is_an_uploaded_image(client: httpx.AsyncClient, world: World) -> None:
    video = await client.post(
        f"/events/{world.event_a.id}/videos", json=youtube(), headers=world.h("admin_a")
    )
    path = f"/events/{world.event_a.id}/videos/{video.json()['ID']}/poster"
    refused = await client.post(
        path, files={"file": ("p.mp4", tiny_mp4(2), "image/png")}, headers=world.h("admin_a")
    )
    assert refused.status_code == 415
    response = await client.post(
        path, files={"file": ("p.png", image_bytes("PNG"), "image/png")}, headers=world.h("admin_a")
    )
    assert response.status_code == 200, response.text
    poster = response.json()["PosterURL"]
    assert poster.startswith("/api/v1/files/")
    image = await client.get(poster.removeprefix("/api/v1"))
    assert image.headers["content-type"] == "image/png"


@pytest.fixture
async def stored(client: httpx.AsyncClient, world: World) -> tuple[str, bytes]:
    response = await _upload(client, world, tiny_mp4(2))
    path = response.json()["URL"].removeprefix("/api/v1")
    whole = (await client.get(path)).content
    return path, whole


@pytest.mark.parametrize(
    ("header", "first", "last"),
    [("bytes=0-99", 0, 99), ("bytes=100-", 100, None), ("bytes=-10", -10, None)],
)
async def test_byte_ranges_answer_206_with_exactly_those_bytes(
    client: httpx.AsyncClient, stored: tuple[str, bytes], header: str, first: int, last: int | None
) -> None:
    path, whole = stored
    response = await client.get(path, headers={"Range": header})
    assert response.status_code == 206
    size = len(whole)
    expected = whole[first : None if last is None else last + 1]
    assert response.content == expected
    start = first % size
    assert response.headers["content-range"] == f"bytes {start}-{start + len(expected) - 1}/{size}"
    assert response.headers["content-length"] == str(len(expected))
    assert response.headers["content-type"] == "video/mp4"
    assert "immutable" in response.headers["cache-control"]


async def test_a_range_past_the_end_is_416(
    client: httpx.AsyncClient, stored: tuple[str, bytes]
) -> None:
    path, whole = stored
    response = await client.get(path, headers={"Range": f"bytes={len(whole)}-"})
    assert response.status_code == 416
    assert response.headers["content-range"] == f"bytes */{len(whole)}"
    assert response.json()["Error"] == {
        "Code": "RANGE_NOT_SATISFIABLE",
        "Message": response.json()["Error"]["Message"],
        "Data": {"Size": len(whole)},
    }
    # An end past the file is cut to it.
    clipped = await client.get(path, headers={"Range": f"bytes=10-{len(whole) * 2}"})
    assert clipped.status_code == 206
    assert clipped.content == whole[10:]


@pytest.mark.parametrize(
    "headers",
    [
        {"Range": "bytes=0-9,20-29"},  # several ranges: we send everything
        {"Range": "items=0-9"},
        {"Range": "bytes=9-3"},
        {"Range": "bytes=0-9", "If-Range": '"another-version"'},
    ],
)
async def test_ranges_we_do_not_serve_get_the_whole_file(
    client: httpx.AsyncClient, stored: tuple[str, bytes], headers: dict[str, str]
) -> None:
    path, whole = stored
    response = await client.get(path, headers=headers)
    assert response.status_code == 200
    assert response.content == whole


async def test_if_range_with_the_current_etag_keeps_the_range(
    client: httpx.AsyncClient, stored: tuple[str, bytes]
) -> None:
    path, whole = stored
    etag = (await client.get(path)).headers["etag"]
    response = await client.get(path, headers={"Range": "bytes=0-3", "If-Range": etag})
    assert response.status_code == 206
    assert response.content == whole[:4]
