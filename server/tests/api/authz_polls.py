"""The polls in the authorization matrix: their objects (`poll_objects`, called by
`authz_world.build_world`) and their rows (`poll_rows()`, group `polls` of `authz_rows.GROUPS`).

Keys: POLL (open, live results: every member votes in it), POLL_DRAFT (a draft: attendees are
told it does not exist), POLL_HIDDEN (open, results hidden from attendees), POLL_CLOSED (closed:
no ballots), POLL_B (an open poll of event B). `DM_ACT` (authz_world) is a poll of A without
question or options, which cannot open.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import httpx

if TYPE_CHECKING:
    from tests.api.authz_rows import Row


def poll_document(name: str, **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "InternalName": name,
        "Question": "Tea or coffee?",
        "Options": [{"ID": "a", "Text": "Tea"}, {"ID": "b", "Text": "Coffee"}],
        "IsActive": True,
    }
    body.update(overrides)
    return body


async def _made(response: httpx.Response) -> str:
    assert response.status_code in {200, 201}, f"{response.request.url}: {response.text}"
    return str(response.json()["ID"])


async def poll_objects(
    client: httpx.AsyncClient, h: dict[str, str], ids: dict[str, str], now: datetime
) -> None:
    """Made through the API as `h` (the master)."""
    a, b = f"/events/{ids['A']}/polls", f"/events/{ids['B']}/polls"
    for key, body in (
        ("POLL", poll_document("poll")),
        ("POLL_DRAFT", poll_document("draft", IsActive=False)),
        ("POLL_HIDDEN", poll_document("hidden", Results="hidden")),
        ("POLL_CLOSED", poll_document("closed")),
    ):
        ids[key] = await _made(await client.post(a, headers=h, json=body))
    await _made(await client.post(f"{a}/{ids['POLL_CLOSED']}/close", headers=h))
    ids["POLL_B"] = await _made(await client.post(b, headers=h, json=poll_document("b")))


def _vote(_: Any) -> dict[str, Any]:
    return {"OptionIDs": ["a"]}


def _edited(_: Any) -> dict[str, Any]:
    return poll_document("edited", Question="Tea, coffee or water?")


# Organizers of A see drafts; attendee A is told they do not exist.
DRAFT_OF_A = (401, 404, 403, 200, 200, 403, 200)


def poll_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import (
        FOREIGN_IN_A,
        Row,
        attendee_a_must_not_see,
        event_admin,
        member,
    )

    return [
        Row("GET", "/events/{A}/polls", member(), check=attendee_a_must_not_see("{POLL_DRAFT}")),
        Row("GET", "/events/{A}/polls?Node=hall&SessionID={ACT}", member()),
        Row("GET", "/events/{A}/polls/{POLL}", member()),
        Row("GET", "/events/{A}/polls/{POLL_DRAFT}", DRAFT_OF_A),
        # Attendees get no tally of a poll whose results are hidden; organizers do.
        Row(
            "GET",
            "/events/{A}/polls/{POLL_HIDDEN}",
            member(),
            check=attendee_a_must_not_see('"Counts"'),
        ),
        Row("GET", "/events/{A}/polls/{POLL_B}", FOREIGN_IN_A),
        # Every member votes once, in their own name.
        Row("PUT", "/events/{A}/polls/{POLL}/ballot", member(), _vote),
        Row(
            "PUT",
            "/events/{A}/polls/{POLL_DRAFT}/ballot",
            (401, 404, 403, 409, 409, 403, 409),
            _vote,
        ),
        Row("PUT", "/events/{A}/polls/{POLL_CLOSED}/ballot", member(409), _vote),
        Row("PUT", "/events/{A}/polls/{POLL_B}/ballot", FOREIGN_IN_A, _vote),
        Row("GET", "/events/{A}/polls/{POLL}/ballot", member()),
        Row("GET", "/events/{A}/polls/{POLL_B}/ballot", FOREIGN_IN_A),
        Row("GET", "/events/{A}/polls/{POLL}/results", member()),
        Row("GET", "/events/{A}/polls/{POLL_HIDDEN}/results", (401, 403, 403, 200, 200, 403, 200)),
        Row("GET", "/events/{A}/polls/{POLL_DRAFT}/results", DRAFT_OF_A),
        Row("GET", "/events/{A}/polls/{POLL_B}/results", FOREIGN_IN_A),
        Row("GET", "/events/{A}/polls/{POLL}/ballots.csv", event_admin()),
        Row("GET", "/events/{A}/polls/{POLL_B}/ballots.csv", event_admin(404)),
        Row("POST", "/events/{A}/polls", event_admin(201), _edited),
        Row("PUT", "/events/{A}/polls/{POLL}", event_admin(), _edited),
        Row("PUT", "/events/{A}/polls/{POLL_B}", event_admin(404), _edited),
        # Past the checks, a poll without question and options cannot open.
        Row("POST", "/events/{A}/polls/{DM_ACT}/open", event_admin(409)),
        Row("POST", "/events/{A}/polls/{POLL_B}/open", event_admin(404)),
        # A draft never opened, so it cannot close; then it opens (and stays open for the next).
        Row("POST", "/events/{A}/polls/{POLL_DRAFT}/close", event_admin(409)),
        Row("POST", "/events/{A}/polls/{POLL_DRAFT}/open", event_admin()),
        Row("POST", "/events/{A}/polls/{POLL_HIDDEN}/close", event_admin()),
        Row("POST", "/events/{A}/polls/{POLL_B}/close", event_admin(404)),
        Row("DELETE", "/events/{A}/polls/{POLL_B}", event_admin(404)),
        Row("DELETE", "/events/{A}/polls/{POLL_CLOSED}", event_admin(204), destructive=True),
    ]
