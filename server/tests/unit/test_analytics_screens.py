"""The web app's copy of the tracker's screens follows the server's list."""

from __future__ import annotations

from pathlib import Path

from venuely.analytics import screens_ts


def test_the_web_copy_is_current(tmp_path: Path) -> None:
    assert screens_ts.main(["--check"]) == 0, "run: python -m venuely.analytics.screens_ts"
    stale = tmp_path / "analytics-screens.ts"
    stale.write_text(screens_ts.render().replace('  "agenda",\n', ""), "utf-8")
    assert screens_ts.main(["--check", "--out", str(stale)]) == 1
