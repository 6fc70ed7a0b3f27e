"""The pre-publish finding codes: declared once, documented, and the web's copy is current."""

from __future__ import annotations

from pathlib import Path

import pytest

from venuely.events.prepublish import codes_ts
from venuely.events.prepublish.codes import FindingCode, FixScreen, Severity
from venuely.events.prepublish.schemas import finding

DOCS = Path(__file__).resolve().parents[3] / "docs" / "subsystems" / "events.md"


def test_every_code_is_spelled_as_its_name_and_has_a_spec() -> None:
    for code in FindingCode:
        assert code.value == code.name
        assert isinstance(code.spec.severity, Severity)
        assert isinstance(code.spec.screen, FixScreen)
        assert code.spec.summary.endswith(".")


def test_every_code_is_in_the_docs_table_with_its_severity_and_screen() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for code in FindingCode:
        row = f"| `{code.value}` | {code.spec.severity.value} |"
        assert row in text, f"docs/subsystems/events.md lacks the row for {code.value}"
        line = next(line for line in text.splitlines() if line.startswith(row))
        assert line.rstrip().endswith(f"| {code.spec.screen.value} |")


def test_a_finding_carries_exactly_the_declared_params() -> None:
    made = finding(FindingCode.MENU_PAGE_MISSING, "m", "i", MenuItemID="i", Name="n", Slug="s")
    assert made.Fix.Screen is FixScreen.NAVIGATION
    assert made.Severity is Severity.ERROR
    with pytest.raises(ValueError, match="declared"):
        finding(FindingCode.MENU_PAGE_MISSING, "m", MenuItemID="i", Name="n")


def test_the_web_copy_is_current(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert codes_ts.main(["--check"]) == 0, "run: python -m venuely.events.prepublish.codes_ts"
    stale = tmp_path / "prepublish-codes.ts"
    stale.write_text(codes_ts.render().replace('  "WHITELIST_OPEN",\n', ""), "utf-8")
    assert codes_ts.main(["--check", "--out", str(stale)]) == 1
    assert "stale" in capsys.readouterr().err
    assert codes_ts.main(["--out", str(stale)]) == 0
    assert codes_ts.main(["--check", "--out", str(stale)]) == 0


def test_the_web_copy_names_severity_screen_and_params_of_every_code() -> None:
    rendered = codes_ts.render()
    for code in FindingCode:
        assert f'  {code.value}: "{code.spec.severity.value}",' in rendered
        assert f'  {code.value}: "{code.spec.screen.value}",' in rendered
    assert '  MENU_PAGE_MISSING: ["MenuItemID", "Name", "Slug"],' in rendered
