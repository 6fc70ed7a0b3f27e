"""Downloads of stored files: `GET /files/{FileHash}`.

Public on purpose: the path is the SHA-256 of the content, so it cannot be guessed or
enumerated, and theme fonts, favicons and page images must load where no bearer header is sent
(CSS `@font-face`, `<link rel=icon>`, `<img>`, the login screen). Content never changes under a
hash, so responses are cacheable for a year and revalidate by ETag.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import StreamingResponse

from venuely.accounts.permissions import Public
from venuely.core.deps import SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.openapi import binary_responses
from venuely.files.service import StorageDep, load_file
from venuely.files.sniff import Kind
from venuely.files.storage import StorageError

router = APIRouter(tags=["files"])

HASH_PATTERN = r"^[0-9a-f]{64}$"
FileHashPath = Annotated[str, Path(alias="FileHash", pattern=HASH_PATTERN)]
CACHE = "public, max-age=31536000, immutable"


@router.get(
    "/files/{FileHash}",
    response_class=StreamingResponse,
    responses=binary_responses("image/png", "font/woff2", description="The stored file"),
)
async def download_file(
    _: Public, file_hash: FileHashPath, request: Request, session: SessionDep, storage: StorageDep
) -> Response:
    row = await load_file(session, file_hash)
    etag = f'"{row.hash}"'
    # Images are re-encoded and safe to show; fonts are only ever fetched by CSS, so opening one
    # directly downloads it instead of rendering anything.
    disposition = "inline" if row.kind == Kind.IMAGE.value else "attachment"
    # X-Content-Type-Options: nosniff is added to every response by AccessLogMiddleware.
    headers = {
        "ETag": etag,
        "Cache-Control": CACHE,
        "Content-Disposition": f'{disposition}; filename="{row.hash}.{row.extension}"',
        # Belt and braces should a browser render the response as a document anyway.
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cross-Origin-Resource-Policy": "same-site",
    }
    if etag in {t.strip() for t in request.headers.get("if-none-match", "").split(",")}:
        return Response(status_code=304, headers=headers)
    try:
        chunks = await storage.open(row.hash)
    except KeyError as exc:
        raise ApiError(
            ErrorCode.FILE_NOT_FOUND, f"File {file_hash} not found", {"FileHash": file_hash}
        ) from exc
    except StorageError as exc:
        raise ApiError(ErrorCode.STORAGE_FAILED, "The file store is unavailable") from exc
    headers["Content-Length"] = str(row.size)
    return StreamingResponse(chunks, media_type=row.content_type, headers=headers)
