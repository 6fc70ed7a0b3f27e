"""Wire shapes for themes. The resolved theme is exactly what the web app reads
(attendee-app.md §3; web/src/features/themes/theme.ts): MainTheme, HeaderTheme, ChatTheme maps,
FontAssets {group: [{url, hash}]}, MediaAssets {name: {url, hash}}, EventID, login_box_x_offset.
"""

from __future__ import annotations

import math
import re
from datetime import datetime
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WrapValidator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

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


def _entry_problem(key: str, item: StyleValue) -> str | None:
    """Why one entry of a style map is refused, or None."""
    if not _KEY_RE.match(key):
        return "the key must be 1-64 characters of A-Z, a-z, 0-9, _ and -"
    if isinstance(item, str):
        if len(item) > 500:
            return "the value is longer than 500 characters"
        if _UNSAFE_RE.search(item):
            return "the value contains one of ; { } < > \\"
        if key == LOGIN_BOX_KEY:
            try:
                login_box_offset(item)
            except ValueError as error:
                return str(error)
    elif isinstance(item, float) and not math.isfinite(item):  # NaN/inf are not JSON
        return "the value is not a number"
    return None


def style_map(value: Any, handler: ValidatorFunctionWrapHandler) -> dict[str, StyleValue]:
    """The shape first (a map of strings, numbers, booleans or null; at most 300), then each
    entry, every refused one located at its key: the error's `Problems[].Name` is the key, so a
    form can show the refusal beside the field it came from."""
    checked: dict[str, StyleValue] = handler(value)
    problems: list[InitErrorDetails] = []
    for key, item in checked.items():
        problem = _entry_problem(key, item)
        if problem is not None:
            problems.append(
                {
                    "type": PydanticCustomError("style_value", problem),
                    "loc": (key[:64],),
                    "input": item,
                }
            )
    if problems:
        raise ValidationError.from_exception_data("StyleMap", problems)
    return checked


StyleMap = Annotated[dict[str, StyleValue], Field(max_length=300), WrapValidator(style_map)]
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
