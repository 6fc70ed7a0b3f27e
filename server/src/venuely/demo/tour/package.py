"""The demo tour as a zip in the tour package format (docs/formats/tour-package.md).

Rendering takes a few seconds per room, so the finished zip is cached on disk, keyed by
`RENDER_VERSION` and the image width: bump `RENDER_VERSION` whenever a change to the renderer
or the rooms should reach existing installations (the seed then imports a new tour version).
The zip is byte-for-byte deterministic (fixed seeds, fixed zip timestamps), so its SHA-256
tells the seed whether the installed version is already this tour.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path
from typing import Any

from PIL import Image

from venuely.demo.tour.render import render
from venuely.demo.tour.rooms import ROOMS
from venuely.demo.tour.rooms.spec import EVENT_TITLE, RoomSpec, link_angles

RENDER_VERSION = 1
DEFAULT_WIDTH = 3072  # 3072 × 1536: sharp enough to look around, about 1 MB per room
THUMB_WIDTH = 512
JPEG_QUALITY = 92
_ZIP_TIME = (2024, 1, 1, 0, 0, 0)  # fixed, so the same tour gives the same bytes
_memo: dict[int, bytes] = {}


def _jpeg(image: Image.Image, quality: int = JPEG_QUALITY) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality, optimize=True, subsampling="4:2:0")
    return out.getvalue()


def _node(spec: RoomSpec) -> dict[str, Any]:
    node: dict[str, Any] = {
        "ID": spec.id,
        "CustomID": spec.id,
        "Name": spec.names,
        "Panorama": f"images/{spec.id}.jpg",
        "Thumbnail": f"images/{spec.id}-thumb.jpg",
        "StartYaw": 0,
        "StartPitch": 0,
        "Links": [{"NodeID": target, **link_angles(point)} for target, point in spec.links],
    }
    if spec.screens:
        node["Screens"] = [
            {"ScreenID": screen_id, **panel.angles()} for screen_id, panel in spec.screens
        ]
    if spec.web_elements:
        node["WebElements"] = [
            {"ID": w.id, "Type": w.type, **w.panel.angles(), "Default": w.default}
            for w in spec.web_elements
        ]
    return node


def tour_document(specs: list[RoomSpec]) -> dict[str, Any]:
    return {
        "FormatVersion": 1,
        "Title": f"{EVENT_TITLE} venue",
        "StartNodeID": "lobby",
        "StartYaw": 0,
        "StartPitch": 0,
        "Nodes": [_node(spec) for spec in specs],
    }


def _add(archive: zipfile.ZipFile, path: str, data: bytes, compress: bool) -> None:
    info = zipfile.ZipInfo(path, date_time=_ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data)


def render_demo_tour(width: int = DEFAULT_WIDTH) -> bytes:
    """Render every room and pack the tour; no caching (see `build_demo_tour`)."""
    specs = [build() for build in ROOMS]
    files: list[tuple[str, bytes, bool]] = []
    for spec in specs:
        image = render(spec.room, width)
        files.append((f"images/{spec.id}.jpg", _jpeg(image), False))
        thumb_w = min(THUMB_WIDTH, width)
        thumb = image.resize((thumb_w, thumb_w // 2), Image.Resampling.LANCZOS)
        files.append((f"images/{spec.id}-thumb.jpg", _jpeg(thumb, 80), False))
        for path, art in spec.assets.items():
            files.append((path, _jpeg(art, 90), False))
    tour = json.dumps(tour_document(specs), ensure_ascii=False, indent=2).encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        _add(archive, "tour.json", tour, compress=True)
        for path, data, compress in files:
            _add(archive, path, data, compress)
    return out.getvalue()


def build_demo_tour(width: int = DEFAULT_WIDTH, cache_dir: Path | None = None) -> bytes:
    """The demo tour zip: from this process's memory, else from `cache_dir`, else rendered
    (and then stored in both)."""
    if width in _memo:
        return _memo[width]
    cached = cache_dir / f"demo-tour-r{RENDER_VERSION}-{width}.zip" if cache_dir else None
    if cached is not None and cached.is_file():
        data = cached.read_bytes()
    else:
        data = render_demo_tour(width)
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(f".{os.getpid()}.tmp")
            partial.write_bytes(data)
            os.replace(partial, cached)  # atomic: a concurrent seed never reads half a zip
    _memo[width] = data
    return data
