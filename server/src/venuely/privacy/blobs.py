"""Stored blobs an erasure leaves unreferenced.

Blobs are content-addressed and shared: two uploads of the same bytes are one blob, and themes,
pages, videos and tours name blobs too. A blob of the erased person's goes only when nothing
names it any more. Every table is looked at, so a feature added later is covered as long as it
names a blob the way all of them do: a `*_hash` column, or a URL or JSON document holding the
hash (`/api/v1/files/<hash>`)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import JSON, ColumnElement, String, Table, Text, cast, delete, literal, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.files.models import StoredFile
from venuely.files.service import FILES_PATH
from venuely.files.storage import Storage, StorageError
from venuely.privacy.scope import tables

# Hash columns that hold digests of secrets, never of a blob.
_NOT_BLOBS = frozenset({"token_hash", "code_hash"})


def hash_of_url(url: str) -> str | None:
    """The blob a same-origin file URL (a person's picture) names, if it names one."""
    prefix = f"{FILES_PATH}/"
    if not url.startswith(prefix):
        return None
    digest = url[len(prefix) :].split("?", 1)[0].split(".", 1)[0]
    return digest if len(digest) == 64 else None


def _mentions(table: Table, digest: str) -> list[ColumnElement[bool]]:
    found: list[ColumnElement[bool]] = []
    for column in table.columns:
        if column.name.endswith("_hash") and column.name not in _NOT_BLOBS:
            found.append(column == digest)
        elif isinstance(column.type, JSON):
            found.append(cast(column, Text).contains(digest, autoescape=True))
        elif isinstance(column.type, String) and "url" in column.name:
            found.append(column.contains(digest, autoescape=True))
    return found


async def is_referenced(session: AsyncSession, digest: str) -> bool:
    for table in tables():
        if table.name == StoredFile.__tablename__:
            continue
        mentions = _mentions(table, digest)
        if mentions:
            query = select(literal(1)).select_from(table).where(or_(*mentions)).limit(1)
            if await session.scalar(query) is not None:
                return True
    return False


async def drop_unreferenced(session: AsyncSession, candidates: Iterable[str]) -> list[str]:
    """Delete the `stored_files` rows of candidates nothing names any more (after the erasure's
    own deletes); the caller removes their bytes once the transaction commits."""
    dropped: list[str] = []
    for digest in sorted(set(candidates)):
        if not await is_referenced(session, digest):
            await session.execute(delete(StoredFile).where(StoredFile.hash == digest))
            dropped.append(digest)
    return dropped


async def remove_bytes(storage: Storage, digests: Iterable[str]) -> None:
    """After the commit: a failure leaves a file without a row, which nothing serves (the file
    route reads the row first) and a later upload of the same bytes simply overwrites."""
    for digest in digests:
        try:
            await storage.delete(digest)
        except (KeyError, StorageError, OSError):
            continue
