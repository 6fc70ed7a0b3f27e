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
    # MP4 uploads, and the HLS playlists and segments the server makes itself (media/).
    VIDEO = "video"


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

# ISO base media files start with an `ftyp` box: size (4 bytes), b"ftyp", the major brand. Only
# the brands of MP4 proper; QuickTime (`qt  `), 3GP and HEIF images share the box but are refused.
_MP4_BRANDS = frozenset(
    {
        b"isom",
        b"iso2",
        b"iso3",
        b"iso4",
        b"iso5",
        b"iso6",
        b"mp41",
        b"mp42",
        b"avc1",
        b"M4V ",
        b"dash",
        b"MSNV",
    }
)


def sniff(head: bytes) -> tuple[str, Kind] | None:
    """The format and kind of a file starting with `head`, or None when not one we accept."""
    if len(head) >= 12 and head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp", Kind.IMAGE
    if len(head) >= 12 and head[4:8] == b"ftyp" and head[8:12] in _MP4_BRANDS:
        return "mp4", Kind.VIDEO
    for magic, name, kind in _SIGNATURES:
        if head.startswith(magic):
            return name, kind
    return None
