"""`venuely demo-tour --out FILE` writes the demo tour package a browser test can upload."""

from __future__ import annotations

from pathlib import Path

import pytest

from venuely.cli import main
from venuely.demo.tour import package
from venuely.panoramas.package import read_package


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("VENUELY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("VENUELY_ENV", "test")
    # Another test of this process may have built a tour already; start from the disk cache.
    monkeypatch.setattr(package, "_memo", {})
    return tmp_path / "data"


def test_writes_a_package_the_upload_accepts(tmp_path: Path, data_dir: Path) -> None:
    out = tmp_path / "demo-tour.zip"
    assert main(["demo-tour", "--out", str(out), "--width", "64"]) == 0
    data = out.read_bytes()
    accepted = read_package(data, max_pixels=40_000_000)
    assert {"tour.json", "images/lobby.jpg", "images/expo.jpg"} <= {f.path for f in accepted.files}
    # The same bytes the seed would install, from the same cache.
    cached = data_dir / "demo" / f"demo-tour-r{package.RENDER_VERSION}-64.zip"
    assert cached.read_bytes() == data
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_default_width_is_the_one_the_demo_installs(tmp_path: Path, data_dir: Path) -> None:
    # In the test environment the seed installs the 256 px tour; a cached zip is reused as is.
    cached = data_dir / "demo" / f"demo-tour-r{package.RENDER_VERSION}-256.zip"
    cached.parent.mkdir(parents=True)
    cached.write_bytes(b"cached tour bytes")
    out = tmp_path / "tour.zip"
    assert main(["demo-tour", "--out", str(out)]) == 0
    assert out.read_bytes() == b"cached tour bytes"


@pytest.mark.parametrize("width", ["65", "32", "10000", "wide"])
def test_refuses_a_width_that_cannot_make_a_valid_tour(tmp_path: Path, width: str) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo-tour", "--out", str(tmp_path / "t.zip"), "--width", width])
    assert exit_info.value.code == 2
    assert not (tmp_path / "t.zip").exists()
