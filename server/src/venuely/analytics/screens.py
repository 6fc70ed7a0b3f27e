"""The closed list of screens the tracker may name, and the pattern of a `Place`.

A closed list keeps `analytics_counts` small and the dashboard readable: a free string would let
any client (or anyone with a token) mint a row per minute per string. Names come from
attendee-app.md §2 (the venue routes, the login group, the sidebar panels) and its line on usage
tracking (chat, agenda and agenda sessions, speakers and a speaker, cinema, replays, wall of
fame, logout), and from the web app's route table (web/src/app/routes.tsx). Clients send them
in snake_case; "-" is read as "_" and case is ignored, so a route path such as `sign-up` is
accepted as it is written.

Rooms and pages are many and the organizer's own (tour nodes, page slugs, pano scenes): they go
in `Place`, a short free string checked by `PLACE_PATTERN`, never in `Screen`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Kind(StrEnum):
    PAGE_VIEW = "page_view"
    USAGE = "usage"
    PING = "ping"


# Venue routes (§2 and routes.tsx), inside the venue frame.
_VENUE: Final = (
    "home",  # "/" before its redirect
    "start",
    "landing",
    "profile",
    "page",
    "iframe",
    "faq",
    "room",
    "central_plenary_01",
    "group_chat",
    "direct_chat",
    "direct_link",
    "auditorium",
    "breakoutroom",
    "cinema",
    "engagement",
    "helpdesk",
    "walloffame",
)
# The login group and the policy pages (§2 and routes.tsx).
_ACCOUNT: Final = (
    "login",
    "sso_complete",
    "sign_out",
    "password_reset",
    "password_confirmation",
    "sign_up",
    "forgot_password",
    "reset_link_sent",
    "verify_email",
    "access_denied",
    "cookie_consent",
    "privacy_policy",
    "imprint",
    "terms",
    "not_found",
)
# Screens named only through usage tracking (§2), and the sidebar panels it lists.
_USAGE: Final = (
    "chat",
    "agenda",
    "agenda_session",
    "speakers",
    "speaker",
    "replays",
    "logout",
    "leaderboard",
    "breakout_room",
    "poll",
    "media_info",
)

SCREENS: Final[frozenset[str]] = frozenset((*_VENUE, *_ACCOUNT, *_USAGE))

# A room id, page slug or pano scene name: letters of any script, digits and a few separators.
# No control characters, quotes or angle brackets: the value is shown in the console and
# exported as CSV.
PLACE_PATTERN: Final = r"^[\w][\w .:/@#()+,-]{0,99}$"


def screen_name(raw: str) -> str | None:
    """The listed screen `raw` names, or None."""
    name = raw.strip().lower().replace("-", "_")
    return name if name in SCREENS else None
