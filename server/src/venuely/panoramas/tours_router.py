"""Serves stored tour versions read-only at their PanoURL, `/tours/{PanoID}/{Version}/...`.

Public on purpose: the panorama viewer loads `pano.xml`, `tour.json` and images with plain
requests (no bearer header), as the attendee app did with its static tour folder. A file is
found only by exact lookup of the requested path in the version's manifest, so no path from a
request ever reaches a filesystem or storage key: `..`, encoded slashes and directories are simply
not in the manifest (404). Versions never change, so answers are cacheable forever.
"""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import StreamingResponse

from venuely.accounts.permissions import Public
from venuely.core.deps import SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN
from venuely.core.openapi import binary_responses
from venuely.files.storage import StorageError, storage_of
from venuely.panoramas.models import PanoVersion

tours_router = APIRouter(tags=["tours"])

CACHE = "public, max-age=31536000, immutable"


def _not_found(path: str) -> ApiError:
    return ApiError(ErrorCode.NOT_FOUND, "No such tour file", {"Path": path[:300]})


@tours_router.api_route(
    "/tours/{PanoID}/{Version}/{FilePath:path}",
    methods=["GET", "HEAD"],
    response_class=StreamingResponse,
    responses=binary_responses(
        "application/xml",
        "application/json",
        "image/jpeg",
        "image/png",
        "image/webp",
        description="A file of the tour version",
    ),
)
async def tour_file(
    _: Public,
    request: Request,
    session: SessionDep,
    pano_id: Annotated[str, Path(alias="PanoID")],
    version: Annotated[str, Path(alias="Version")],
    file_path: Annotated[str, Path(alias="FilePath")],
) -> Response:
    # Malformed ids answer 404 like missing ones: these are static-file URLs, not an API.
    if not re.match(ID_PATTERN, pano_id) or not re.match(r"^[1-9][0-9]{0,8}$", version):
        raise _not_found(file_path)
    row = await session.get(PanoVersion, (pano_id, int(version)))
    entry = row.manifest.get(file_path) if row is not None else None
    if not isinstance(entry, dict):
        raise _not_found(file_path)
    digest = str(entry["Hash"])
    etag = f'"{digest}"'
    headers = {
        "ETag": etag,
        "Cache-Control": CACHE,
        # Tour files are data for the viewer, never documents: should one be opened directly,
        # nothing in it may run. (nosniff is added to every response by the middleware.)
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cross-Origin-Resource-Policy": "same-site",
    }
    if etag in {t.strip() for t in request.headers.get("if-none-match", "").split(",")}:
        return Response(status_code=304, headers=headers)
    headers["Content-Length"] = str(int(entry["Size"]))
    content_type = str(entry["ContentType"])
    if request.method == "HEAD":
        return Response(status_code=200, headers=headers, media_type=content_type)
    try:
        chunks = await storage_of(request).open(digest)
    except KeyError as exc:
        raise _not_found(file_path) from exc
    except StorageError as exc:
        raise ApiError(ErrorCode.STORAGE_FAILED, "The file store is unavailable") from exc
    return StreamingResponse(chunks, media_type=content_type, headers=headers)
