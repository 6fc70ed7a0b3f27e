"""The app a test's HTTP client speaks to."""

from __future__ import annotations

from fastapi import FastAPI

from venuely.app import create_app
from venuely.core.services import Services

# One app per distinct configuration per worker process. FastAPI builds each included route's
# request handling (its parameter and response models) on the first request that walks past it,
# per app: about 0.7 s for all of them, which a fresh app per test paid again and again, and which
# was most of the suite's time. An app holds nothing of a test but `state.services` (create_app
# reads everything else from settings at construction, hence the key) and two lazily built
# clients, so the test's own are put in place each time.
_APPS: dict[str, FastAPI] = {}
_PER_TEST_SETTINGS = {"data_dir", "database_url"}


def app_for(services: Services) -> FastAPI:
    key = services.settings.model_dump_json(exclude=_PER_TEST_SETTINGS)
    app = _APPS.get(key)
    if app is None:
        app = _APPS[key] = create_app(services=services)
    app.state.services = services
    for built_on_first_use in ("storage", "outbound"):
        if hasattr(app.state, built_on_first_use):
            delattr(app.state, built_on_first_use)
    return app
