"""What the attendee app does with a menu item, as far as the checks need to know.

These tables mirror the web app: `moduleRoutes` and `menuItemRoute` in web/src/lib/routes.ts
(which items open a page: the rule `rootRedirect` applies to the default page), and
`moduleSidebars` plus the FAQ and photobooth cases of `moduleAction` in
web/src/features/venue/menu.ts (which module names do anything at all). Keep them in step.
"""

from __future__ import annotations

from venuely.events.menu import ADDON_MODULES
from venuely.events.models import MenuItem
from venuely.events.prepublish.context import data_text

# Module names that have a route of their own (lower-case, as the web app compares them).
PAGE_MODULES = frozenset(
    {
        "auditorium",
        "breakoutroom",
        "cinema",
        "engagementisland",
        "engagement",
        "helpdesk",
        "landing",
        "walloffame",
        "faq",
        "iframe",
    }
)
# Module names that open a sidebar panel or the photobooth instead.
PANEL_MODULES = frozenset(
    {
        "agenda",
        "speakers",
        "speaker",
        "chat",
        "leaderboard",
        "treasurehunt",
        "replays",
        "cinema",
        "breakoutroom",
        "polls",
        "poll",
        "photobooth",
        "faq",
    }
)
KNOWN_MODULES = PAGE_MODULES | PANEL_MODULES
ALLOWED_ADDONS = frozenset(module.lower() for module in ADDON_MODULES)
NODE_TYPES = frozenset({"Panorama", "VirtualLocation"})


def opens_page(item: MenuItem) -> bool:
    """Whether the item leads to a page of the venue (what `/` can redirect to)."""
    if item.type in NODE_TYPES:
        return bool(data_text(item, "id"))
    if item.type == "FullscreenIframe":
        return bool(data_text(item, "slug"))
    if item.type == "IFrame":
        return True
    if item.type in {"Module", "Addon"}:
        return data_text(item, "module").lower() in PAGE_MODULES
    return False
