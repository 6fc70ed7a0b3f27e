"""The treasure hunt in the authorization matrix: its objects (`treasurehunt_objects`, called by
`authz_world.build_world`) and its rows (`treasurehunt_rows()`, group `treasure hunt` of
`authz_rows.GROUPS`).

Keys: HUNT (event A's TreasureHunt activity, made by `_api_objects`) with items TH_ITEM and
TH_ITEM_DEL (the one a row deletes), HUNT_B (event B's) with TH_ITEM_B. Another attendee of A
(P2) found TH_ITEM and hid their name; their picture (`HIDDEN_PICTURE`) is what attendee A must
not read on the board, while organizers do (they award the prizes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import httpx
from sqlalchemy import update

from tests.factories import bearer, token_for
from venuely.accounts.models import Person
from venuely.core.services import Services
from venuely.events.models import Event

if TYPE_CHECKING:
    from tests.api.authz_rows import Row
    from tests.api.authz_world import World

HIDDEN_PICTURE = "https://pictures.example.org/hidden-player.png"


def _item(_: World | None = None) -> dict[str, Any]:
    return {"NodeID": "lobby", "Yaw": 12.5, "Pitch": -3.0, "Name": "Star", "Points": 20}


async def _created(response: httpx.Response) -> str:
    assert response.status_code == 201, f"{response.request.url}: {response.text}"
    return str(response.json()["ID"])


async def treasurehunt_objects(
    services: Services, client: httpx.AsyncClient, h: dict[str, str], ids: dict[str, str]
) -> None:
    ids["HUNT_B"] = await _created(
        await client.post(
            f"/events/{ids['B']}/activities",
            params={"EntityType": "TreasureHunt"},
            headers=h,
            json={"InternalName": "hunt-b", "Title": "Hunt B"},
        )
    )
    for key, event_key, hunt_key in (
        ("TH_ITEM", "A", "HUNT"),
        ("TH_ITEM_DEL", "A", "HUNT"),
        ("TH_ITEM_B", "B", "HUNT_B"),
    ):
        url = f"/events/{ids[event_key]}/treasure-hunts/{ids[hunt_key]}/items"
        ids[key] = await _created(await client.post(url, headers=h, json=_item()))
    async with services.db.session() as session:
        await session.execute(
            update(Person).where(Person.id == ids["P2"]).values(picture_url=HIDDEN_PICTURE)
        )
        player = await session.get(Person, ids["P2"])
        event = await session.get(Event, ids["A"])
    assert player is not None
    assert event is not None
    p2 = bearer(await token_for(services, player, event))
    hunt = f"/events/{ids['A']}/treasure-hunts/{ids['HUNT']}"
    found = await client.post(f"{hunt}/items/{ids['TH_ITEM']}/find", headers=p2)
    assert found.status_code == 201, found.text
    hidden = await client.put(f"{hunt}/me", headers=p2, json={"Hidden": True})
    assert hidden.status_code == 200, hidden.text


def treasurehunt_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import (
        FOREIGN_IN_A,
        Row,
        attendee_a_must_not_see,
        event_admin,
        member,
    )

    base = "/events/{A}/treasure-hunts"
    hunt = base + "/{HUNT}"
    return [
        Row("GET", base, member()),
        Row("GET", f"{hunt}/items", member()),
        Row("GET", f"{base}/{{ACT_B}}/items", FOREIGN_IN_A),
        # Before anyone below finds TH_ITEM: the board holds P2 alone, hidden from attendees.
        Row("GET", f"{hunt}/rankings", member(), check=attendee_a_must_not_see(HIDDEN_PICTURE)),
        Row("GET", f"{base}/{{ACT_B}}/rankings", FOREIGN_IN_A),
        Row("GET", f"{hunt}/rankings.csv", event_admin()),
        Row("GET", f"{base}/{{HUNT_B}}/rankings.csv", event_admin(404)),
        Row("POST", f"{hunt}/items", event_admin(201), _item),
        Row("POST", f"{base}/{{HUNT_B}}/items", event_admin(404), _item),
        Row("PUT", f"{hunt}/items/{{TH_ITEM}}", event_admin(), lambda w: {"Name": "Gold star"}),
        Row("PUT", f"{hunt}/items/{{TH_ITEM_B}}", event_admin(404), lambda w: {"Name": "X"}),
        # Every caller a different person: each finds it once.
        Row("POST", f"{hunt}/items/{{TH_ITEM}}/find", member(201)),
        Row("POST", f"{hunt}/items/{{TH_ITEM_B}}/find", FOREIGN_IN_A),
        Row("POST", f"{base}/{{HUNT_B}}/items/{{TH_ITEM_B}}/find", FOREIGN_IN_A),
        Row("GET", f"{hunt}/me", member()),
        Row("PUT", f"{hunt}/me", member(), lambda w: {"Hidden": True}),
        Row("GET", f"{base}/{{HUNT_B}}/me", FOREIGN_IN_A),
        Row("DELETE", f"{hunt}/items/{{TH_ITEM_B}}", event_admin(404)),
        Row("DELETE", f"{hunt}/items/{{TH_ITEM_DEL}}", event_admin(204), destructive=True),
    ]
