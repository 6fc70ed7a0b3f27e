"""Text on its background in the event's resolved theme, against WCAG AA (4.5:1).

The pairs are where the web app paints a theme's text colour on a theme's background
(web/src/styles.css, app/frame/frame.css, features/chat/chat.css), each background on the
surface it sits on:

| text | background | which sits on |
|---|---|---|
| MainTheme.text_color | MainTheme.background_color (the page) | the browser's white canvas |
| MainTheme.text_color | MainTheme.box_background_color (boxes, cards, dialogs) | the page |
| MainTheme.primary_text_color | MainTheme.primary_color (buttons) | a box |
| HeaderTheme.text_color | HeaderTheme.background_color (header, menu) | the page |
| ChatTheme.text_color | ChatTheme.background_color (the chat) | the page |
| ChatTheme.text_color | ChatTheme.own_message_background_color | the chat |
| ChatTheme.text_color | ChatTheme.other_message_background_color | the chat |

The alpha rule is the web app's (features/themes/theme.ts): `X_background_alpha`, when a number
in 0..1, applies to `X_background_color` (replacing a hex colour's own alpha, multiplying any
other's). A value the web app would not emit (null, empty, a boolean) falls back to the built-in
default, as the stylesheet's fallbacks do. Translucent colours are composited over what they sit
on before the ratio is taken.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from venuely.events.prepublish.codes import FindingCode
from venuely.events.prepublish.context import CheckContext
from venuely.events.prepublish.contrast import (
    AA_NORMAL_TEXT,
    WHITE,
    Rgba,
    contrast_ratio,
    parse_color,
)
from venuely.events.prepublish.schemas import Finding, finding
from venuely.themes.defaults import BUILTIN, SubThemeType
from venuely.themes.service import resolve

_COLOR_SUFFIX = "background_color"
_ALPHA_SUFFIX = "background_alpha"


@dataclass(frozen=True, slots=True)
class Surface:
    theme: SubThemeType
    key: str
    over: Surface | None  # None: the browser's white canvas


_MAIN, _HEADER, _CHAT = SubThemeType.MAIN, SubThemeType.HEADER, SubThemeType.CHAT
PAGE = Surface(_MAIN, "background_color", None)
BOX = Surface(_MAIN, "box_background_color", PAGE)
BUTTON = Surface(_MAIN, "primary_color", BOX)
HEADER = Surface(_HEADER, "background_color", PAGE)
CHAT = Surface(_CHAT, "background_color", PAGE)
OWN_MESSAGE = Surface(_CHAT, "own_message_background_color", CHAT)
OTHER_MESSAGE = Surface(_CHAT, "other_message_background_color", CHAT)

# (sub-theme, text key, the surface it is painted on)
PAIRS: tuple[tuple[SubThemeType, str, Surface], ...] = (
    (_MAIN, "text_color", PAGE),
    (_MAIN, "text_color", BOX),
    (_MAIN, "primary_text_color", BUTTON),
    (_HEADER, "text_color", HEADER),
    (_CHAT, "text_color", CHAT),
    (_CHAT, "text_color", OWN_MESSAGE),
    (_CHAT, "text_color", OTHER_MESSAGE),
)


def web_alpha(value: Any) -> float | None:
    """`parseAlpha` of the web app: a number, or a numeric string, within 0..1."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return None
    if isinstance(value, int | float) and 0 <= value <= 1:
        return float(value)
    return None


class Palette:
    """The resolved theme's colours, read once each; remembers the unreadable ones."""

    def __init__(self, maps: dict[SubThemeType, dict[str, Any]]) -> None:
        self.maps = maps
        self.unreadable: dict[tuple[SubThemeType, str], str] = {}
        self._surfaces: dict[Surface, Rgba | None] = {}

    def color(self, theme: SubThemeType, key: str) -> Rgba | None:
        values = self.maps[theme]
        raw = values.get(key)
        if raw is None or raw == "" or isinstance(raw, bool):
            raw = BUILTIN[theme].get(key)
        parsed = parse_color(raw)
        if parsed is None:
            self.unreadable[(theme, key)] = str(raw)
            return None
        if key.endswith(_COLOR_SUFFIX):
            alpha = web_alpha(values.get(key[: -len(_COLOR_SUFFIX)] + _ALPHA_SUFFIX))
            if alpha is not None:
                hex_colour = isinstance(raw, str) and raw.strip().startswith("#")
                parsed = parsed.with_alpha(alpha if hex_colour else parsed.a * alpha)
        return parsed

    def surface(self, surface: Surface) -> Rgba | None:
        """The opaque colour a surface shows: its colour composited over what it sits on."""
        if surface not in self._surfaces:
            below = WHITE if surface.over is None else self.surface(surface.over)
            own = self.color(surface.theme, surface.key)
            self._surfaces[surface] = None if below is None or own is None else own.over(below)
        return self._surfaces[surface]


def contrast_findings(maps: dict[SubThemeType, dict[str, Any]]) -> list[Finding]:
    palette = Palette(maps)
    findings: list[Finding] = []
    for theme, text_key, surface in PAIRS:
        background = palette.surface(surface)
        text = palette.color(theme, text_key)
        if background is None or text is None:
            continue
        seen = text.over(background)
        ratio = contrast_ratio(seen, background)
        if ratio >= AA_NORMAL_TEXT:
            continue
        # Rounded down, so a ratio just below the bar never reads as 4.5.
        shown = math.floor(ratio * 100) / 100
        findings.append(
            finding(
                FindingCode.THEME_CONTRAST_LOW,
                f"{theme.value}.{text_key} ({seen.hex()}) on {surface.theme.value}.{surface.key} "
                f"({background.hex()}) has contrast {shown}:1, below {AA_NORMAL_TEXT}:1",
                theme.value,
                Theme=theme.value,
                TextKey=text_key,
                BackgroundKey=surface.key,
                Text=seen.hex(),
                Background=background.hex(),
                Ratio=shown,
                Required=AA_NORMAL_TEXT,
            )
        )
    findings += [
        finding(
            FindingCode.THEME_COLOR_UNREADABLE,
            f"{theme.value}.{key} is '{value}', not a colour the check can read",
            theme.value,
            Theme=theme.value,
            Key=key,
            Value=value,
        )
        for (theme, key), value in palette.unreadable.items()
    ]
    return findings


async def check_theme(ctx: CheckContext) -> list[Finding]:
    resolved = await resolve(ctx.session, ctx.event)
    return contrast_findings(
        {_MAIN: resolved.MainTheme, _HEADER: resolved.HeaderTheme, _CHAT: resolved.ChatTheme}
    )
