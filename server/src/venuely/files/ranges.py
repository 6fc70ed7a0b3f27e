"""Byte ranges of a stored file (RFC 9110 §14): what a `Range` header asks for, if anything.

A `<video>` element asks for ranges to start quickly and to seek; without 206 answers browsers
(Safari above all) refuse to seek in an MP4, or download it whole first. One range per request:
that is all media players ask for. A header asking for several ranges, or one we cannot parse, is
ignored and the whole file is sent (the RFC allows a server to ignore Range). A range starting at
or past the end of the file cannot be served: 416.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SINGLE = re.compile(r"^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ByteRange:
    start: int
    end: int  # inclusive, as in Content-Range

    @property
    def length(self) -> int:
        return self.end - self.start + 1

    def content_range(self, size: int) -> str:
        return f"bytes {self.start}-{self.end}/{size}"


class Unsatisfiable(Exception):
    """The range lies outside the file."""


def parse_range(header: str | None, size: int) -> ByteRange | None:
    """The one range `header` asks for in a file of `size` bytes; None for the whole file."""
    if not header:
        return None
    match = _SINGLE.match(header)
    if match is None:
        return None  # several ranges, another unit, or garbage: serve everything
    first, last = match.group(1), match.group(2)
    if not first and not last:
        return None
    if size == 0:
        raise Unsatisfiable  # an empty file has no byte to start at
    if not first:
        # "bytes=-N": the last N bytes.
        suffix = int(last)
        if suffix == 0:
            raise Unsatisfiable
        return ByteRange(max(0, size - suffix), size - 1)
    start = int(first)
    end = size - 1 if not last else min(int(last), size - 1)
    if last and int(last) < start:
        return None  # invalid syntax per the RFC: ignore the header
    if start >= size:
        raise Unsatisfiable
    return ByteRange(start, end)
