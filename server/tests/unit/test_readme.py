"""README's configuration table lists every setting, and nothing that does not exist."""

from __future__ import annotations

import re
from pathlib import Path

from venuely.settings import Settings

README = Path(__file__).resolve().parents[3] / "README.md"
TEST_ONLY = {"VENUELY_TEST_DATABASE_URL", "VENUELY_TEST_REDIS_URL"}


def test_configuration_table_matches_settings() -> None:
    documented = set(re.findall(r"^\| `(VENUELY_[A-Z0-9_]+)` \|", README.read_text(), re.MULTILINE))
    actual = {f"VENUELY_{name.upper()}" for name in Settings.model_fields}
    assert documented - TEST_ONLY == actual


def test_readme_shows_the_two_commands() -> None:
    text = README.read_text()
    assert "make run" in text
    assert "make test" in text
