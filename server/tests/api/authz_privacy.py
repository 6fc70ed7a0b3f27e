"""The personal data part of the authorization matrix (`authz_rows.py` adds `privacy_rows()` as
the group `privacy`): consent, export and erasure.

Attendee A is P; PB (attendee B) is no attendee of event A, so organizers of A find no such
attendee there. Deleting one's own account is asked with a wrong password: the 403
PASSWORD_INCORRECT proves the call got past the policy without erasing the caller."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.api.authz_rows import Row

# Organizers of A ask about someone who is not an attendee of A.
NOT_AN_ATTENDEE_OF_A = (401, 403, 403, 404, 404, 403, 404)


def privacy_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import Row, authenticated, event_admin, member

    def consent(_: Any) -> dict[str, bool]:
        return {"Functional": True, "Statistics": False}

    def wrong_password(_: Any) -> dict[str, str]:
        return {"Password": "not the password"}

    people = "/events/{A}/people"
    return [
        Row("GET", "/events/{A}/consent", member()),
        Row("PUT", "/events/{A}/consent", member(), consent),
        Row("GET", "/persons/me/data-export", authenticated()),
        Row("DELETE", "/persons/me", authenticated(403), wrong_password),
        Row("GET", people + "/{P}/data-export", event_admin()),
        Row("GET", people + "/{PB}/data-export", NOT_AN_ATTENDEE_OF_A),
        Row("DELETE", people + "/{PB}/data", NOT_AN_ATTENDEE_OF_A),
        Row("DELETE", people + "/{P}/data", event_admin(204), destructive=True),
    ]
