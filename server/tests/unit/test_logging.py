from __future__ import annotations

import logging

import orjson

from venuely.core.logging import JsonFormatter


def test_json_lines_carry_extra_fields_and_exceptions() -> None:
    record = logging.makeLogRecord(
        {"name": "venuely.test", "levelname": "INFO", "msg": "hello %s", "args": ("world",)}
    )
    record.path = "/api/v1/login"
    entry = orjson.loads(JsonFormatter().format(record))
    assert entry["msg"] == "hello world"
    assert entry["level"] == "info"
    assert entry["path"] == "/api/v1/login"
    assert "args" not in entry
