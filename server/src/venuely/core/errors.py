"""The one error envelope: `{"Error": {"Code": ..., "Message": ..., "Data": {...}}}`.

Every failure the API reports goes through `ApiError` (or is translated into it by the handlers
installed in `install_error_handlers`), so clients switch on `Code` and never parse prose. The
codes, their statuses and realtime forms are declared once, in `error_codes.py` (re-exported
here); the realtime gateway sends the same codes in the same envelope.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict
from starlette.exceptions import HTTPException as StarletteHTTPException

from venuely.core.db import is_busy
from venuely.core.error_codes import ErrorCode, ErrorSpec, Layer, Realtime, error_envelope

__all__ = [
    "BUSY_RETRY_SECONDS",
    "JWT_EXPIRED_TEXT",
    "ApiError",
    "ErrorBody",
    "ErrorCode",
    "ErrorEnvelope",
    "ErrorSpec",
    "Layer",
    "Realtime",
    "error_envelope",
    "error_response",
    "error_responses",
    "install_error_handlers",
    "not_found",
    "server_busy",
    "upstream_responses",
]

log = logging.getLogger("venuely.errors")


BUSY_RETRY_SECONDS = 1


def server_busy() -> ApiError:
    return ApiError(
        ErrorCode.SERVER_BUSY,
        "The server is busy; retry shortly",
        {"RetryAfterMs": BUSY_RETRY_SECONDS * 1000},
        headers={"Retry-After": str(BUSY_RETRY_SECONDS)},
    )


# The web app logs the user out on exactly this text (attendee-app.md §8).
JWT_EXPIRED_TEXT = "JWT Expired"


class ErrorBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # An `ErrorCode` value (kept a plain string in the OpenAPI document).
    Code: str
    Message: str
    Data: dict[str, Any]


class ErrorEnvelope(BaseModel):
    """The body of every error response, as declared in the OpenAPI document."""

    model_config = ConfigDict(extra="forbid")

    Error: ErrorBody

    @classmethod
    def of(cls, code: ErrorCode, message: str, data: dict[str, Any] | None = None) -> ErrorEnvelope:
        """The envelope as a model, for a frame published like any other (`error_envelope`)."""
        return cls.model_validate(error_envelope(code, message, data))


# What any `/api/v1` operation may answer besides its success: declared on every feature router
# (app.py) so the document names the real envelope instead of FastAPI's `{"detail": ...}` for 422,
# and clients and the fuzzer know each status is a deliberate refusal. Policies decide which of
# 401/403 a route really uses; declaring both everywhere keeps one table instead of seven.
_RESPONSE_TEXT: dict[int, str] = {
    400: "The request is malformed",
    401: "Not authenticated, or the token is expired, invalid or revoked",
    403: "The caller may not do this",
    404: "The route or an object it names does not exist",
    405: "The route does not take this method",
    409: "Conflicts with the current state",
    413: "The body is larger than allowed",
    415: "The media type is not accepted",
    422: "A parameter or the body is invalid, or a required one is missing",
    429: "Too many requests",
}


def error_responses() -> dict[int | str, dict[str, Any]]:
    return {
        status: {"model": ErrorEnvelope, "description": text}
        for status, text in _RESPONSE_TEXT.items()
    }


def upstream_responses() -> dict[int | str, dict[str, Any]]:
    """For routes that call another service (Zoom): its failure, or its missing configuration."""
    return {
        502: {"model": ErrorEnvelope, "description": "The upstream service failed"},
        503: {"model": ErrorEnvelope, "description": "The server is not configured for this"},
    }


def _document_errors_as_json(app: FastAPI) -> None:
    """FastAPI documents an extra response in the route's own media type (text/html, text/csv,
    an image...), but errors are always the JSON envelope: say so in the document."""
    build = app.openapi
    ref = {"$ref": "#/components/schemas/ErrorEnvelope"}

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        document = build()
        for operations in document.get("paths", {}).values():
            for operation in operations.values():
                for status, response in operation.get("responses", {}).items():
                    content = response.get("content", {})
                    if status[:1] in {"4", "5"} and ref in [
                        media.get("schema") for media in content.values()
                    ]:
                        response["content"] = {"application/json": {"schema": ref}}
        return document

    app.openapi = openapi  # type: ignore[method-assign]


class ApiError(Exception):
    """A failure with a machine-readable code, a human message and optional structured data."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        data: dict[str, Any] | None = None,
        *,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data or {}
        self.headers = headers

    @property
    def status(self) -> int:
        return self.code.http_status

    def envelope(self) -> dict[str, Any]:
        """The REST answer's body; the socket sends `code` itself (see `ErrorCode.rest_code`)."""
        rest_code = self.code.rest_code
        if rest_code is self.code:
            return error_envelope(self.code, self.message, self.data)
        return error_envelope(rest_code, self.code.spec.rest_message or self.message, self.data)


def not_found(code: ErrorCode, what: str, ident: str) -> ApiError:
    return ApiError(code, f"{what} {ident} not found", {"ID": ident})


def error_response(error: ApiError) -> JSONResponse:
    return JSONResponse(error.envelope(), status_code=error.status, headers=error.headers)


def _operation_name(request: Request) -> str:
    route = request.scope.get("route")
    name = getattr(route, "name", None)
    return name or f"{request.method} {getattr(route, 'path', request.url.path)}"


def invalid_input(
    operation: str, errors: Iterable[Mapping[str, Any]], *, where: str | None = None
) -> ApiError:
    """The refusal of input pydantic rejected, for REST and socket commands alike: MISSING_PARAMETER
    when a required field is absent, else VALIDATION_ERROR, each problem named in `Data`.

    `where` is the one place every error is in (a socket command's payload); without it the first
    part of each error's location says where (FastAPI's body, query, path...)."""
    problems: list[dict[str, Any]] = []
    missing: list[str] = []
    for err in errors:
        loc = [str(part) for part in err.get("loc", ())]
        if where is None:
            place = loc[0] if loc else "request"
            name = ".".join(loc[1:]) if len(loc) > 1 else place
        else:
            place, name = where, ".".join(loc) or where
        problems.append(
            {"In": place, "Name": name, "Type": err.get("type"), "Message": err.get("msg")}
        )
        if err.get("type") == "missing":
            missing.append(name)
    if missing:
        return ApiError(
            ErrorCode.MISSING_PARAMETER,
            f"Missing required parameter {', '.join(missing)} for operation {operation}",
            {"Operation": operation, "Parameters": missing, "Problems": problems},
        )
    first = problems[0] if problems else {"Name": where or "request", "Message": "invalid"}
    return ApiError(
        ErrorCode.VALIDATION_ERROR,
        f"Invalid parameter {first['Name']} for operation {operation}: {first['Message']}",
        {"Operation": operation, "Problems": problems},
    )


def install_error_handlers(app: FastAPI) -> None:
    async def on_api_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        return error_response(exc)

    async def on_validation(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        return error_response(invalid_input(_operation_name(request), exc.errors()))

    async def on_http(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        if exc.status_code == 404:
            err = ApiError(
                ErrorCode.ROUTE_NOT_FOUND, f"No route {request.method} {request.url.path}"
            )
        elif exc.status_code == 405:
            err = ApiError(
                ErrorCode.METHOD_NOT_ALLOWED, f"Method {request.method} not allowed here"
            )
        elif exc.status_code == 401:
            err = ApiError(ErrorCode.NOT_AUTHENTICATED, str(exc.detail))
        else:
            err = ApiError(ErrorCode.BAD_REQUEST, str(exc.detail))
        response = error_response(err)
        response.status_code = exc.status_code
        return response

    async def on_unexpected(request: Request, exc: Exception) -> JSONResponse:
        if is_busy(exc):
            # Overload, not a bug: no trace (formatting thousands of them would deepen it).
            log.warning("database busy on %s %s", request.method, request.url.path)
            return error_response(server_busy())
        # Logged with the trace for operators; the client only learns that it failed.
        log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
        return error_response(ApiError(ErrorCode.INTERNAL_ERROR, "Internal server error"))

    _document_errors_as_json(app)
    app.add_exception_handler(ApiError, on_api_error)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(Exception, on_unexpected)
