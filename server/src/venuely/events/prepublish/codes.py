"""Every finding the pre-publish check can report, declared once.

Each `FindingCode` carries its `FindingSpec`: how bad it is, the console screen that fixes it, the
`Params` a finding of that code always carries (ids and names the web app builds its translated
message from) and a one-line summary for the docs. The web app gets the same table as
`web/src/lib/generated/prepublish-codes.ts` (`python -m venuely.events.prepublish.codes_ts`, run by
`make codegen`, checked by a test).

To add a code: one line below, a check that reports it, a test that sees it, a row in
docs/subsystems/events.md, then regenerate the TypeScript file.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, auto
from typing import Any, Self


class Severity(StrEnum):
    # Attendees would meet something broken: listing the event is refused.
    ERROR = "error"
    # Likely a mistake, but the event works: reported, never blocking.
    WARNING = "warning"
    # Something the check could not verify, or worth knowing.
    INFO = "info"


class FixScreen(StrEnum):
    """The organizer console's screens a finding links to."""

    SETTINGS = "settings"
    ACCESS = "access"
    NAVIGATION = "navigation"
    THEME = "theme"
    PAGES = "pages"
    VENUE = "venue"
    AGENDA = "agenda"


@dataclass(frozen=True, slots=True)
class FindingSpec:
    severity: Severity
    screen: FixScreen
    params: tuple[str, ...]
    summary: str


_E, _W, _I = Severity.ERROR, Severity.WARNING, Severity.INFO
_ITEM = ("MenuItemID", "Name")
_EMBED = ("MenuItemID", "Name", "URL")


class FindingCode(StrEnum):
    spec: FindingSpec

    @staticmethod
    def _generate_next_value_(name: str, start: int, count: int, last_values: list[Any]) -> str:
        return name  # the wire spelling is the member's name

    def __new__(cls, value: str, spec: FindingSpec | None = None) -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        if spec is not None:
            member.spec = spec
        return member

    @property
    def severity(self) -> Severity:
        return self.spec.severity

    # -- settings ----------------------------------------------------------------------------------
    DATES_INVERTED = (
        auto(),
        FindingSpec(
            _E,
            FixScreen.SETTINGS,
            ("DateBeginUTC", "DateEndUTC"),
            "The event ends before (or when) it begins.",
        ),
    )
    # -- the default page --------------------------------------------------------------------------
    DEFAULT_PAGE_MISSING = (
        auto(),
        FindingSpec(
            _W,
            FixScreen.NAVIGATION,
            (),
            "No default page: attendees land on the start page.",
        ),
    )
    DEFAULT_PAGE_NOT_FOUND = (
        auto(),
        FindingSpec(
            _E,
            FixScreen.NAVIGATION,
            ("MenuItemID",),
            "The default page names a menu item that does not exist.",
        ),
    )
    DEFAULT_PAGE_HIDDEN = (
        auto(),
        FindingSpec(
            _E,
            FixScreen.NAVIGATION,
            _ITEM,
            "The default page is a hidden menu item, which attendees never receive.",
        ),
    )
    DEFAULT_PAGE_NOT_A_PAGE = (
        auto(),
        FindingSpec(
            _W,
            FixScreen.NAVIGATION,
            (*_ITEM, "Type"),
            "The default page is an item that opens no page (a link, a script, a sidebar).",
        ),
    )
    # -- menu targets ------------------------------------------------------------------------------
    MENU_NODE_MISSING = (
        auto(),
        FindingSpec(
            _E,
            FixScreen.NAVIGATION,
            (*_ITEM, "NodeID", "Reason"),
            "A menu item leads to a tour node the event's tour does not have.",
        ),
    )
    MENU_NODE_UNVERIFIED = (
        auto(),
        FindingSpec(
            _I,
            FixScreen.VENUE,
            (*_ITEM, "NodeID", "Reason"),
            "A menu item names a tour node, but the event's tour is not a stored tour version "
            "the server can read.",
        ),
    )
    MENU_PAGE_MISSING = (
        auto(),
        FindingSpec(
            _E,
            FixScreen.NAVIGATION,
            (*_ITEM, "Slug"),
            "A menu script navigates to /page/{slug}, but no visible FullscreenIframe item "
            "defines that slug.",
        ),
    )
    MENU_ADDON_NOT_ALLOWED = (
        auto(),
        FindingSpec(
            _E,
            FixScreen.NAVIGATION,
            (*_ITEM, "Module"),
            "An Addon item names a module outside the Addon list; attendees see it disabled.",
        ),
    )
    MENU_MODULE_UNKNOWN = (
        auto(),
        FindingSpec(
            _W,
            FixScreen.NAVIGATION,
            (*_ITEM, "Module"),
            "A Module item names a module the attendee app cannot open.",
        ),
    )
    # -- names -------------------------------------------------------------------------------------
    MENU_NAME_MISSING = (
        auto(),
        FindingSpec(
            _W,
            FixScreen.NAVIGATION,
            (*_ITEM, "Languages"),
            "A menu item has no name in some of the five languages.",
        ),
    )
    MENU_SIDEBAR_TITLE_MISSING = (
        auto(),
        FindingSpec(
            _W,
            FixScreen.NAVIGATION,
            (*_ITEM, "Languages"),
            "A menu item has sidebar titles, but not in all five languages.",
        ),
    )
    # -- embeds ------------------------------------------------------------------------------------
    EMBED_NOT_HTTPS = (
        auto(),
        FindingSpec(
            _E,
            FixScreen.NAVIGATION,
            _EMBED,
            "An embedded page is not served over HTTPS; browsers block it on an HTTPS event.",
        ),
    )
    EMBED_FRAMING_REFUSED = (
        auto(),
        FindingSpec(
            _E,
            FixScreen.NAVIGATION,
            (*_EMBED, "Header"),
            "An embedded page refuses to be framed by the event (X-Frame-Options or CSP "
            "frame-ancestors).",
        ),
    )
    EMBED_UNREACHABLE = (
        auto(),
        FindingSpec(
            _W,
            FixScreen.NAVIGATION,
            (*_EMBED, "Reason"),
            "An embedded page could not be fetched (no answer, an error status, a timeout).",
        ),
    )
    EMBED_UNVERIFIED = (
        auto(),
        FindingSpec(
            _I,
            FixScreen.NAVIGATION,
            (*_EMBED, "Reason"),
            "An embedded page was not checked: the server may not fetch it (outbound rules) or "
            "the check's limit of embeds was reached.",
        ),
    )
    # -- theme -------------------------------------------------------------------------------------
    THEME_CONTRAST_LOW = (
        auto(),
        FindingSpec(
            _W,
            FixScreen.THEME,
            ("Theme", "TextKey", "BackgroundKey", "Text", "Background", "Ratio", "Required"),
            "A text colour on its background is below WCAG AA contrast (4.5:1).",
        ),
    )
    THEME_COLOR_UNREADABLE = (
        auto(),
        FindingSpec(
            _I,
            FixScreen.THEME,
            ("Theme", "Key", "Value"),
            "A theme colour is not one the check can read, so its contrast was not checked.",
        ),
    )
    # -- agenda ------------------------------------------------------------------------------------
    SESSIONS_OVERLAP = (
        auto(),
        FindingSpec(
            _W,
            FixScreen.AGENDA,
            ("ScreenID", "SessionID", "SessionTitle", "OtherSessionID", "OtherSessionTitle"),
            "Two virtual sessions play on the same screen at the same time.",
        ),
    )
    # -- access ------------------------------------------------------------------------------------
    WHITELIST_EMPTY_RESTRICTED = (
        auto(),
        FindingSpec(
            _E,
            FixScreen.ACCESS,
            (),
            "The event is restricted but its whitelist is empty: no attendee can get in.",
        ),
    )
    WHITELIST_OPEN = (
        auto(),
        FindingSpec(
            _I,
            FixScreen.ACCESS,
            (),
            "The event is not restricted and has no whitelist: anyone may register and enter.",
        ),
    )
