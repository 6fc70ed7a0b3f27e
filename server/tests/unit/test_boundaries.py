"""Infrastructure never imports a feature (architecture.md §2).

Every module under `venuely/core/` and `venuely/realtime/` may import the standard library,
third-party packages and, of Venuely, only the packages in `ALLOWED`: `core`, `realtime` and
`settings`. Features plug into infrastructure through its registries and hooks (frame
declarations, command handlers, the socket caller loader, membership hooks) instead. Every import
statement counts, wherever it is: at the top, under `TYPE_CHECKING`, inside a function.
Imports built from strings at run time (`importlib`) are not seen; do not use them for this.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import venuely

PACKAGE = Path(venuely.__file__).parent
INFRASTRUCTURE = ("core", "realtime")
ALLOWED = frozenset({"core", "realtime", "settings"})


def forbidden_imports(source: str, module: str) -> list[str]:
    """The Venuely packages outside `ALLOWED` that `source` (the module `module`) imports."""
    package = module.rsplit(".", 1)[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{anchor}.{base}" if base else anchor
            # `from venuely import accounts` imports the package `venuely.accounts`.
            targets = [
                f"{base}.{alias.name}" if base == "venuely" else base for alias in node.names
            ]
        else:
            continue
        for target in targets:
            parts = target.split(".")
            if parts[0] != "venuely" or len(parts) < 2 or parts[1].startswith("__"):
                continue
            if parts[1] not in ALLOWED:
                found.append((node.lineno, target))
    return [f"line {line}: {target}" for line, target in sorted(found)]


def _modules() -> list[tuple[str, Path]]:
    return [
        (".".join(("venuely", *path.relative_to(PACKAGE).with_suffix("").parts)), path)
        for folder in INFRASTRUCTURE
        for path in sorted((PACKAGE / folder).rglob("*.py"))
    ]


@pytest.mark.parametrize(("module", "path"), _modules(), ids=str)
def test_infrastructure_does_not_import_features(module: str, path: Path) -> None:
    assert forbidden_imports(path.read_text(encoding="utf-8"), module) == []


def test_the_check_sees_every_way_of_importing() -> None:
    source = """
from __future__ import annotations
import json
from typing import TYPE_CHECKING
import venuely.core.ids
from venuely.realtime.codec import Frame
from venuely.settings import Settings
from venuely import __version__
if TYPE_CHECKING:
    from venuely.accounts.permissions import Principal
import venuely.chat.service as chat
from venuely import events
from ..panoramas import sync
from . import codec

def later():
    from venuely.activities.sync import publish_activity
"""
    assert forbidden_imports(source, "venuely.realtime.gateway") == [
        "line 10: venuely.accounts.permissions",
        "line 11: venuely.chat.service",
        "line 12: venuely.events",
        "line 13: venuely.panoramas",
        "line 17: venuely.activities.sync",
    ]


def test_the_check_covers_the_infrastructure_packages() -> None:
    names = {module for module, _ in _modules()}
    assert {"venuely.realtime.gateway", "venuely.core.errors", "venuely.core.services"} <= names
