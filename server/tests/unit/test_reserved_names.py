"""Reserved event names: every top-level path the server routes is one, and the web's copy is
current (events/reserved.py)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from starlette.routing import BaseRoute

from tests.conftest import TEST_SECRET
from venuely.app import create_app
from venuely.events import reserved_ts
from venuely.events.reserved import RESERVED_NAMES
from venuely.events.schemas import INTERNAL_NAME_RE
from venuely.settings import Environment, Settings

# The SPA's catch-all: it serves event names, so it is the one path that must not be reserved.
_SPA = "{path:spa_path}"


def _paths(routes: Iterable[BaseRoute], prefix: str = "") -> Iterator[str]:
    """Full paths of every route, through included routers (FastAPI keeps each as a wrapper
    holding its prefix in `include_context` and the router in `original_router`)."""
    for route in routes:
        included = getattr(route, "original_router", None)
        if included is not None:
            inner = getattr(route.include_context, "prefix", "")  # type: ignore[attr-defined]
            yield from _paths(included.routes, prefix + inner)
        else:
            yield prefix + str(getattr(route, "path", ""))


def _first_segments() -> set[str]:
    settings = Settings(
        env=Environment.TEST,
        data_dir=Path("unused"),
        database_url="sqlite+aiosqlite:///:memory:",
        secret_key=TEST_SECRET,
    )
    return {path.split("/")[1] for path in _paths(create_app(settings).routes)}


def test_every_top_level_path_of_the_server_is_reserved() -> None:
    segments = _first_segments()
    assert {"api", "realtime", "tours", "assets"} <= segments, "the walker missed routes"
    routable = {s for s in segments - {_SPA} if INTERNAL_NAME_RE.match(s)}
    assert routable - RESERVED_NAMES == set()


def test_the_console_and_site_pages_are_reserved() -> None:
    assert {"manage", "policies", "cookie-consent"} <= RESERVED_NAMES


def test_the_web_copy_is_current(tmp_path: Path) -> None:
    assert reserved_ts.main(["--check"]) == 0, "run: python -m venuely.events.reserved_ts"
    stale = tmp_path / "reserved-names.ts"
    stale.write_text(reserved_ts.render().replace('  "manage",\n', ""), "utf-8")
    assert reserved_ts.main(["--check", "--out", str(stale)]) == 1
