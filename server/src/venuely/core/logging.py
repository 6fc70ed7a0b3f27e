"""Structured logging: one JSON object per line, or readable lines with `LOG_FORMAT=console`.

Fields passed through `extra=` become top-level keys, so operators can filter on them.
"""

from __future__ import annotations

import logging
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

import orjson

# Attributes every LogRecord has; anything else on a record came from `extra=`.
_STANDARD = frozenset(vars(logging.makeLogRecord({})).keys()) | {
    "message",
    "asctime",
    "taskName",
    "color_message",  # uvicorn's ANSI-coloured duplicate of msg
}


# The id of the HTTP request being handled (core/middleware.py sets it): every line logged while
# handling it carries it, so one request's lines can be found together, and a client that sent
# `X-Request-ID` (a proxy) can be matched with ours.
request_id: ContextVar[str | None] = ContextVar("request_id", default=None)


def _extras(record: logging.LogRecord) -> dict[str, Any]:
    extras = {k: v for k, v in vars(record).items() if k not in _STANDARD}
    current = request_id.get()
    if current is not None:
        extras.setdefault("request_id", current)
    return extras


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        entry.update(_extras(record))
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return orjson.dumps(entry, default=str).decode()


class ConsoleFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        extras = _extras(record)
        line = f"{record.levelname:<7} {record.name}: {record.getMessage()}"
        if extras:
            line += "  " + " ".join(f"{k}={v}" for k, v in extras.items())
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def configure_logging(level: str, fmt: str) -> None:
    """`fmt` is "json" or "console"; "auto" picks console on a terminal, JSON otherwise."""
    if fmt == "auto":
        fmt = "console" if sys.stderr.isatty() else "json"
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else ConsoleFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
