"""Decide a file's type by its first bytes, never by its name or the client's Content-Type.

Only the formats below are recognised; anything else (SVG, HTML, scripts, archives) is refused
before a decoder sees it. Recognition is only the first gate: images are then decoded and
re-encoded, fonts parsed and re-compiled (`validate.py`).
"""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    IMAGE = "image"
    FONT = "font"


# (format name, kind) by leading bytes; RIFF needs its WEBP tag checked separately.
_SIGNATURES: tuple[tuple[bytes, str, Kind], ...] = (
    (b"\x89PNG\r\n\x1a\n", "png", Kind.IMAGE),
    (b"\xff\xd8\xff", "jpeg", Kind.IMAGE),
    (b"GIF87a", "gif", Kind.IMAGE),
    (b"GIF89a", "gif", Kind.IMAGE),
    (b"\x00\x00\x01\x00", "ico", Kind.IMAGE),
    (b"wOF2", "woff2", Kind.FONT),
    (b"wOFF", "woff", Kind.FONT),
    (b"OTTO", "otf", Kind.FONT),
    (b"\x00\x01\x00\x00", "ttf", Kind.FONT),
    (b"true", "ttf", Kind.FONT),
)

HEAD_BYTES = 16


def sniff(head: bytes) -> tuple[str, Kind] | None:
    """The format and kind of a file starting with `head`, or None when not one we accept."""
    if len(head) >= 12 and head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp", Kind.IMAGE
    for magic, name, kind in _SIGNATURES:
        if head.startswith(magic):
            return name, kind
    return None
