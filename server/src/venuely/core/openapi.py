"""Schemas the OpenAPI document needs where a route's type cannot say it: free JSON values and
binary downloads. An untyped `{}` tells a client nothing; these say what it may expect."""

from __future__ import annotations

from typing import Any

# Values (events, persons, activities) hold whatever JSON the client stored.
JSON_VALUE_SCHEMA: dict[str, Any] = {
    "description": "Any JSON value",
    "anyOf": [
        {"type": "object"},
        {"type": "array", "items": {}},
        {"type": "string"},
        {"type": "number"},
        {"type": "boolean"},
        {"type": "null"},
    ],
}

BINARY_SCHEMA: dict[str, Any] = {"type": "string", "format": "binary"}

# For `openapi_extra`: the body of a value-setting route.
JSON_VALUE_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {"application/json": {"schema": JSON_VALUE_SCHEMA}},
    }
}


def json_value_responses(description: str = "The value") -> dict[int | str, dict[str, Any]]:
    return {
        200: {
            "description": description,
            "content": {"application/json": {"schema": JSON_VALUE_SCHEMA}},
        }
    }


def binary_responses(*media_types: str, description: str) -> dict[int | str, dict[str, Any]]:
    return {
        200: {
            "description": description,
            "content": {media: {"schema": BINARY_SCHEMA} for media in media_types},
        }
    }
