from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from venuely.settings import Environment, Settings, load_settings


def test_dev_generates_and_keeps_a_secret(tmp_path: Path) -> None:
    first = load_settings(data_dir=tmp_path)
    second = load_settings(data_dir=tmp_path)
    assert len(first.secret_key) >= 32
    assert first.secret_key == second.secret_key
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


@pytest.mark.parametrize("secret", ["", "changeme", "short-secret"])
def test_production_refuses_missing_or_weak_secret(tmp_path: Path, secret: str) -> None:
    with pytest.raises(ValidationError, match="VENUELY_SECRET_KEY"):
        Settings(env=Environment.PRODUCTION, data_dir=tmp_path, secret_key=secret)


def test_production_accepts_a_strong_secret(tmp_path: Path) -> None:
    settings = Settings(env=Environment.PRODUCTION, data_dir=tmp_path, secret_key="k" * 40)
    assert settings.secret_key == "k" * 40


def test_environment_variables_are_read(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("VENUELY_ALLOWED_ORIGINS", "https://a.example/, https://b.example")
    monkeypatch.setenv("VENUELY_DATA_DIR", str(tmp_path))
    settings = load_settings()
    assert settings.effective_origins == ["https://a.example", "https://b.example"]
    assert settings.effective_database_url.endswith(f"{tmp_path}/venuely.db")
