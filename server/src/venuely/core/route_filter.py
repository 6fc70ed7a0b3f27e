"""Route matching that passes over a whole feature router at once when none of its paths fits.

FastAPI matches a request against the app's included routers in order, and within each router
route by route, in Python: about 2.5 µs a route here. Venuely includes some 40 routers with
about 190 routes, so an attendee's read that sits behind 66 routes (`/events/{EventID}/public`
must come after the themes routes) spent some 160 µs choosing its route, a quarter of what the
whole read cost (bench/README.md, HTTP reads).

`prefilter_routers` gives each included router one compiled regular expression: the union of
its routes' own path patterns. A path that matches none of them cannot match any route of the
router, fully or partially (a partial match is a path match with another method), so the
router answers "no match" after one regex call in C, and the order, the matching itself and
every answer stay FastAPI's. The union is rebuilt when the router's routes change.

This leans on FastAPI's `_IncludedRouter` (a private class) and its route contexts; the version
is pinned, and `tests/unit/test_route_filter.py` fails if either changes shape.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.routing import _IncludedRouter
from starlette._utils import get_route_path
from starlette.routing import Match
from starlette.types import Scope

# `(?P<EventID>` in every route's pattern: a union may name a group once only.
_NAMED_GROUP = re.compile(r"\(\?P<\w+>")


class PrefilteredRouter(_IncludedRouter):
    """An included router that first asks the union of its routes' path patterns."""

    # The routes' version the union was built for, and the union (None: ask route by route).
    _paths_version: int | None = None
    _paths: re.Pattern[str] | None = None

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        paths = self._path_union()
        if paths is not None and paths.match(get_route_path(scope)) is None:
            return Match.NONE, {}
        return super().matches(scope)

    def _path_union(self) -> re.Pattern[str] | None:
        version = self.original_router._get_routes_version()
        if version != self._paths_version:
            self._paths = _union_of(self.effective_candidates())
            self._paths_version = version
        return self._paths


def _union_of(candidates: list[Any]) -> re.Pattern[str] | None:
    """The union of the routes' path patterns, nested routers' included, or None when a route
    has none to offer (the socket route): such a router is always asked route by route."""
    patterns = _patterns(candidates)
    return re.compile("|".join(f"(?:{p})" for p in patterns)) if patterns else None


def _patterns(candidates: list[Any]) -> list[str] | None:
    patterns: list[str] = []
    for candidate in candidates:
        if isinstance(candidate, _IncludedRouter):
            nested = _patterns(candidate.effective_candidates())
            if nested is None:
                return None
            patterns.extend(nested)
            continue
        regex: Any = getattr(candidate, "path_regex", None)
        if not isinstance(regex, re.Pattern):
            return None
        patterns.append(_NAMED_GROUP.sub("(?:", regex.pattern))
    return patterns


def prefilter_routers(app: FastAPI) -> int:
    """Give every router included in `app` so far its path filter; how many got one."""
    count = 0
    for route in app.router.routes:
        if type(route) is _IncludedRouter:
            # The same object, so FastAPI's own references and isinstance checks still hold.
            route.__class__ = PrefilteredRouter
            count += 1
    return count
