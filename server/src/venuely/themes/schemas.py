"""Wire shapes for themes. The resolved theme is exactly what the web app reads
(attendee-app.md §3; web/src/features/themes/theme.ts): MainTheme, HeaderTheme, ChatTheme maps,
FontAssets {group: [{url, hash}]}, MediaAssets {name: {url, hash}}, EventID, login_box_x_offset.
"""

from __future__ import annotations

import math
import re
from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from venuely.core.ids import Id
from venuely.files.schemas import FileRef
from venuely.themes.defaults import LOGIN_BOX_KEY

HASH_PATTERN = r"^[0-9a-f]{64}$"
MEDIA_NAME_PATTERN = r"^[a-z][a-z0-9_]{0,63}$"
_KEY_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
# Characters that could end a CSS declaration or open markup; the web app drops such values,
# the server refuses them so an admin learns at once.
_UNSAFE_RE = re.compile(r"[;{}<>\\]")
_OFFSET_RE = re.compile(r"^\s*(-?\d{1,2}(?:\.\d+)?)\s*%?\s*$")

StyleValue = str | int | float | bool | None


def login_box_offset(value: str) -> str:
    match = _OFFSET_RE.match(value)
    if not match or not -50 <= float(match.group(1)) <= 50:
        raise ValueError("login_box_x_offset must be a percentage between -50% and 50%")
    return value.strip()


def style_map(value: dict[str, StyleValue]) -> dict[str, StyleValue]:
    for key, item in value.items():
        if not _KEY_RE.match(key):
            raise ValueError(f"key '{key[:64]}' must be 1-64 characters of A-Z, a-z, 0-9, _ and -")
        if isinstance(item, str):
            if len(item) > 500:
                raise ValueError(f"value of '{key}' is longer than 500 characters")
            if _UNSAFE_RE.search(item):
                raise ValueError(f"value of '{key}' contains one of ; {{ }} < > \\")
            if key == LOGIN_BOX_KEY:
                login_box_offset(item)
        elif isinstance(item, float) and not math.isfinite(item):  # NaN/inf are not JSON
            raise ValueError(f"value of '{key}' is not a number")
    return value


StyleMap = Annotated[dict[str, StyleValue], Field(max_length=300), AfterValidator(style_map)]
LoginBoxOffset = Annotated[str, Field(max_length=16), AfterValidator(login_box_offset)]


class RequestModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GlobalThemeIn(RequestModel):
    """`POST /events/themes/global`."""

    CustomerID: Id
    Name: Annotated[str, Field(min_length=1, max_length=200)]
    MainTheme: StyleMap = Field(default_factory=dict)
    HeaderTheme: StyleMap = Field(default_factory=dict)
    ChatTheme: StyleMap = Field(default_factory=dict)
    login_box_x_offset: LoginBoxOffset | None = None


class ResolvedTheme(BaseModel):
    """`GET /events/{EventID}/public/theme`: event over global over default."""

    EventID: str
    MainTheme: dict[str, Any]
    HeaderTheme: dict[str, Any]
    ChatTheme: dict[str, Any]
    FontAssets: dict[str, list[FileRef]]
    MediaAssets: dict[str, FileRef]
    login_box_x_offset: str | None


class ThemeOut(BaseModel):
    """One level as stored (admin views): only what was set at this level."""

    ThemeID: str
    Level: str
    Name: str
    CustomerID: str | None
    EventID: str | None
    BaseThemeID: str | None
    MainTheme: dict[str, Any]
    HeaderTheme: dict[str, Any]
    ChatTheme: dict[str, Any]
    FontAssets: dict[str, list[FileRef]]
    MediaAssets: dict[str, FileRef]
    login_box_x_offset: str | None
    UpdatedAt: datetime | None


class EventThemeOut(BaseModel):
    """`GET /events/{EventID}/theme`: the event's own level and what attendees get."""

    Theme: ThemeOut | None
    Resolved: ResolvedTheme
