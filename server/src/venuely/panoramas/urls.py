"""PanoURLs of stored tour versions. Dependency-free so `events` can use it without a cycle."""

from __future__ import annotations

import re

TOURS_PATH = "/tours"
_TOUR_URL = re.compile(r"^/tours/([0-9a-f]{24})/([1-9][0-9]{0,8})/$")


def tour_url(pano_id: str, version: int) -> str:
    """The version's PanoURL, same-origin; the web app loads `pano.xml` and files beneath it."""
    return f"{TOURS_PATH}/{pano_id}/{version}/"


def parse_tour_url(url: str) -> tuple[str, int] | None:
    """(PanoID, Version) when `url` is a PanoURL this server made, else None."""
    match = _TOUR_URL.match(url)
    return (match.group(1), int(match.group(2))) if match else None
