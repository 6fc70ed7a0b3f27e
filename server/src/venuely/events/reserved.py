"""Event internal names that can never be used: the first path segments the app routes itself.

An event is opened at `/{InternalName}` (attendee-app.md §2), so a name that is also a path of the
server (`/api`, `/realtime`, `/tours`, `/assets`, `/docs`) or of the web app's own routers
(`/manage` for the organizer console, `/policies`, `/cookie-consent`, ...) would make the event
unreachable, or worse, shadow the console. The web app reads this list
(`web/src/lib/generated/reserved-names.ts`, written by `reserved_ts.py`) to refuse such names as
the organizer types; tests check that every top-level path the server routes is in it.
"""

from __future__ import annotations

RESERVED_NAMES = frozenset(
    {
        # Server: the API, the realtime socket, tour files, built bundles, the API docs.
        "api",
        "realtime",
        "tours",
        "assets",
        "static",
        "docs",
        "health",
        # Probes (ops/health.py) and the metrics (ops/metrics.py).
        "healthz",
        "readyz",
        "metrics",
        # Web app: the organizer console and the site-level (no event) pages.
        "manage",
        "admin",
        "policies",
        "cookie-consent",
        "privacy",
        "terms",
        "imprint",
        # Account pages an event-less link might use.
        "login",
        "logout",
        "sign-out",
        "sso-complete",
        "password-reset",
        "password-confirmation",
    }
)
