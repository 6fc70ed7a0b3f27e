"""What the demo event contains: its title, logins and menu. Data only; `seed.py` writes it."""

from __future__ import annotations

from typing import Any

DEMO_INTERNAL_NAME = "demo"
DEMO_CUSTOMER_NAME = "Venuely Demo Organizers"
DEMO_TITLE = "Venuely Demo Conference"
DEMO_DESCRIPTION = (
    "A three-day showcase event: walk the venue, join the sessions, meet people in the chat."
)
DEMO_TIME_ZONE = "Europe/Berlin"

# Demo logins are printed by `make run`; the seed refuses to run in production.
ATTENDEE_EMAIL = "attendee@demo.venuely.example"
ATTENDEE_PASSWORD = "demo-attendee-pass"  # noqa: S105 - published demo login
ADMIN_EMAIL = "admin@demo.venuely.example"
ADMIN_PASSWORD = "demo-organizer-pass"  # noqa: S105 - published demo login
# The help desk's named agent (helpdesk/demo.py): answers from the attendee app's help desk page.
AGENT_EMAIL = "agent@demo.venuely.example"
AGENT_PASSWORD = "demo-agent-pass"  # noqa: S105 - published demo login
AGENT_NAME = ("Morgan", "Ellis (Help desk)")
# The platform's operator (a master admin): customers and event requests in the console.
MASTER_EMAIL = "master@demo.venuely.example"
MASTER_PASSWORD = "demo-master-pass"  # noqa: S105 - published demo login
MASTER_NAME = ("Sam", "Operator")
# A prospective organizer's request waiting in the console's Event requests screen.
EVENT_REQUEST = {
    "Title": "Open Source Community Summit",
    "InternalName": "oss-summit",
    "Description": "Two days of talks and workshops for open-source maintainers.",
    "TimeZone": "Europe/Berlin",
    "DefaultLanguage": "en",
    "Message": "We expect about 800 attendees and would like a venue with three stages.",
}


def _names(en: str, de: str, es: str, fr: str, it: str) -> dict[str, str]:
    return {"en": en, "de": de, "es": es, "fr": fr, "it": it}


def menu_items(public_url: str) -> list[dict[str, Any]]:
    """The demo's top and bottom navigation, one item of most menu Types (attendee-app.md §3)."""
    return [
        {
            "Position": "Top",
            "Index": 60,
            "Name": "Lobby",
            "NameDE": "Foyer",
            "Names": _names("Lobby", "Foyer", "Vestíbulo", "Hall d'accueil", "Atrio"),
            "Type": "Panorama",
            "Data": {"id": "lobby", "angle": 0},
        },
        {
            "Position": "Top",
            "Index": 50,
            "Name": "Auditorium",
            "NameDE": "Auditorium",
            "Names": _names("Auditorium", "Auditorium", "Auditorio", "Auditorium", "Auditorium"),
            "Type": "Panorama",
            "Data": {"id": "auditorium", "angle": 0},
        },
        {
            "Position": "Top",
            "Index": 40,
            "Name": "Expo",
            "NameDE": "Ausstellung",
            "Names": _names("Expo", "Ausstellung", "Exposición", "Exposition", "Esposizione"),
            "Type": "Panorama",
            "Data": {"id": "expo", "angle": 90},
        },
        {
            "Position": "Top",
            "Index": 30,
            "Name": "Agenda",
            "NameDE": "Programm",
            "Names": _names("Agenda", "Programm", "Agenda", "Programme", "Programma"),
            "SidebarTitles": _names("Agenda", "Programm", "Agenda", "Programme", "Programma"),
            "Type": "Module",
            "SidebarType": "Agenda",
            "IsSidebar": True,
            "Data": {"module": "agenda"},
        },
        {
            "Position": "Top",
            "Index": 20,
            "Name": "Chat",
            "NameDE": "Chat",
            "Names": _names("Chat", "Chat", "Chat", "Discussion", "Chat"),
            "SidebarTitles": _names("Chat", "Chat", "Chat", "Discussion", "Chat"),
            "Type": "Module",
            "SidebarType": "Chat",
            "IsSidebar": True,
            "Data": {"module": "chat"},
        },
        {
            "Position": "Top",
            "Index": 25,
            "Name": "Breakout rooms",
            "NameDE": "Breakout-Räume",
            "Names": _names(
                "Breakout rooms",
                "Breakout-Räume",
                "Salas de grupos",
                "Salles de groupe",
                "Stanze di gruppo",
            ),
            "SidebarTitles": _names(
                "Breakout rooms",
                "Breakout-Räume",
                "Salas de grupos",
                "Salles de groupe",
                "Stanze di gruppo",
            ),
            "Type": "Module",
            "Data": {"module": "breakoutroom"},
        },
        {
            "Position": "Top",
            "Index": 22,
            "Name": "Engagement",
            "NameDE": "Mitmachen",
            "Names": _names("Engagement", "Mitmachen", "Participa", "Participer", "Partecipa"),
            "Type": "Addon",
            "Data": {"module": "EngagementIsland"},
        },
        {
            "Position": "Bottom",
            "Index": 25,
            "Name": "Leaderboard",
            "NameDE": "Rangliste",
            "Names": _names(
                "Leaderboard", "Rangliste", "Clasificación", "Classement", "Classifica"
            ),
            "SidebarTitles": _names(
                "Leaderboard", "Rangliste", "Clasificación", "Classement", "Classifica"
            ),
            "Type": "Addon",
            "Data": {"module": "TreasureHunt"},
        },
        {
            "Position": "Bottom",
            "Index": 30,
            "Name": "FAQ",
            "NameDE": "FAQ",
            "Names": _names("FAQ", "FAQ", "Preguntas frecuentes", "FAQ", "Domande frequenti"),
            "Type": "Addon",
            "Data": {"module": "FAQ"},
        },
        {
            "Position": "Bottom",
            "Index": 20,
            "Name": "Help desk",
            "NameDE": "Hilfe",
            "Names": _names("Help desk", "Hilfe", "Ayuda", "Assistance", "Assistenza"),
            "Type": "Addon",
            "Data": {"module": "Helpdesk"},
        },
        {
            "Position": "Bottom",
            "Index": 10,
            "Name": "Privacy",
            "NameDE": "Datenschutz",
            "Names": _names("Privacy", "Datenschutz", "Privacidad", "Confidentialité", "Privacy"),
            "Type": "URL",
            "Data": {"mode": "Over page", "src": f"{public_url}/policies/privacy_policy"},
        },
    ]


# The photobooth (events/pages.py): an external service, so offline its popup cannot load — the
# settings show what an organizer configures and the engagement island offers it. The key is a
# placeholder; a real booth service shares its own with the organizer.
PHOTOBOOTH = {
    "Slug": "venuely-demo",
    "Domain": "photobooth.venuely.example",
    "GalleryDisplayMode": "grid",
    "GalleryQRCodeShow": True,
    "PanoID": "",
    "OnClickOpenPopup": True,
    "OnClickGoToPanorama": False,
    "ExpectPostMessage": False,
    "PostMessageText": "",
    "PostMessageDomain": "",
}
PHOTOBOOTH_KEY = "demo-booth-key"


# The event's landing page and FAQ (events/pages.py), shown at /landing, /faq and in the FAQ
# sidebar. Plain text with line breaks, as organizers write it in the console's Pages section.
LANDING_TITLE = "Welcome to the Venuely Demo Conference"
LANDING_TEXT = (
    "Four days about events that work as well online as on site.\n\n"
    "Walk the venue from the lobby: the auditorium has the live stage, the expo hall the "
    "partners. The agenda lists every session in your time zone; add the ones you want to "
    "My agenda and you are reminded five minutes before they start.\n\n"
    "Missed a talk? Its recording is under Media → Replays once it has ended."
)
FAQ_TITLE = "Frequently asked questions"
FAQ_TEXT = (
    "How do I watch a session?\n"
    "Go to the room it plays in (the agenda's Go there or Watch) and the stream starts on its "
    "screen. Sound is off at first: use Turn the sound on.\n\n"
    "Can I change the time zone?\n"
    "Yes: Profile → Time zone. Agenda, sessions and chat then show your times.\n\n"
    "Where are the recordings?\n"
    "Media → Replays, by day, as soon as a session has ended.\n\n"
    "Who do I ask for help?\n"
    "Write in the chat: the organizers read it all day."
)
