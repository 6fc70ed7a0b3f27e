"""The Q&A part of the authorization matrix: its world objects (`authz_world.py` calls
`qna_objects`) and its rows (`authz_rows.py` adds `qna_rows()` as the group `qna`).

Keys: SESS_B (a session of event B), and questions in A's running session ACT: Q_OWN (attendee
A's, visible), Q_OTHER (P2's, visible), Q_PENDING (P2's, waiting for approval: attendee A must
not learn it exists), and Q_B (attendee B's, in SESS_B). Questions are stored straight into the
database, since their asker matters.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import httpx

from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.qna.models import Question, Status

if TYPE_CHECKING:
    from tests.api.authz_rows import Row

FLAGS = {"QnaEnabled": True, "QnaModerated": False, "ReactionsEnabled": True}


async def qna_objects(
    services: Services,
    client: httpx.AsyncClient,
    h: dict[str, str],
    ids: dict[str, str],
    now: datetime,
) -> None:
    body = {
        "InternalName": "b-talk",
        "DateBegin": (now - timedelta(minutes=5)).isoformat(),
        "DateEnd": (now + timedelta(hours=1)).isoformat(),
    }
    created = await client.post(
        f"/events/{ids['B']}/activities", params={"EntityType": "Session"}, headers=h, json=body
    )
    assert created.status_code == 201, created.text
    ids["SESS_B"] = str(created.json()["ID"])
    async with services.db.session() as session:
        for key, event, activity, person, status in (
            ("Q_OWN", "A", "ACT", "P", Status.VISIBLE),
            ("Q_OTHER", "A", "ACT", "P2", Status.VISIBLE),
            ("Q_PENDING", "A", "ACT", "P2", Status.PENDING),
            ("Q_B", "B", "SESS_B", "PB", Status.VISIBLE),
        ):
            ids[key] = new_id()
            session.add(
                Question(
                    id=ids[key],
                    event_id=ids[event],
                    session_id=ids[activity],
                    person_id=ids[person],
                    text=f"{key} text",
                    anonymous=False,
                    status=status.value,
                    answered=False,
                    pinned=False,
                    votes=0,
                    created_at=now,
                    updated_at=now,
                )
            )


def qna_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import (
        FOREIGN_IN_A,
        Row,
        attendee_a_must_not_see,
        event_admin,
        member,
    )

    on_a = "/events/{A}/sessions/{ACT}"
    on_b = "/events/{A}/sessions/{SESS_B}"

    def flags(_: Any) -> dict[str, bool]:
        return FLAGS

    return [
        # Attendees list the visible questions and their own; P2's pending one is not theirs.
        Row("GET", on_a + "/questions", member(), check=attendee_a_must_not_see("{Q_PENDING}")),
        Row("GET", on_b + "/questions", FOREIGN_IN_A),
        # A poll of B named as a session: not a session of A either.
        Row("GET", "/events/{A}/sessions/{ACT_B}/questions", FOREIGN_IN_A),
        Row("POST", on_a + "/questions", member(201), lambda w: {"Text": "Is this on?"}),
        Row("POST", on_b + "/questions", FOREIGN_IN_A, lambda w: {"Text": "Is this on?"}),
        Row("PUT", on_a + "/questions/{Q_OTHER}/vote", member()),
        # Only the public board is voted on: a pending question is not found, for organizers too.
        Row("PUT", on_a + "/questions/{Q_PENDING}/vote", (401, 404, 403, 404, 404, 403, 404)),
        Row("PUT", on_a + "/questions/{Q_B}/vote", FOREIGN_IN_A),
        Row("PUT", on_b + "/questions/{Q_B}/vote", FOREIGN_IN_A),
        Row("DELETE", on_a + "/questions/{Q_OTHER}/vote", member()),
        Row("DELETE", on_a + "/questions/{Q_PENDING}/vote", (401, 404, 403, 200, 200, 403, 200)),
        Row("DELETE", on_b + "/questions/{Q_B}/vote", FOREIGN_IN_A),
        Row("PATCH", on_a + "/questions/{Q_OTHER}", event_admin(), lambda w: {"Answered": True}),
        Row("PATCH", on_a + "/questions/{Q_PENDING}", event_admin(), lambda w: {"Answered": True}),
        Row("PATCH", on_b + "/questions/{Q_B}", event_admin(404), lambda w: {"Answered": True}),
        Row("GET", on_a + "/questions.csv", event_admin()),
        Row("GET", on_b + "/questions.csv", event_admin(404)),
        Row("PUT", on_a + "/interaction", event_admin(), flags),
        Row("PUT", on_b + "/interaction", event_admin(404), flags),
        # Deleting: the author, or an organizer; another attendee's pending one does not exist.
        Row("DELETE", on_b + "/questions/{Q_B}", FOREIGN_IN_A),
        Row("DELETE", on_a + "/questions/{Q_OWN}", member(204), destructive=True),
        Row(
            "DELETE",
            on_a + "/questions/{Q_OTHER}",
            (401, 403, 403, 204, 204, 403, 204),
            destructive=True,
        ),
        Row(
            "DELETE",
            on_a + "/questions/{Q_PENDING}",
            (401, 404, 403, 204, 204, 403, 204),
            destructive=True,
        ),
    ]
