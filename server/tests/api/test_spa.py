"""The built web app is served by the API server: index.html for app paths, long-cached assets
(their brotli or gzip copy when the browser takes it), and the API keeps its own 404s."""

from __future__ import annotations

import gzip
import zlib
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from tests.apps import app_for
from venuely.core.services import Services


@pytest.fixture
def dist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "dist"
    (root / "assets").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>Venuely</title><div id=root></div>")
    (root / "assets" / "index-abc123.js").write_text("console.log('app')")
    (root / "favicon.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (tmp_path / "secret.txt").write_text("outside the build")
    monkeypatch.setenv("VENUELY_WEB_DIST", str(root))
    return root


@pytest.fixture
async def site(services: Services) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app_for(services))
    async with httpx.AsyncClient(transport=transport, base_url="http://venuely.test") as client:
        yield client


@pytest.mark.parametrize(
    "path", ["/", "/demo", "/demo/login", "/DEMO/Start", "/policies/imprint", "/demo/chat/group/x"]
)
async def test_app_paths_answer_with_index_html_uncached(
    dist: Path, site: httpx.AsyncClient, path: str
) -> None:
    response = await site.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    assert "<div id=root>" in response.text


async def test_hashed_assets_are_immutable(dist: Path, site: httpx.AsyncClient) -> None:
    response = await site.get("/assets/index-abc123.js")
    assert response.status_code == 200
    assert response.text == "console.log('app')"
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"


async def test_top_level_files_are_served(dist: Path, site: httpx.AsyncClient) -> None:
    response = await site.get("/favicon.svg")
    assert response.status_code == 200
    assert "svg" in response.text


async def test_missing_asset_is_404_in_the_envelope(dist: Path, site: httpx.AsyncClient) -> None:
    response = await site.get("/assets/nope.js")
    assert response.status_code == 404
    assert response.json()["Error"]["Code"] == "ROUTE_NOT_FOUND"


@pytest.mark.parametrize("path", ["/assets/../../secret.txt", "/assets/%2e%2e/%2e%2e/secret.txt"])
async def test_assets_cannot_escape_the_build(
    dist: Path, site: httpx.AsyncClient, path: str
) -> None:
    response = await site.get(path)
    assert "outside the build" not in response.text


async def test_api_paths_keep_their_envelope_404(dist: Path, site: httpx.AsyncClient) -> None:
    for path in ("/api/v1/no-such-thing", "/api", "/realtime/ticket"):
        response = await site.get(path)
        assert response.status_code == 404, path
        assert response.json()["Error"]["Code"] == "ROUTE_NOT_FOUND"


async def test_unknown_api_post_is_not_swallowed_by_the_app(
    dist: Path, site: httpx.AsyncClient
) -> None:
    response = await site.post("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert response.json()["Error"]["Code"] == "ROUTE_NOT_FOUND"


async def test_api_still_answers(dist: Path, site: httpx.AsyncClient) -> None:
    response = await site.get("/api/v1/backendversion")
    assert response.status_code == 200
    assert response.json()["Version"]


async def test_without_a_build_a_plain_page_says_how_to_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, site: httpx.AsyncClient
) -> None:
    monkeypatch.setenv("VENUELY_WEB_DIST", str(tmp_path / "nothing-here"))
    response = await site.get("/demo/login")
    assert response.status_code == 503
    assert response.headers["content-type"].startswith("text/plain")
    assert "make web" in response.text


async def test_isolation_mode_pages_are_cross_origin_isolated(
    dist: Path, site: httpx.AsyncClient
) -> None:
    isolated = await site.get("/demo/auditorium", params={"mode": "zoom", "session": "x"})
    assert isolated.headers["cross-origin-opener-policy"] == "same-origin"
    assert isolated.headers["cross-origin-embedder-policy"] == "require-corp"
    for params in ({}, {"mode": "normal"}):
        plain = await site.get("/demo/auditorium", params=params)
        assert "cross-origin-embedder-policy" not in plain.headers
        assert "cross-origin-opener-policy" not in plain.headers


SCRIPT = "console.log('app');\n" * 50
JAVASCRIPT = {"text/javascript", "application/javascript"}


@pytest.fixture
def compressed(dist: Path) -> Path:
    """A bundle with the copies `web/scripts/precompress.mjs` writes (brotli stands in as any
    other bytes: the server sends the file, it never compresses)."""
    assets = dist / "assets"
    (assets / "app-def456.js").write_text(SCRIPT)
    (assets / "app-def456.js.br").write_bytes(b"brotli copy")
    (assets / "app-def456.js.gz").write_bytes(gzip.compress(SCRIPT.encode()))
    return assets


async def _raw(site: httpx.AsyncClient, accept: str | None) -> tuple[httpx.Response, bytes]:
    headers = {"Accept-Encoding": accept} if accept is not None else {}
    request = site.build_request("GET", "/assets/app-def456.js", headers=headers)
    if accept is None:
        del request.headers["Accept-Encoding"]
    response = await site.send(request, stream=True)
    body = b"".join([chunk async for chunk in response.aiter_raw()])
    await response.aclose()
    return response, body


@pytest.mark.parametrize(
    ("accept", "encoding"),
    [
        ("gzip, deflate, br, zstd", "br"),
        ("gzip, deflate", "gzip"),
        ("br;q=0, gzip;q=0.8", "gzip"),
        ("identity", None),
        (None, None),
    ],
)
async def test_assets_go_compressed_when_the_browser_takes_it(
    compressed: Path, site: httpx.AsyncClient, accept: str | None, encoding: str | None
) -> None:
    response, body = await _raw(site, accept)
    assert response.status_code == 200
    assert response.headers.get("content-encoding") == encoding
    assert response.headers["vary"] == "Accept-Encoding"
    assert response.headers["content-type"].startswith(
        ("text/javascript", "application/javascript")
    )
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    if encoding == "br":
        assert body == b"brotli copy"
    elif encoding == "gzip":
        assert zlib.decompress(body, wbits=31).decode() == SCRIPT
    else:
        assert body.decode() == SCRIPT


async def test_an_asset_without_copies_goes_as_it_is(dist: Path, site: httpx.AsyncClient) -> None:
    response = await site.get("/assets/index-abc123.js", headers={"Accept-Encoding": "br, gzip"})
    assert "content-encoding" not in response.headers
    assert response.text == "console.log('app')"
