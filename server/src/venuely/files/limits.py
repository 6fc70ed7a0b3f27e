"""Upload routes opt in to a larger request-body allowance than the global 1 MiB.

A route marks its endpoint with `@upload_route`; the app factory turns the marked routes' paths
into patterns for `BodyLimitMiddleware`, which must decide before routing happens. The allowance
is the upload limit plus the normal body limit (room for the other form fields and multipart
framing); each file is then held to `max_upload_bytes` exactly while it is read (`service.py`).
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
    setattr(fn, UPLOAD_ATTR, True)
    return fn


def upload_path_patterns(routers: Iterable[APIRouter], prefix: str) -> list[re.Pattern[str]]:
    patterns: list[re.Pattern[str]] = []
    for router in routers:
        for route in router.routes:
            if isinstance(route, APIRoute) and getattr(route.endpoint, UPLOAD_ATTR, False):
                patterns.append(compile_path(prefix + route.path)[0])
    return patterns


def upload_body_limit(settings: Settings) -> int:
    return settings.max_upload_bytes + settings.max_body_bytes
