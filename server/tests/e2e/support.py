"""Running the `venuely` command in real processes, as a newcomer would."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

VENUELY = [sys.executable, "-m", "venuely.cli"]


def venuely_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """This environment without any `VENUELY_` setting, data under `tmp_path`, plus `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("VENUELY_")}
    env.update(VENUELY_DATA_DIR=str(tmp_path / "var"), VENUELY_LOG_FORMAT="console", **extra)
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port
