"""The routers' path filter (`core/route_filter.py`): the same route is chosen for every path and
method as without it, and a router none of whose paths fits is not asked route by route."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute, _IncludedRouter
from starlette.routing import Match

from venuely.app import create_app
from venuely.core.route_filter import PrefilteredRouter
from venuely.core.services import Services

_PARAM = re.compile(r"\{(\w+)(:\w+)?\}")
_ID = "6b0ac182c9c87348700ba382"


def _scope(app: FastAPI, path: str, method: str) -> dict[str, Any]:
    return {
        "type": "http",
        "path": path,
        "root_path": "",
        "method": method,
        "headers": [],
        "query_string": b"",
        "app": app,
    }


def _choice(app: FastAPI, path: str, method: str, filtered: bool) -> list[tuple[int, Match]]:
    """Every top-level route's verdict for the request, as FastAPI's loop asks them."""
    verdicts = []
    for index, route in enumerate(app.router.routes):
        scope = _scope(app, path, method)
        if isinstance(route, PrefilteredRouter) and not filtered:
            match, _ = _IncludedRouter.matches(route, scope)
        else:
            match, _ = route.matches(scope)
        verdicts.append((index, match))
    return verdicts


def _paths(app: FastAPI) -> Iterator[str]:
    """Every route's path with its parameters filled in, and paths no route has."""
    for route in app.router.routes:
        if isinstance(route, _IncludedRouter):
            for candidate in route.effective_candidates():
                path = getattr(candidate, "path", None)
                if isinstance(path, str):
                    yield _PARAM.sub(_ID, path)
    yield "/api/v1/no-such-route"
    yield "/api/v1/events/" + _ID + "/no-such-thing"
    yield "/"


def test_every_request_gets_the_verdicts_it_got_without_the_filter(services: Services) -> None:
    app = create_app(services=services)
    filtered = [r for r in app.router.routes if isinstance(r, PrefilteredRouter)]
    assert len(filtered) > 30, "the app's routers were not given their filter"
    paths = sorted(set(_paths(app)))
    assert len(paths) > 150
    for path in paths:
        for method in ("GET", "POST", "PUT", "DELETE"):
            assert _choice(app, path, method, True) == _choice(app, path, method, False), (
                method,
                path,
            )


def test_a_router_none_of_whose_paths_fits_asks_no_route(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(services=services)
    asked: list[str] = []
    original = APIRoute.matches

    def counting(self: APIRoute, scope: Any) -> tuple[Match, Any]:
        asked.append(self.path)
        return original(self, scope)

    monkeypatch.setattr(APIRoute, "matches", counting)
    path = "/api/v1/no-such-route"
    _choice(app, path, "GET", filtered=True)
    assert asked == []
    _choice(app, path, "GET", filtered=False)
    assert len(asked) > 100  # without the filter, every route of every router is asked
