"""Menu names and sidebar titles in each of the five languages.

The attendee app shows `Names[lang]`, then `NameDE` for German, then `Name`, then the English
name (web/src/features/venue/menu.ts `menuItemName`): a missing translation is not an empty
button but a name in another language. That is what this reports. `Name` counts as the English
name, `NameDE` as the German one. Sidebar titles fall back to the English title, then the
item's name; they are checked only on items that have any, since an item without them uses its
(already checked) name.
"""

from __future__ import annotations

from typing import Any

from venuely.events.models import MenuItem
from venuely.events.prepublish.codes import FindingCode
from venuely.events.prepublish.context import LANGUAGES, CheckContext, item_name
from venuely.events.prepublish.schemas import Finding, finding


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _localized(item: MenuItem, key: str) -> dict[str, str]:
    raw = item.document.get(key)
    return {lang: _text(raw.get(lang)) for lang in LANGUAGES} if isinstance(raw, dict) else {}


def missing_name_languages(item: MenuItem) -> list[str]:
    names = _localized(item, "Names")
    fallback = {"en": _text(item.document.get("Name")), "de": _text(item.document.get("NameDE"))}
    return [lang for lang in LANGUAGES if not (names.get(lang) or fallback.get(lang))]


def missing_sidebar_title_languages(item: MenuItem) -> list[str]:
    titles = _localized(item, "SidebarTitles")
    if not any(titles.values()):
        return []
    return [lang for lang in LANGUAGES if not titles.get(lang)]


async def check_names(ctx: CheckContext) -> list[Finding]:
    findings: list[Finding] = []
    for item in ctx.visible:
        name = item_name(item)
        if missing := missing_name_languages(item):
            findings.append(
                finding(
                    FindingCode.MENU_NAME_MISSING,
                    f"'{name}' has no name in: {', '.join(missing)}",
                    item.id,
                    MenuItemID=item.id,
                    Name=name,
                    Languages=missing,
                )
            )
        if missing := missing_sidebar_title_languages(item):
            findings.append(
                finding(
                    FindingCode.MENU_SIDEBAR_TITLE_MISSING,
                    f"'{name}' has no sidebar title in: {', '.join(missing)}",
                    item.id,
                    MenuItemID=item.id,
                    Name=name,
                    Languages=missing,
                )
            )
    return findings
