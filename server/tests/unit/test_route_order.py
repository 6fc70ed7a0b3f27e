"""The hot reads' routers come early in `app.FEATURE_ROUTERS` (matching walks the routes in
order, a few microseconds each), which is only sound while no path of theirs could also be one
of the routers they were moved ahead of: where two routes can match the same path, the first
one answers it, so moving one ahead of the other would change which code runs."""

from __future__ import annotations

import re

from fastapi import APIRouter
from starlette.routing import BaseRoute

from venuely import app
from venuely.activities.router import router as activities_router
from venuely.chat.mutes_router import mutes_router
from venuely.chat.rooms_router import rooms_router
from venuely.chat.router import router as chat_router
from venuely.customers.router import router as customers_router
from venuely.events.menu_router import menu_router
from venuely.events.pages_router import pages_router
from venuely.events.prepublish.router import prepublish_router
from venuely.events.router import router as events_router
from venuely.identity.router import router as identity_router

HOT = (chat_router, rooms_router, mutes_router, activities_router)
# The routers the hot ones used to follow.
PASSED = (
    events_router,
    customers_router,
    identity_router,
    menu_router,
    pages_router,
    prepublish_router,
)
_PARAM = re.compile(r"\{[^}]+\}")


def _paths(routes: list[BaseRoute]) -> list[str]:
    found: list[str] = []
    for route in routes:
        path = getattr(route, "path", None)
        if isinstance(path, str):
            found.append(path)
        else:  # a router included in this one
            found += _paths(getattr(route, "original_router", APIRouter()).routes)
    return found


def _segment_overlaps(a: str, b: str) -> bool:
    """Whether some text matches both path segments (`{name}` matches any one segment)."""
    if "{" not in a and "{" not in b:
        return a == b
    if "{" in a and "{" in b:
        return True
    pattern, text = (a, b) if "{" in a else (b, a)
    return (
        re.fullmatch(
            _PARAM.sub("[^/]+", re.escape(pattern).replace(r"\{", "{").replace(r"\}", "}")), text
        )
        is not None
    )


def could_both_match(a: str, b: str) -> bool:
    """Whether some request path matches both route paths (a `:path` parameter spans
    segments, so such a route is taken to overlap everything after its start)."""
    left, right = a.strip("/").split("/"), b.strip("/").split("/")
    for x, y in zip(left, right, strict=False):
        if ":path}" in x or ":path}" in y:
            return True
        if not _segment_overlaps(x, y):
            return False
    return len(left) == len(right)


def test_the_overlap_rule_sees_what_routing_sees() -> None:
    assert could_both_match("/events/{EventID}/public", "/events/themes/{ThemeID}")
    assert could_both_match("/events/{EventID}/x", "/events/{Other}/x")
    assert could_both_match("/files/{Path:path}", "/files/a/b/c")
    assert not could_both_match("/events/{EventID}/public", "/events/{EventID}/theme/{Sub}")
    assert not could_both_match("/events/{EventID}/activities", "/events/{EventID}/menu")
    assert not could_both_match("/events/name/{Name}/metadata", "/events/{EventID}/public")


def test_the_hot_routers_come_first_and_overlap_none_they_passed() -> None:
    order = list(app.FEATURE_ROUTERS)
    assert max(order.index(r) for r in HOT) < min(order.index(r) for r in PASSED)
    overlaps = [
        (hot, passed)
        for router in HOT
        for hot in _paths(router.routes)
        for other in PASSED
        for passed in _paths(other.routes)
        if could_both_match(hot, passed)
    ]
    assert overlaps == []
