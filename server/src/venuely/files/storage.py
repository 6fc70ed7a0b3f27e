"""Where file bytes live: one small interface, a local-directory backend and an S3 backend.

Keys are content hashes chosen by the server (`service.py`), never names from a client, so no
backend has to defend against path traversal in keys; `LocalStorage` still refuses anything that
is not 64 hex characters. Writes are idempotent: the same key always holds the same bytes.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Protocol

import anyio
from fastapi import Request

from venuely.settings import Settings

KEY_RE = re.compile(r"^[0-9a-f]{64}$")
CHUNK = 64 * 1024


class StorageError(Exception):
    """The backend failed (disk, network, credentials): the request may be retried later."""


class Storage(Protocol):
    async def put(self, key: str, data: bytes, content_type: str) -> None: ...

    async def exists(self, key: str) -> bool: ...

    async def open(
        self, key: str, start: int = 0, length: int | None = None
    ) -> AsyncIterator[bytes]:
        """The stored bytes in chunks, from byte `start` and at most `length` of them (a byte
        range, `files/ranges.py`). Raises `KeyError` when the key holds nothing."""
        ...

    async def delete(self, key: str) -> None: ...


def _checked(key: str) -> str:
    if not KEY_RE.match(key):
        raise ValueError("storage keys are SHA-256 hex digests")
    return key


class LocalStorage:
    """Files under `root/ab/cd/<key>`: two levels of fan-out keep directories small."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, key: str) -> Path:
        key = _checked(key)
        return self.root / key[:2] / key[2:4] / key

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        await anyio.to_thread.run_sync(self._put, key, data)

    def _put(self, key: str, data: bytes) -> None:
        target = self.path(key)
        if target.exists():
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        # Written beside the target and renamed, so a reader never sees half a file.
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".upload-")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    async def exists(self, key: str) -> bool:
        return await anyio.to_thread.run_sync(self.path(key).is_file)

    async def open(
        self, key: str, start: int = 0, length: int | None = None
    ) -> AsyncIterator[bytes]:
        path = self.path(key)
        try:
            handle = await anyio.to_thread.run_sync(path.open, "rb")
        except FileNotFoundError as exc:
            raise KeyError(key) from exc
        if start:
            await anyio.to_thread.run_sync(handle.seek, start)
        return _chunks(handle, length)

    async def delete(self, key: str) -> None:
        await anyio.to_thread.run_sync(lambda: self.path(key).unlink(missing_ok=True))


async def _chunks(handle: object, length: int | None = None) -> AsyncIterator[bytes]:
    import io

    assert isinstance(handle, io.BufferedReader)
    left = -1 if length is None else length  # -1: to the end of the file
    try:
        while left != 0:
            size = CHUNK if left < 0 else min(CHUNK, left)
            chunk = await anyio.to_thread.run_sync(handle.read, size)
            if not chunk:
                break
            left = left if left < 0 else left - len(chunk)
            yield chunk
    finally:
        handle.close()


def build_storage(settings: Settings) -> Storage:
    if settings.storage_backend == "s3":
        from venuely.files.s3 import S3Storage

        return S3Storage(
            endpoint=settings.s3_endpoint,
            bucket=settings.s3_bucket,
            region=settings.s3_region,
            access_key=settings.s3_access_key,
            secret_key=settings.s3_secret_key,
        )
    return LocalStorage(settings.files_dir)


def storage_of(request: Request) -> Storage:
    """The app's storage backend, built on first use from its settings."""
    storage: Storage | None = getattr(request.app.state, "storage", None)
    if storage is None:
        storage = build_storage(request.app.state.services.settings)
        request.app.state.storage = storage
    return storage


async def get_storage(request: Request) -> Storage:
    """`storage_of` as a dependency; `async` so FastAPI runs it without a thread hop."""
    return storage_of(request)
