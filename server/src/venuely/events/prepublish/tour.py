"""The node ids of the event's tour, read from the stored tour version's `tour.json`.

An event's PanoURL is either a stored version (`/tours/{PanoID}/{Version}/`, docs/subsystems/
panoramas.md) — then its `tour.json` lies in the files storage and names every node — or
something the server does not hold (an external URL, a bundled path), whose nodes it cannot know.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

from venuely.events.prepublish.context import CheckContext
from venuely.files.storage import StorageError
from venuely.panoramas.models import PanoVersion
from venuely.panoramas.package import MAX_TOUR_JSON_BYTES, TOUR_JSON
from venuely.panoramas.tourfile import Tour
from venuely.panoramas.urls import parse_tour_url


@dataclass(frozen=True, slots=True)
class TourNodes:
    # Lower-cased node ids and custom ids (the attendee app finds a room by either, ignoring
    # case); None when the nodes cannot be known.
    known: frozenset[str] | None
    # Why every node reference fails (`known` empty) or cannot be verified (`known` None).
    reason: str

    def has(self, node_id: str) -> bool:
        return self.known is not None and node_id.lower() in self.known


async def tour_nodes(ctx: CheckContext) -> TourNodes:
    pano_url = ctx.event.pano_url
    if not pano_url:
        return TourNodes(frozenset(), "the event has no tour (PanoURL is empty)")
    parsed = parse_tour_url(pano_url)
    if parsed is None:
        return TourNodes(None, "the event's PanoURL is not a tour version stored here")
    version = await ctx.session.get(PanoVersion, parsed)
    if version is None:
        return TourNodes(frozenset(), "the event's tour version does not exist")
    entry = version.manifest.get(TOUR_JSON)
    if not isinstance(entry, dict) or not isinstance(entry.get("Hash"), str):
        return TourNodes(None, "the tour version has no tour.json")
    raw = await _read(ctx, entry["Hash"])
    if raw is None:
        return TourNodes(None, "the tour version's tour.json could not be read")
    try:
        tour = Tour.model_validate_json(raw)
    except ValidationError:
        return TourNodes(None, "the tour version's tour.json could not be read")
    ids = {node.ID.lower() for node in tour.Nodes}
    ids |= {node.CustomID.lower() for node in tour.Nodes if node.CustomID}
    return TourNodes(frozenset(ids), "the node is not in the event's tour")


async def _read(ctx: CheckContext, digest: str) -> bytes | None:
    parts: list[bytes] = []
    size = 0
    try:
        async for chunk in await ctx.storage.open(digest):
            size += len(chunk)
            if size > MAX_TOUR_JSON_BYTES:  # uploads refuse larger ones; never buffer more
                return None
            parts.append(chunk)
    except (KeyError, ValueError, StorageError, OSError):
        return None
    return b"".join(parts)
