"""The built-in default theme and the vocabulary of theme paths.

The stored default theme (edited by master admins) is layered over these values, so a fresh
install themes the web app sensibly and every key the web app reads has a value.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class SubThemeType(StrEnum):
    MAIN = "MainTheme"
    HEADER = "HeaderTheme"
    CHAT = "ChatTheme"


class ThemeComponent(StrEnum):
    """What `PUT .../theme/{ThemeComponent}/reset` can clear: a sub-theme, the fonts, the media
    assets, or everything."""

    MAIN = "MainTheme"
    HEADER = "HeaderTheme"
    CHAT = "ChatTheme"
    FONTS = "FontAssets"
    MEDIA = "MediaAssets"
    ALL = "All"


class FontGroup(StrEnum):
    REGULAR = "regular"
    MEDIUM = "medium"
    BOLD = "bold"
    ITALIC = "italic"
    BOLD_ITALIC = "bold_italic"
    LIGHT = "light"


COLUMNS: dict[SubThemeType, str] = {
    SubThemeType.MAIN: "main_theme",
    SubThemeType.HEADER: "header_theme",
    SubThemeType.CHAT: "chat_theme",
}

LOGIN_BOX_KEY = "login_box_x_offset"

# Keys the web app reads (web/src: --main-*, --header-*, --chat-* custom properties), with the
# same palette the web app falls back to, so a fresh install looks as designed.
BUILTIN: dict[SubThemeType, dict[str, Any]] = {
    SubThemeType.MAIN: {
        "primary_color": "#2b4c7e",
        "primary_text_color": "#ffffff",
        "text_color": "#1b2230",
        "background_color": "#f4f6fa",
        "box_background_color": "#ffffff",
        "box_background_alpha": "0.92",
        LOGIN_BOX_KEY: "0%",
    },
    SubThemeType.HEADER: {
        "background_color": "#e7ebf3",
        "background_alpha": "1",
        "text_color": "#1b2230",
    },
    SubThemeType.CHAT: {
        "background_color": "#ffffff",
        "text_color": "#1b2230",
        "own_message_background_color": "#e8ebfd",
        "other_message_background_color": "#f1f1f3",
    },
}
