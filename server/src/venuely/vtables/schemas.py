"""Wire shapes of virtual tables and the Wall of Fame project rules (attendee-app.md §5)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import Id

NAME_PATTERN = r"^[A-Za-z0-9_.-]{1,100}$"
MAX_ROWS = 1000
MAX_ROW_BYTES = 16 * 1024
# Names with a meaning to the server (docs/subsystems/vfiles.md).
WALL_OF_FAME = "walloffame"
WALL_OF_FAME_TAGS = "walloffametags"

Row = dict[str, Any]


class VTableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Read-back fields a client may send again; ID must then match the path.
    ID: Id | None = None
    EventID: Any = None
    CreatedAt: Any = None
    UpdatedAt: Any = None
    VTableName: Annotated[str, Field(pattern=NAME_PATTERN)]
    Rows: list[Row] = Field(default_factory=list, max_length=MAX_ROWS)


class VTableOut(BaseModel):
    ID: str
    EventID: str | None
    VTableName: str
    Rows: list[Row]
    CreatedAt: datetime
    UpdatedAt: datetime


class CountOut(BaseModel):
    Count: int


class ProjectOut(BaseModel):
    ID: str
    Title: str
    Category: str
    Description: str
    Link: str
    PersonID: str | None
    CreatedAt: datetime
    UpdatedAt: datetime
    VFiles: list[dict[str, Any]] = Field(default_factory=list)


PROJECT_LIMITS = {"Title": 200, "Category": 100, "Description": 5000, "Link": 2000}
# The attendee app's own texts for the project form (attendee-app.md §5).
PROJECT_MESSAGES = {
    "Title": "Enter title",
    "Category": "Select category",
    "Description": "Enter description",
    "Link": "Provide a valid link",
}


def _is_http_url(value: str) -> bool:
    try:
        parts = urlsplit(value)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname) and " " not in value


def project_fields(row: Row, categories: list[str]) -> Row:
    """A Wall of Fame project row cleaned to its four fields, or 422 listing every problem with
    the form's message. Link is optional; when given it must be an http(s) URL. When the
    organizer configured categories (`walloffametags`), Category must be one of them."""
    problems: list[dict[str, str]] = []
    clean: Row = {}
    for name, limit in PROJECT_LIMITS.items():
        raw = row.get(name, "")
        value = raw.strip() if isinstance(raw, str) else None
        bad = value is None or len(value) > limit
        if value is not None and not bad:
            if name == "Link":
                bad = bool(value) and not _is_http_url(value)
            elif name == "Category" and categories:
                bad = value not in categories
            else:
                bad = not value
        if bad:
            problems.append({"Name": name, "Message": PROJECT_MESSAGES[name]})
        else:
            clean[name] = value
    if problems:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "; ".join(p["Message"] for p in problems),
            {"Problems": problems},
        )
    return clean
