"""Downloads of stored files: `GET /files/{FileHash}`.

Public on purpose: the path is the SHA-256 of the content, so it cannot be guessed or
enumerated, and theme fonts, favicons, page images and videos must load where no bearer header is
sent (CSS `@font-face`, `<link rel=icon>`, `<img>`, `<video>`, hls.js, the login screen). Content
never changes under a hash, so responses are cacheable for a year and revalidate by ETag. Every
file is served in byte ranges on request (`ranges.py`), which video players need to seek.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import StreamingResponse

from venuely.accounts.permissions import Public
from venuely.core.deps import SessionDep
from venuely.core.errors import ApiError, ErrorCode, ErrorEnvelope
from venuely.core.openapi import binary_responses
from venuely.files.ranges import ByteRange, Unsatisfiable, parse_range
from venuely.files.service import StorageDep, load_file
from venuely.files.sniff import Kind
from venuely.files.storage import StorageError

router = APIRouter(tags=["files"])

HASH_PATTERN = r"^[0-9a-f]{64}$"
FileHashPath = Annotated[str, Path(alias="FileHash", pattern=HASH_PATTERN)]
CACHE = "public, max-age=31536000, immutable"


_RANGE_RESPONSES: dict[int | str, dict[str, Any]] = {
    206: {
        "description": "The byte range the Range header asked for (Content-Range says which)",
        "content": {"video/mp4": {"schema": {"type": "string", "format": "binary"}}},
    },
    416: {
        "model": ErrorEnvelope,
        "description": "The range starts past the end of the file (RANGE_NOT_SATISFIABLE)",
    },
}


@router.get(
    "/files/{FileHash}",
    response_class=StreamingResponse,
    responses={
        **binary_responses("image/png", "font/woff2", "video/mp4", description="The stored file"),
        **_RANGE_RESPONSES,
    },
)
async def download_file(
    _: Public, file_hash: FileHashPath, request: Request, session: SessionDep, storage: StorageDep
) -> Response:
    row = await load_file(session, file_hash)
    etag = f'"{row.hash}"'
    # Images are re-encoded and safe to show, videos are played by <video>; fonts are only ever
    # fetched by CSS, so opening one directly downloads it instead of rendering anything.
    disposition = "attachment" if row.kind == Kind.FONT.value else "inline"
    # X-Content-Type-Options: nosniff is added to every response by AccessLogMiddleware.
    headers = {
        "ETag": etag,
        "Cache-Control": CACHE,
        "Accept-Ranges": "bytes",
        "Content-Disposition": f'{disposition}; filename="{row.hash}.{row.extension}"',
        # Belt and braces should a browser render the response as a document anyway.
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cross-Origin-Resource-Policy": "same-site",
    }
    if etag in {t.strip() for t in request.headers.get("if-none-match", "").split(",")}:
        return Response(status_code=304, headers=headers)
    wanted = _wanted_range(request, etag, row.size)
    start, length = (0, None) if wanted is None else (wanted.start, wanted.length)
    try:
        chunks = await storage.open(row.hash, start, length)
    except KeyError as exc:
        raise ApiError(
            ErrorCode.FILE_NOT_FOUND, f"File {file_hash} not found", {"FileHash": file_hash}
        ) from exc
    except StorageError as exc:
        raise ApiError(ErrorCode.STORAGE_FAILED, "The file store is unavailable") from exc
    if wanted is None:
        headers["Content-Length"] = str(row.size)
        return StreamingResponse(chunks, media_type=row.content_type, headers=headers)
    headers["Content-Length"] = str(wanted.length)
    headers["Content-Range"] = wanted.content_range(row.size)
    return StreamingResponse(chunks, status_code=206, media_type=row.content_type, headers=headers)


def _wanted_range(request: Request, etag: str, size: int) -> ByteRange | None:
    """The range to send, None for the whole file. `If-Range` naming another version (or a
    date: we only keep ETags) means the client's partial copy is stale: send it all."""
    if_range = request.headers.get("if-range")
    if if_range is not None and if_range.strip() != etag:
        return None
    try:
        return parse_range(request.headers.get("range"), size)
    except Unsatisfiable as exc:
        raise ApiError(
            ErrorCode.RANGE_NOT_SATISFIABLE,
            f"The file has {size} bytes; the requested range starts past its end",
            {"Size": size},
            headers={"Content-Range": f"bytes */{size}"},
        ) from exc
