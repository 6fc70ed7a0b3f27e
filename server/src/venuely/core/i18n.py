"""Languages the product speaks. Server-side text (mails) exists in each of them."""

from __future__ import annotations

from typing import Literal

Language = Literal["en", "de", "es", "fr", "it"]
LANGUAGES: tuple[Language, ...] = ("en", "de", "es", "fr", "it")
FALLBACK: Language = "en"


def normalize_language(value: str | None) -> Language:
    """Map `de-AT`, `FR`, `it_IT` to a supported language; anything else falls back to English."""
    code = (value or "").strip().lower().replace("_", "-").split("-", 1)[0]
    for language in LANGUAGES:
        if code == language:
            return language
    return FALLBACK
