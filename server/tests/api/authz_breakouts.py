"""The breakout rooms in the authorization matrix: their objects (`breakout_objects`, called by
`authz_world.build_world`) and their rows (`breakout_rows()`, group `breakouts` of
`authz_rows.GROUPS`).

Keys: BR (an open room of A), BR_SHUT (a closed room of A), BR_DEL (a room of A the delete row
removes), BR_B (a room of event B). Every room's way into its call (`CALL_SECRET`) is for
organizers only: attendee A is in none of them. Nobody is inside any room (presence needs a
socket), so a move past the permission checks meets 409 BREAKOUT_NOT_PRESENT.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import httpx

if TYPE_CHECKING:
    from tests.api.authz_rows import Row
    from tests.api.authz_world import World

CALL_SECRET = "https://meet.jit.si/authz-secret-breakout"


def room_document(name: str, **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "InternalName": name,
        "Title": f"Room {name}",
        "Capacity": 5,
        "ConferenceType": "Jitsi",
        "ConferenceJoinURL": CALL_SECRET,
    }
    body.update(overrides)
    return body


async def _made(response: httpx.Response) -> str:
    assert response.status_code in {200, 201}, f"{response.request.url}: {response.text}"
    return str(response.json()["ID"])


async def breakout_objects(
    client: httpx.AsyncClient, h: dict[str, str], ids: dict[str, str], now: datetime
) -> None:
    """Made through the API as `h` (the master)."""
    a, b = f"/events/{ids['A']}/breakouts", f"/events/{ids['B']}/breakouts"
    for key in ("BR", "BR_SHUT", "BR_DEL"):
        ids[key] = await _made(await client.post(a, headers=h, json=room_document(key.lower())))
    await _made(await client.post(f"{a}/{ids['BR_SHUT']}/close", headers=h))
    ids["BR_B"] = await _made(await client.post(b, headers=h, json=room_document("b")))


def _edited(_: World) -> dict[str, Any]:
    return room_document("edited", Capacity=7)


def _move_p(world: World) -> dict[str, Any]:
    return {"PersonID": world.ids["P"]}


def _broadcast(_: World) -> dict[str, Any]:
    return {"Text": "Five minutes left"}


def breakout_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import FOREIGN_IN_A, Row, attendee_a_must_not_see, event_admin, member

    call_hidden = attendee_a_must_not_see(CALL_SECRET)
    return [
        Row("GET", "/events/{A}/breakouts", member(), check=call_hidden),
        Row("GET", "/events/{A}/breakouts/{BR}", member(), check=call_hidden),
        Row("GET", "/events/{A}/breakouts/{BR_B}", FOREIGN_IN_A),
        Row("POST", "/events/{A}/breakouts", event_admin(201), _edited),
        Row("PUT", "/events/{A}/breakouts/{BR}", event_admin(), _edited),
        Row("PUT", "/events/{A}/breakouts/{BR_B}", event_admin(404), _edited),
        # Opening a closed room, then closing it again (each caller after the first finds it so).
        Row("POST", "/events/{A}/breakouts/{BR_SHUT}/open", event_admin()),
        Row("POST", "/events/{A}/breakouts/{BR_SHUT}/close", event_admin()),
        Row("POST", "/events/{A}/breakouts/{BR_B}/open", event_admin(404)),
        Row("POST", "/events/{A}/breakouts/{BR_B}/close", event_admin(404)),
        Row("POST", "/events/{A}/breakouts/{BR}/move", event_admin(409), _move_p),
        Row("POST", "/events/{A}/breakouts/{BR_B}/move", event_admin(404), _move_p),
        Row("POST", "/events/{A}/breakouts/broadcast", event_admin(), _broadcast),
        Row("DELETE", "/events/{A}/breakouts/{BR_B}", event_admin(404)),
        Row("DELETE", "/events/{A}/breakouts/{BR_DEL}", event_admin(204), destructive=True),
    ]
