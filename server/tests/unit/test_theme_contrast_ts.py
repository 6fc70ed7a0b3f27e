"""The web's copy of the theme contrast rule is current and says what the check does."""

from __future__ import annotations

from pathlib import Path

import pytest

from venuely.events.prepublish import contrast_ts
from venuely.events.prepublish.theme import PAIRS


def test_the_web_copy_is_current(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert contrast_ts.main(["--check"]) == 0, (
        "run: python -m venuely.events.prepublish.contrast_ts"
    )
    stale = tmp_path / "theme-contrast.ts"
    rendered = contrast_ts.render()
    stale.write_text(rendered.replace('  "rebeccapurple": "#663399",\n', ""), "utf-8")
    assert contrast_ts.main(["--check", "--out", str(stale)]) == 1
    assert "stale" in capsys.readouterr().err


def test_every_pair_and_the_surfaces_beneath_it_are_in_the_copy() -> None:
    rendered = contrast_ts.render()
    for theme, key, surface in PAIRS:
        where = f"{surface.theme.value}.{surface.key}"
        assert f'{{ theme: "{theme.value}", textKey: "{key}", surface: "{where}" }},' in rendered
        below = surface.over
        while below is not None:
            assert f'  "{below.theme.value}.{below.key}": {{ theme:' in rendered
            below = below.over
    assert "export const AA_NORMAL_TEXT = 4.5;" in rendered


def test_the_vectors_include_findings_and_unreadable_colours() -> None:
    rendered = contrast_ts.render()
    # The vectors are only worth having if they exercise both outcomes.
    assert '["var(--x)", null]' in rendered
    assert '"THEME_CONTRAST_LOW"' not in rendered  # findings are given as plain tuples
    assert '["MainTheme", "primary_text_color", "primary_color", 1.41]' in rendered
