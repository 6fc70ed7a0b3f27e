"""The single-page app: every path that is not `/api/` or `/realtime/` answers with the built
`index.html` (never cached, so a deploy is picked up at once); hashed bundles under `/assets/` are
cached for a year as immutable, and go as their brotli or gzip copy when the browser takes one.
Other files at the top of `web/dist` (favicon, robots.txt) are served as they are. Without a
build, a short plain page says how to make one.

The build is looked up in `VENUELY_WEB_DIST`, else `web/dist` of the source checkout.
"""

from __future__ import annotations

import mimetypes
import os
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, PlainTextResponse, Response
from starlette.convertors import Convertor, register_url_convertor

from venuely.accounts.permissions import Public
from venuely.core.errors import ApiError, ErrorCode

_CHECKOUT_DIST = Path(__file__).resolve().parents[4] / "web" / "dist"
NO_CACHE = "no-cache"
IMMUTABLE = "public, max-age=31536000, immutable"
MISSING_BUILD = "The web app is not built yet. Run `make web` (or `make run`), then reload.\n"


class _SpaPath(Convertor[str]):
    """Any path except the API and realtime prefixes, so unknown API paths keep their own 404/405
    answers in the error envelope instead of falling into the app."""

    regex = r"(?!(?:api|realtime)(?:/|$)).*"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("spa_path", _SpaPath())

router = APIRouter(include_in_schema=False)


def dist_dir() -> Path:
    configured = os.environ.get("VENUELY_WEB_DIST", "")
    return Path(configured) if configured else _CHECKOUT_DIST


def _inside(base: Path, relative: str) -> Path | None:
    """The file `relative` names under `base`, or None (missing, a directory, or outside)."""
    try:
        candidate = (base / relative).resolve()
        root = base.resolve()
    except (OSError, ValueError):
        return None
    if candidate != root and root not in candidate.parents:
        return None
    return candidate if candidate.is_file() else None


# Pages the app reloads with `mode=zoom` (attendee-app.md §2, isolation) need a cross-origin
# isolated document, which only these two headers on the document itself can give. Everything
# else stays non-isolated so ordinary embeds (YouTube, Vimeo, organizer iframes) keep working.
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}


def _index(*, isolated: bool = False) -> Response:
    index = dist_dir() / "index.html"
    if not index.is_file():
        return PlainTextResponse(
            MISSING_BUILD, status_code=503, headers={"Cache-Control": NO_CACHE}
        )
    headers = {"Cache-Control": NO_CACHE, **(ISOLATION_HEADERS if isolated else {})}
    return FileResponse(index, media_type="text/html", headers=headers)


# The copies `web/scripts/precompress.mjs` writes beside each bundle, best first. Compressed
# once at build time at the strongest settings: nothing is compressed per request.
_COPIES = (("br", ".br"), ("gzip", ".gz"))


def _accepted(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows (a `q` of 0 refuses one)."""
    allowed = set()
    for part in header.split(","):
        coding, *params = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if coding and quality > 0:
            allowed.add(coding.lower())
    return allowed


@router.get("/assets/{name:path}")
async def asset(_: Public, request: Request, name: str) -> Response:
    found = _inside(dist_dir() / "assets", name)
    if found is None:
        raise ApiError(ErrorCode.ROUTE_NOT_FOUND, f"No asset {name}")
    # Caches (the browser's, a proxy's) must keep one answer per Accept-Encoding.
    headers = {"Cache-Control": IMMUTABLE, "Vary": "Accept-Encoding"}
    accepted = _accepted(request.headers.get("accept-encoding", ""))
    for coding, suffix in _COPIES:
        copy = found.with_name(found.name + suffix)
        if coding in accepted and copy.is_file():
            # Typed as the bundle, not as the copy's own suffix.
            media_type = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
            return FileResponse(
                copy, media_type=media_type, headers={**headers, "Content-Encoding": coding}
            )
    return FileResponse(found, headers=headers)


@router.get("/{path:spa_path}")
async def app_shell(_: Public, request: Request, path: str) -> Response:
    if path and "/" not in path and path != "index.html":
        found = _inside(dist_dir(), path)
        if found is not None:
            return FileResponse(found, headers={"Cache-Control": NO_CACHE})
    return _index(isolated=request.query_params.get("mode") == "zoom")
