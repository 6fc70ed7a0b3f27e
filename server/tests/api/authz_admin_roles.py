"""The caller's own rights in the authorization matrix: `GET /events/{EventID}/my-rights`
(`authz_rows.py` adds `admin_roles_rows()` as the group `admin roles`).

Every member of the event asks it about themselves: attendees hold no role, event A's organizers
(full admins in the matrix's world) all four, which the content check pins. The limited admins of
each role are asked in `test_admin_roles_matrix.py` and `test_admin_roles.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.api.authz_rows import Row


def admin_roles_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import BodyCheck, Row, member

    rights = "/events/{%s}/my-rights"
    return [
        Row(
            "GET",
            rights % "A",
            member(),
            check=BodyCheck(('"moderation"',), frozenset({"att_a"})),
        ),
        # Event B: its own attendee and admins; A's members are outside it.
        Row("GET", rights % "B", (401, 403, 200, 403, 403, 200, 200)),
    ]
