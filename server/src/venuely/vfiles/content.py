"""Vfile content: which types are accepted, how they are recognised, and reading a raw body.

The declared MimeType must agree with what the first bytes say; a PDF sent as image/png, or an
HTML page sent as anything, is refused (415) before anything is stored. Images are re-encoded
(`images.py`); PDF and video are stored as sent, because re-encoding them would take a
different toolchain, and are only ever served as downloads with `nosniff` and a sandbox CSP.
"""

from __future__ import annotations

import re

from fastapi import Request

from venuely.core.errors import ApiError, ErrorCode
from venuely.vfiles.images import image_format

IMAGE_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"}
ACCEPTED_TYPES = (*IMAGE_TYPES.values(), "application/pdf", "video/mp4", "video/webm")
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._ -]+")


def sniff_type(data: bytes) -> str | None:
    """The MIME type of `data` by its magic bytes, among `ACCEPTED_TYPES`, else None."""
    fmt = image_format(data)
    if fmt is not None:
        return IMAGE_TYPES[fmt]
    if data.startswith(b"%PDF-"):
        return "application/pdf"
    # ISO base media (MP4): a box size, then `ftyp` and an MP4-family brand.
    if len(data) >= 12 and data[4:8] == b"ftyp" and data[8:11] in (b"iso", b"mp4", b"avc"):
        return "video/mp4"
    # Matroska EBML header whose DocType says webm.
    if data.startswith(b"\x1a\x45\xdf\xa3") and b"webm" in data[:64]:
        return "video/webm"
    return None


def is_image(mime_type: str) -> bool:
    return mime_type in IMAGE_TYPES.values()


def check_declared(declared: str, data: bytes) -> str:
    """The content's type when the declared MimeType is accepted and agrees with the bytes."""
    declared = declared.strip().lower()
    if declared not in ACCEPTED_TYPES:
        raise ApiError(
            ErrorCode.UNSUPPORTED_MEDIA_TYPE,
            f"MimeType {declared} is not accepted",
            {"MimeType": declared, "Accepted": list(ACCEPTED_TYPES)},
        )
    found = sniff_type(data)
    if found != declared:
        raise ApiError(
            ErrorCode.UNSUPPORTED_MEDIA_TYPE,
            f"The content is not {declared}",
            {"MimeType": declared, "Detected": found or "unknown"},
        )
    return declared


def safe_file_name(name: str) -> str:
    """A name fit for a Content-Disposition header: no quotes, slashes or control characters."""
    cleaned = _SAFE_NAME.sub("_", name.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]).strip(" .")
    return cleaned[:200] or "file"


async def read_body(request: Request, declared_bytes: int, limit: int) -> bytes:
    """The raw body, refused with 413 past `limit` (checked as it streams in) and 422 when its
    length differs from FileBytes."""
    if declared_bytes > limit:
        raise ApiError(
            ErrorCode.BODY_TOO_LARGE,
            f"File exceeds {limit} bytes",
            {"MaxBytes": limit, "FileBytes": declared_bytes},
        )
    parts: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(
                ErrorCode.BODY_TOO_LARGE, f"File exceeds {limit} bytes", {"MaxBytes": limit}
            )
        parts.append(chunk)
    if size != declared_bytes:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            f"FileBytes is {declared_bytes} but the content has {size} bytes",
            {"FileBytes": declared_bytes, "Received": size},
        )
    if size == 0:
        raise ApiError(ErrorCode.INVALID_FILE, "The content is empty", {"FileBytes": 0})
    return b"".join(parts)
