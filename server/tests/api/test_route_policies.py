"""Every route declares exactly one access policy from `accounts/permissions.py`.

A route added without a policy fails here, before it can ship open by accident.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from fastapi import APIRouter
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from starlette.routing import BaseRoute

from venuely.accounts.permissions import POLICY_ATTR
from venuely.app import create_app
from venuely.core.services import Services


def _policies(dependant: Dependant) -> list[str]:
    found: list[str] = []
    for dep in dependant.dependencies:
        name = getattr(dep.call, POLICY_ATTR, None)
        if name is not None:
            found.append(name)
        found.extend(_policies(dep))
    return found


def api_routes(routes: Iterable[BaseRoute]) -> Iterator[APIRoute]:
    """Every APIRoute, descending into included routers (FastAPI keeps them as wrappers that
    point at the original router)."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        included = getattr(route, "original_router", None)
        if included is not None:
            yield from api_routes(included.routes)


def test_every_api_route_declares_exactly_one_policy(services: Services) -> None:
    app = create_app(services=services)
    routes = list(api_routes(app.routes))
    assert len(routes) > 1, "the walker found no feature routes"
    problems = {
        f"{sorted(r.methods or ())} {r.path}": _policies(r.dependant)
        for r in routes
        if len(_policies(r.dependant)) != 1
    }
    assert problems == {}


def test_policy_walker_notices_a_route_without_policy(services: Services) -> None:
    app = create_app(services=services)
    extra = APIRouter()

    @extra.get("/unguarded-for-test")
    async def unguarded() -> dict[str, str]:
        return {}

    app.include_router(extra, prefix="/api/v1")
    route = next(r for r in api_routes(app.routes) if r.path.endswith("unguarded-for-test"))
    assert _policies(route.dependant) == []
