"""The rendered demo tour: a valid package, pictures worth looking at, hotspots on target."""

from __future__ import annotations

import io
import json
import math
import zipfile
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from venuely.demo.tour import package
from venuely.demo.tour.render import render
from venuely.demo.tour.rooms.auditorium import auditorium
from venuely.demo.tour.rooms.expo import expo
from venuely.demo.tour.rooms.spec import AUDITORIUM_SCREEN_ID
from venuely.panoramas.package import read_package
from venuely.panoramas.tourfile import Tour

WIDTH = 256


@pytest.fixture(scope="module")
def tour_zip() -> bytes:
    return package.render_demo_tour(WIDTH)


def _tour(data: bytes) -> Tour:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return Tour.model_validate(json.loads(archive.read("tour.json")))


def _images(data: bytes) -> dict[str, Image.Image]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {
            name: Image.open(io.BytesIO(archive.read(name))).convert("RGB")
            for name in archive.namelist()
            if name.endswith(".jpg")
        }


def test_package_passes_the_upload_checks(tour_zip: bytes) -> None:
    # The same reader the upload route uses: schema, referenced files, 2:1 node images.
    accepted = read_package(tour_zip, max_pixels=40_000_000)
    assert {f.path for f in accepted.files} >= {"tour.json", "pano.xml", "images/lobby.jpg"}


def test_tour_has_the_rooms_and_every_room_leads_somewhere(tour_zip: bytes) -> None:
    tour = _tour(tour_zip)
    nodes = {node.ID: node for node in tour.Nodes}
    assert tour.StartNodeID == "lobby"
    assert {"lobby", "auditorium", "expo", "lounge"} <= set(nodes)
    assert {link.NodeID for link in nodes["lobby"].Links} == set(nodes) - {"lobby"}
    for node in tour.Nodes:
        assert node.Links, node.ID
        assert all(link.NodeID in nodes for link in node.Links)
        assert node.Name.de
        assert node.Name.es
        assert node.Name.fr
        assert node.Name.it
    screens = [s.ScreenID for s in nodes["auditorium"].Screens]
    assert screens == [AUDITORIUM_SCREEN_ID]
    elements = {w.ID: w.Type for w in nodes["expo"].WebElements}
    assert elements == {"Screen_01": "image", "Screen_02": "link"}


def _colourfulness(image: Image.Image) -> float:
    """Hasler and Süsstrunk's measure: about 0 for grey images, 15+ for 'slightly colourful'."""
    rgb = np.asarray(image, np.float32)
    rg = rgb[..., 0] - rgb[..., 1]
    yb = 0.5 * (rgb[..., 0] + rgb[..., 1]) - rgb[..., 2]
    return float(np.hypot(rg.std(), yb.std()) + 0.3 * np.hypot(rg.mean(), yb.mean()))


def test_images_are_panoramas_with_real_content(tour_zip: bytes) -> None:
    images = _images(tour_zip)
    rooms = [n for n in images if n.startswith("images/") and not n.endswith("-thumb.jpg")]
    assert len(rooms) >= 4
    for name in rooms:
        image = images[name]
        assert image.size == (WIDTH, WIDTH // 2), name
        luminance = np.asarray(image.convert("L"), np.float32)
        assert luminance.std() > 20, name  # not a flat fill
        assert 30 < luminance.mean() < 230, name  # neither black nor blown out
        assert _colourfulness(image) > 12, name  # not a grey test pattern


def test_rendering_is_deterministic() -> None:
    assert package.render_demo_tour(128) == package.render_demo_tour(128)


def _pixel(image: Image.Image, yaw: float, pitch: float) -> tuple[int, int, int]:
    """The pixel a yaw/pitch of the tour format lands on (yaw 0 = centre, pitch up)."""
    w, h = image.size
    x = min(w - 1, int((yaw / 360 + 0.5) * w))
    y = min(h - 1, int((0.5 - pitch / 180) * h))
    r, g, b = image.getpixel((x, y))  # type: ignore[misc]
    return int(r), int(g), int(b)


def test_auditorium_screen_hotspot_sits_on_the_rendered_screen() -> None:
    spec = auditorium()
    image = render(spec.room, 720)
    ((screen_id, panel),) = spec.screens
    angles = panel.angles()
    assert screen_id == AUDITORIUM_SCREEN_ID
    inside = [
        _pixel(
            image,
            angles["Yaw"] + dx * angles["Width"] * 0.4,
            angles["Pitch"] + dy * angles["Height"] * 0.4,
        )
        for dx in (-1, 1)
        for dy in (-1, 1)
    ]
    for r, _, b in inside:
        assert b > r + 15  # the blue-black screen
    # Just beyond its left and right edges: the red curtains or the dark wall, not screen.
    for side in (-1, 1):
        r, _, b = _pixel(image, angles["Yaw"] + side * (angles["Width"] / 2 + 4), angles["Pitch"])
        assert b <= r


def test_expo_billboard_web_element_matches_its_rendered_art() -> None:
    spec = expo()
    image = render(spec.room, 720)
    board = next(w for w in spec.web_elements if w.id == "Screen_01")
    angles = board.panel.angles()
    art = spec.assets[board.default].convert("RGB")
    # Low on its left the art is its navy field, on its right its orange accent.
    left = _pixel(
        image, angles["Yaw"] - angles["Width"] * 0.2, angles["Pitch"] - angles["Height"] * 0.4
    )
    right = _pixel(image, angles["Yaw"] + angles["Width"] * 0.45, angles["Pitch"])
    art_left = art.getpixel((art.width * 3 // 10, art.height * 9 // 10))
    assert isinstance(art_left, tuple)
    assert art_left[2] > art_left[0]
    assert left[2] > left[0]
    assert right[0] > right[2] + 40
    # Hotspot extents are angular sizes of the same rectangle the art was drawn into.
    assert 0 < angles["Height"] < angles["Width"] < 180
    assert math.isclose(angles["Yaw"], 0.0, abs_tol=0.01)


def test_cache_returns_the_stored_zip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(package, "_memo", {})
    first = package.build_demo_tour(64, tmp_path)
    (cached,) = tmp_path.glob(f"demo-tour-r{package.RENDER_VERSION}-64.zip")
    assert cached.read_bytes() == first
    # A fresh process (empty memo) reads the file instead of rendering again.
    cached.write_bytes(b"from the cache")
    monkeypatch.setattr(package, "_memo", {})
    assert package.build_demo_tour(64, tmp_path) == b"from the cache"
