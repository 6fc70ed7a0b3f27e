"""Attendee management in the authorization matrix (`authz_rows.py` adds `people_rows()` as the
group `people`): every route is event A's organizers' (`EventAdmin`, role `people`).

Keys of the chat world (`authz_world._chat`): P2 (another attendee of A) is removed and banned
and then restored, so the rows leave the world as they found it; PB (attendee of B) is no
attendee of A, so organizers of A get 404 past the checks. Imports send an address that is not
one (422, nothing stored or mailed); the reset mail goes to PB, which A's organizers cannot reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.api.authz_rows import Row


def people_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import Row, event_admin

    one = "/events/{A}/people/{%s}"
    return [
        Row("GET", "/events/{A}/people", event_admin()),
        Row("GET", "/events/{A}/people?State=invited&Search=x&Limit=5", event_admin()),
        Row("GET", "/events/{A}/people/export", event_admin()),
        Row(
            "POST",
            "/events/{A}/invitations",
            event_admin(422),
            lambda w: {"Emails": ["not-an-address"]},
        ),
        Row("DELETE", "/events/{A}/invitations/nobody@example.com", event_admin(404)),
        Row("PUT", (one % "P2") + "/removal", event_admin()),
        Row("DELETE", (one % "P2") + "/removal", event_admin()),
        Row("PUT", (one % "PB") + "/removal", event_admin(404)),
        Row("PUT", (one % "P2") + "/chat-ban", event_admin()),
        Row("DELETE", (one % "P2") + "/chat-ban", event_admin()),
        Row("DELETE", (one % "PB") + "/chat-ban", event_admin(404)),
        Row("POST", (one % "PB") + "/password-reset", event_admin(404)),
    ]
