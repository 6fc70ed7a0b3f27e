"""A started server keeps start-up's objects out of the collector's full passes (core/heap.py),
and a test application does not (a frozen object is never freed)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from venuely.app import create_app
from venuely.core.heap import settle_heap
from venuely.core.services import build_services
from venuely.settings import Environment, Settings


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    yield
    gc.unfreeze()  # back to the collector: the rest of the session's garbage stays collectable


def _tracked(item: object) -> bool:
    # `gc.get_objects` lists what full passes walk; the frozen generation is not among them.
    return any(tracked is item for tracked in gc.get_objects())


def test_settling_takes_what_is_alive_out_of_full_passes(unfrozen: None) -> None:
    alive = [object()]
    assert _tracked(alive)
    assert settle_heap() > 0
    assert not _tracked(alive)
    later = [object()]
    assert _tracked(later)  # what comes after start-up is collected as before


@pytest.mark.parametrize(("env", "frozen"), [(Environment.DEV, True), (Environment.TEST, False)])
async def test_a_started_server_settles_its_heap_outside_tests(
    settings: Settings, unfrozen: None, env: Environment, frozen: bool
) -> None:
    services = build_services(settings.model_copy(update={"env": env}))
    app = create_app(services=services)
    routes = app.router.routes
    async with app.router.lifespan_context(app):
        assert (gc.get_freeze_count() > 0) is frozen
        assert _tracked(routes) is not frozen
