"""Reading a Range header (files/ranges.py): one byte range, clipped to the file; anything else is
the whole file, and a start past the end cannot be served."""

from __future__ import annotations

import pytest

from venuely.files.ranges import ByteRange, Unsatisfiable, parse_range


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("bytes=0-0", ByteRange(0, 0)),
        ("bytes=0-", ByteRange(0, 99)),
        ("bytes=10-19", ByteRange(10, 19)),
        ("bytes=90-500", ByteRange(90, 99)),
        ("bytes=-5", ByteRange(95, 99)),
        ("bytes=-500", ByteRange(0, 99)),
        ("BYTES = 1 - 2", ByteRange(1, 2)),
    ],
)
def test_single_ranges(header: str, expected: ByteRange) -> None:
    assert parse_range(header, 100) == expected


@pytest.mark.parametrize(
    "header", [None, "", "bytes=-", "bytes=5-1", "bytes=0-1,5-6", "pages=1-2", "bytes=a-b"]
)
def test_what_is_not_one_range_means_the_whole_file(header: str | None) -> None:
    assert parse_range(header, 100) is None


@pytest.mark.parametrize(
    ("header", "size"), [("bytes=100-", 100), ("bytes=-0", 100), ("bytes=0-", 0)]
)
def test_unsatisfiable(header: str, size: int) -> None:
    with pytest.raises(Unsatisfiable):
        parse_range(header, size)


def test_content_range() -> None:
    assert ByteRange(10, 19).content_range(100) == "bytes 10-19/100"
    assert ByteRange(10, 19).length == 10
