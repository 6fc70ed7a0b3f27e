"""Chat's people routes in the authorization matrix: a person's own mutes and blocks, and
invitations into a group (`authz_rows.py` adds `chat_people_rows()` as the group `chat people`).

They use the chat world's keys (`authz_world._chat`): P (attendee A), P2 and P3 (other
attendees of A, members of the group GROUP that P2 made), PB (attendee of B), ROOM and ROOM_B
(the broadcast rooms of A and B). Everyone's list is their own, so each caller allowed meets
their own list: the PUT of P2 gives each of them a mute the DELETE then removes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.api.authz_rows import Row


def chat_people_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import FOREIGN_IN_A, Row, member, private_room

    mutes = "/events/{A}/chat-mutes"
    invite = "/events/{A}/activities/chatrooms/{%s}/attendees"
    return [
        Row("GET", mutes, member()),
        Row("PUT", f"{mutes}/{{P2}}", member(), lambda w: {"Blocked": False}),
        # Oneself: attendee A gets past the checks into the rule; for admins P is another person.
        Row("PUT", f"{mutes}/{{P}}", (401, 422, 403, 200, 200, 403, 200), lambda w: {}),
        # Event B's attendee is no attendee of A: not found, for every member of A.
        Row("PUT", f"{mutes}/{{PB}}", FOREIGN_IN_A, lambda w: {"Blocked": True}),
        Row("DELETE", f"{mutes}/{{P2}}", member(204)),
        Row("DELETE", f"{mutes}/{{P3}}", member(404)),
        # P3 is a member already: the organizers get past every check and change nothing.
        Row("POST", invite % "GROUP", private_room(), lambda w: {"PersonIDs": [w.ids["P3"]]}),
        # The broadcast room takes no invitations: its members may not ask, organizers learn 409.
        Row(
            "POST",
            invite % "ROOM",
            (401, 403, 403, 409, 409, 403, 409),
            lambda w: {"PersonIDs": [w.ids["P3"]]},
        ),
        Row("POST", invite % "ROOM_B", FOREIGN_IN_A, lambda w: {"PersonIDs": [w.ids["P3"]]}),
    ]
