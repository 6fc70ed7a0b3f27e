"""Accepting uploads: read with a size cap, decide the type, clean, store, record.

The order matters for "nothing written on refusal": every check happens on bytes in memory
before the backend or the database is touched. The blob is named by the SHA-256 of the cleaned
bytes, so the same picture uploaded twice is stored once, and names reveal nothing and cannot be
chosen by a client.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection
from typing import Annotated

import anyio
from fastapi import Depends, UploadFile
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.files.models import StoredFile
from venuely.files.sniff import HEAD_BYTES, Kind, sniff
from venuely.files.storage import CHUNK, Storage, StorageError, get_storage
from venuely.files.upsert import insert_ignore
from venuely.files.validate import Cleaned, InvalidFile, clean

StorageDep = Annotated[Storage, Depends(get_storage)]
FILES_PATH = "/api/v1/files"


_STORED = re.compile(r"^" + re.escape(FILES_PATH) + r"/([0-9a-f]{64})$")


def file_url(file_hash: str) -> str:
    """Same-origin path of a stored file; the web app uses it in CSS and <img> as it is."""
    return f"{FILES_PATH}/{file_hash}"


def stored_hash(value: str) -> str | None:
    """The hash in a same-origin stored-file path (`file_url`'s inverse), or None when `value`
    is not exactly one: features that accept "an URL or one of our files" ask this."""
    match = _STORED.match(value)
    return match.group(1) if match else None


async def read_limited(upload: UploadFile, limit: int) -> bytes:
    """The whole upload, refused with 413 as soon as it passes `limit` bytes."""
    parts: list[bytes] = []
    size = 0
    while chunk := await upload.read(CHUNK):
        size += len(chunk)
        if size > limit:
            raise ApiError(
                ErrorCode.BODY_TOO_LARGE,
                f"File exceeds {limit} bytes",
                {"MaxBytes": limit, "Field": upload.filename or "file"},
            )
        parts.append(chunk)
    return b"".join(parts)


async def store_upload(
    session: AsyncSession,
    services: Services,
    storage: Storage,
    upload: UploadFile,
    kinds: Collection[Kind],
    *,
    limit: int | None = None,
) -> StoredFile:
    """`limit`: the largest file in bytes; `VENUELY_MAX_UPLOAD_BYTES` unless the route has its
    own allowance (cinema videos)."""
    settings = services.settings
    data = await read_limited(upload, settings.max_upload_bytes if limit is None else limit)
    if not data:
        raise ApiError(ErrorCode.INVALID_FILE, "The file is empty")
    found = sniff(data[:HEAD_BYTES])
    if found is None or found[1] not in kinds:
        accepted = " or ".join(sorted(k.value for k in kinds))
        raise ApiError(
            ErrorCode.UNSUPPORTED_MEDIA_TYPE,
            f"Unsupported file type: expected {accepted}",
            {"Accepted": sorted(k.value for k in kinds)},
        )
    fmt, kind = found
    try:
        cleaned = await anyio.to_thread.run_sync(clean, data, fmt, kind, settings.max_image_pixels)
    except InvalidFile as exc:
        raise ApiError(ErrorCode.INVALID_FILE, str(exc), {"Format": fmt}) from exc
    return await store_cleaned(session, services, storage, cleaned)


async def store_cleaned(
    session: AsyncSession, services: Services, storage: Storage, cleaned: Cleaned
) -> StoredFile:
    """Write bytes that are already safe to serve (cleaned above, or made by the server itself,
    like the demo's video) under their SHA-256 and record them."""
    digest = hashlib.sha256(cleaned.data).hexdigest()
    existing = await session.get(StoredFile, digest)
    if existing is not None and await _exists(storage, digest):
        return existing
    try:
        await storage.put(digest, cleaned.data, cleaned.content_type)
    except StorageError as exc:
        raise ApiError(ErrorCode.STORAGE_FAILED, "The file could not be stored") from exc
    if existing is not None:
        return existing
    await insert_ignore(
        session,
        StoredFile,
        {
            "hash": digest,
            "kind": cleaned.kind.value,
            "content_type": cleaned.content_type,
            "extension": cleaned.extension,
            "size": len(cleaned.data),
            "width": cleaned.width,
            "height": cleaned.height,
            "duration_ms": cleaned.duration_ms,
            "created_at": services.clock.now(),
        },
    )
    # Stored concurrently by another request, the row is as good as ours: same bytes.
    return await load_file(session, digest)


async def _exists(storage: Storage, digest: str) -> bool:
    try:
        return await storage.exists(digest)
    except StorageError as exc:
        raise ApiError(ErrorCode.STORAGE_FAILED, "The file store is unavailable") from exc


async def load_file(session: AsyncSession, file_hash: str) -> StoredFile:
    row = await session.get(StoredFile, file_hash)
    if row is None:
        raise ApiError(
            ErrorCode.FILE_NOT_FOUND, f"File {file_hash} not found", {"FileHash": file_hash}
        )
    return row
