"""Images from bytes in memory: decide by magic bytes, re-encode, make thumbnails, store.

The files feature takes uploads as `UploadFile`; vfile content, pictures fetched from a URL and
thumbnails arrive as bytes, so the same gates (`files.sniff`, `files.validate`) are applied here
to bytes. What is stored is always pixels the server wrote itself.
"""

from __future__ import annotations

import hashlib
import io

import anyio
from PIL import Image, ImageOps
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.files.models import StoredFile
from venuely.files.service import load_file
from venuely.files.sniff import HEAD_BYTES, Kind, sniff
from venuely.files.storage import Storage, StorageError
from venuely.files.upsert import insert_ignore
from venuely.files.validate import Cleaned, InvalidFile, clean_image

THUMBNAIL_EDGE = 320
PICTURE_EDGE = 512
IMAGE_FORMATS = ("png", "jpeg", "gif", "webp")


def image_format(data: bytes) -> str | None:
    found = sniff(data[:HEAD_BYTES])
    if found is None or found[1] is not Kind.IMAGE or found[0] not in IMAGE_FORMATS:
        return None
    return found[0]


def not_an_image() -> ApiError:
    return ApiError(
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        "Unsupported file type: expected a PNG, JPEG, GIF or WebP image",
        {"Accepted": ["image/png", "image/jpeg", "image/gif", "image/webp"]},
    )


async def cleaned_image(data: bytes, max_pixels: int) -> Cleaned:
    """`data` decoded and re-encoded, or 415 (not an image) / 422 (does not decode)."""
    fmt = image_format(data)
    if fmt is None:
        raise not_an_image()
    try:
        return await anyio.to_thread.run_sync(clean_image, data, fmt, max_pixels)
    except InvalidFile as exc:
        raise ApiError(ErrorCode.INVALID_FILE, str(exc), {"Format": fmt}) from exc


def _fit(data: bytes, edge: int, square: bool) -> Cleaned:
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        pixels = image.convert("RGBA" if "A" in image.getbands() else "RGB")
    if square:
        # Centre crop to a square first, so avatars fill their circle without distortion.
        # Never enlarged: a small picture stays as sharp as it came.
        side = min(edge, *pixels.size)
        pixels = ImageOps.fit(pixels, (side, side), Image.Resampling.LANCZOS)
    else:
        pixels.thumbnail((edge, edge), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    if pixels.mode == "RGBA":
        pixels.save(buffer, "PNG", optimize=True)
        return Cleaned(buffer.getvalue(), Kind.IMAGE, "image/png", "png", *pixels.size)
    pixels.save(buffer, "JPEG", quality=85, optimize=True)
    return Cleaned(buffer.getvalue(), Kind.IMAGE, "image/jpeg", "jpg", *pixels.size)


async def thumbnail(cleaned: Cleaned, edge: int, *, square: bool = False) -> Cleaned:
    """A smaller copy of an already cleaned image (at most `edge` pixels a side)."""
    return await anyio.to_thread.run_sync(_fit, cleaned.data, edge, square)


async def store_image(
    session: AsyncSession, services: Services, storage: Storage, image: Cleaned
) -> StoredFile:
    """Store cleaned bytes by their hash and record them, so `/files/{hash}` serves them."""
    digest = hashlib.sha256(image.data).hexdigest()
    try:
        await storage.put(digest, image.data, image.content_type)
    except StorageError as exc:
        raise ApiError(ErrorCode.STORAGE_FAILED, "The file could not be stored") from exc
    await insert_ignore(
        session,
        StoredFile,
        {
            "hash": digest,
            "kind": Kind.IMAGE.value,
            "content_type": image.content_type,
            "extension": image.extension,
            "size": len(image.data),
            "width": image.width,
            "height": image.height,
            "created_at": services.clock.now(),
        },
    )
    return await load_file(session, digest)
