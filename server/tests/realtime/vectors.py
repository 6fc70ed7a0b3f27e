"""Access to protocol/vectors.json, the golden vectors shared by the server and web codecs."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

PROTOCOL_DIR = Path(__file__).resolve().parents[3] / "protocol"
VECTORS_PATH = PROTOCOL_DIR / "vectors.json"


@cache
def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
    return data


def limits(vector: dict[str, Any]) -> dict[str, int]:
    """The decoder limits for a vector: the file's defaults, overridden by the vector's own."""
    return {**load()["limits"], **vector.get("limits", {})}
