"""Upload routes opt in to a larger request-body allowance than the global 1 MiB.

A route marks its endpoint with `@upload_route` (files up to `max_upload_bytes`),
`@tour_upload_route` (tour packages, up to `max_tour_upload_bytes`) or `@video_upload_route`
(cinema videos, up to `max_video_upload_bytes`); the app factory turns the
marked routes' paths into (pattern, allowance) pairs for `BodyLimitMiddleware`, which must decide
before routing happens. The allowance is the file limit plus the normal body limit (room for the
other form fields and multipart framing); each file is then held to its limit exactly while it is
read (`service.py`, `panoramas/router.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from fastapi import APIRouter
from fastapi.routing import APIRoute
from starlette.routing import compile_path

from venuely.settings import Settings

UPLOAD_ATTR = "__venuely_upload__"
F = TypeVar("F", bound=Callable[..., Any])


def upload_route(fn: F) -> F:
    setattr(fn, UPLOAD_ATTR, "max_upload_bytes")
    return fn


def tour_upload_route(fn: F) -> F:
    setattr(fn, UPLOAD_ATTR, "max_tour_upload_bytes")
    return fn


def video_upload_route(fn: F) -> F:
    setattr(fn, UPLOAD_ATTR, "max_video_upload_bytes")
    return fn


def upload_path_limits(
    routers: Iterable[APIRouter], prefix: str, settings: Settings
) -> list[tuple[re.Pattern[str], int]]:
    limits: list[tuple[re.Pattern[str], int]] = []
    for router in routers:
        for route in router.routes:
            if not isinstance(route, APIRoute):
                continue
            setting = getattr(route.endpoint, UPLOAD_ATTR, None)
            if setting is not None:
                allowance = int(getattr(settings, setting)) + settings.max_body_bytes
                limits.append((compile_path(prefix + route.path)[0], allowance))
    return limits
