"""Pure ASGI middleware: body size limit, the NUL-character guard and access logging.

Written against raw ASGI rather than `BaseHTTPMiddleware` so streaming bodies and the realtime
WebSocket pass through without buffering or an extra task per request.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import time
from collections.abc import Sequence
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.logging import request_id
from venuely.core.metrics import UNMATCHED, observe_request

access_log = logging.getLogger("venuely.access")


class _BodyTooLarge(Exception):
    pass


def _too_large(limit: int) -> ApiError:
    return ApiError(
        ErrorCode.BODY_TOO_LARGE, f"Request body exceeds {limit} bytes", {"MaxBytes": limit}
    )


class BodyLimitMiddleware:
    """Refuse request bodies above `limit` bytes: by Content-Length up front, and while streaming
    for chunked uploads, before a handler acts on a partial body.

    Upload routes opt in to a larger allowance: their path patterns (built from the route table
    by the app factory) come with their own limit. The exact per-file limit is enforced again by
    the storage layer while it reads each file; this cap only bounds what is spooled to disk."""

    def __init__(
        self,
        app: ASGIApp,
        limit: int,
        *,
        upload_paths: Sequence[tuple[re.Pattern[str], int]] = (),
    ) -> None:
        self.app, self.limit = app, limit
        self.upload_paths = tuple(upload_paths)

    def _limit_for(self, path: str) -> int:
        for pattern, allowance in self.upload_paths:
            if pattern.match(path):
                return allowance
        return self.limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self._limit_for(scope["path"])
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await _send_error(send, _too_large(limit))
                return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise _BodyTooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _BodyTooLarge:
            if not started:
                await _send_error(send, _too_large(limit))


async def _send_error(send: Send, error: ApiError) -> None:
    body = orjson.dumps(error.envelope())
    await send(
        {
            "type": "http.response.start",
            "status": error.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


# A JSON escape for U+0000 that is not itself escaped (`\\u0000` is a backslash and "u0000").
_JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")
_NUL_ERROR = ApiError(
    ErrorCode.VALIDATION_ERROR,
    "Text must not contain the NUL character (U+0000)",
    {"Reason": "nul_character"},
)
# A `\uD800`–`\uDFFF` escape: half of a UTF-16 pair, fine when its other half follows. Only a body
# holding one is decoded here, to find a half left alone.
_JSON_SURROGATE = re.compile(rb"\\u[dD][89abcdefABCDEF]")
_SURROGATE_ERROR = ApiError(
    ErrorCode.VALIDATION_ERROR,
    "Text must be Unicode: a lone UTF-16 surrogate escape (such as \\ud800) cannot be stored",
    {"Reason": "lone_surrogate"},
)


def _has_lone_surrogate(body: bytes) -> bool:
    """Whether the JSON body decodes to a string that is not valid Unicode. A body that is not
    JSON at all passes: the route answers it with its own validation error."""
    try:
        value = json.loads(body)
    except ValueError:
        return False
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


class NulGuardMiddleware:
    """Refuse U+0000 in query strings and JSON bodies, and lone UTF-16 surrogates in JSON bodies,
    with a 422 before any handler runs.

    PostgreSQL cannot store U+0000 in text or jsonb (SQLite can), so without this guard the same
    request would be stored on one backend and fail with a server error on the other. No field
    of the product has a use for it. A lone surrogate (`"\\ud800"`) is valid JSON but not Unicode:
    no database encodes it, and every route storing text would fail with a server error.
    Multipart and raw uploads are binary and pass untouched; JSON bodies are already capped by
    `BodyLimitMiddleware` (outside this one) before buffering.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if b"%00" in scope.get("query_string", b"") or "\x00" in scope.get("path", ""):
            await _send_error(send, _NUL_ERROR)
            return
        headers = dict(scope["headers"])
        if not headers.get(b"content-type", b"").startswith(b"application/json"):
            await self.app(scope, receive, send)
            return
        messages: list[Message] = []
        body = b""
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        if _JSON_NUL.search(body):
            await _send_error(send, _NUL_ERROR)
            return
        if _JSON_SURROGATE.search(body) and _has_lone_surrogate(body):
            await _send_error(send, _SURROGATE_ERROR)
            return

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)


# An id a client (a reverse proxy) sent is kept when it is plain and short; anything else is
# replaced, so a header cannot forge log structure or flood a log line.
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def _request_id(scope: Scope) -> str:
    for name, value in scope.get("headers") or ():
        if name == b"x-request-id":
            sent = bytes(value).decode("latin-1")
            if _REQUEST_ID.fullmatch(sent):
                return sent
            break
    return secrets.token_hex(8)


def _route_template(scope: Scope) -> str:
    """The path pattern of the route that answered (the router leaves it in the scope), so a
    metric counts `/api/v1/events/{EventID}` once, not once per event."""
    route = scope.get("route")
    template = getattr(route, "path", None)
    regex = getattr(route, "path_regex", None)
    if not isinstance(template, str) or not isinstance(regex, re.Pattern):
        return UNMATCHED
    # A route included under a prefix (`/api/v1`) knows only its own part; the prefix is what
    # of the requested path comes before the part the route's pattern takes.
    path: str = scope.get("path", "")
    start = 0
    while start != -1:
        if regex.match(path[start:]):
            return path[:start] + template
        start = path.find("/", start + 1)
    return template


class AccessLogMiddleware:
    """One log line per HTTP request, and its request id (`X-Request-ID`, echoed in the answer
    and on every line logged while handling it)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status: dict[str, Any] = {"code": 500}
        rid = _request_id(scope)
        token = request_id.set(rid)

        async def capture(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
                headers = message.setdefault("headers", [])
                headers.append((b"x-content-type-options", b"nosniff"))
                headers.append((b"x-request-id", rid.encode()))
            await send(message)

        try:
            await self.app(scope, receive, capture)
        finally:
            elapsed = time.perf_counter() - started
            access_log.info(
                "request",
                extra={
                    "method": scope.get("method"),
                    "path": scope.get("path"),
                    "status": status["code"],
                    "ms": round(elapsed * 1000, 2),
                    "client": (scope.get("client") or ("", 0))[0],
                },
            )
            route = _route_template(scope)
            observe_request(scope.get("method", ""), route, status["code"], elapsed)
            request_id.reset(token)
