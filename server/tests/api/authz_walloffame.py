"""The Wall of Fame in the authorization matrix: its objects (`walloffame_objects`, called by
`authz_world.build_world`) and its rows (`walloffame_rows()`, group `walloffame` of
`authz_rows.GROUPS`).

Keys: WP (attendee A's project, pending, with the picture WP_PIC), WP_OTHER (another attendee's
of A, P2's, pending, with the picture WP_OTHER_PIC), WP_SHOWN (P2's, approved), WP_B (attendee
B's, in event B). Projects are submitted through the API by their authors, since who submitted
is what the rules look at; WP_SHOWN is approved by the master admin. Attendee A must find
WP_OTHER and its picture nowhere (404 where named, absent from every list), may read WP_SHOWN
but not change it (403). Decisions that would change the world for the next caller are asked
with a body or in a state that is refused past the permission checks (409, 422).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import httpx

from tests.api.walloffame_support import png
from tests.factories import bearer, token_for
from venuely.accounts.models import Person
from venuely.core.services import Services
from venuely.events.models import Event

if TYPE_CHECKING:
    from tests.api.authz_rows import Row
    from tests.api.authz_world import World

# The category the matrix's other project bodies use (authz_rows.PROJECT).
BODY = {"Title": "Ours", "Category": "Art", "Description": "A thing", "Link": ""}


async def walloffame_objects(
    services: Services, client: httpx.AsyncClient, master: dict[str, str], ids: dict[str, str]
) -> None:
    for key, person_key, event_key in (
        ("WP", "P", "A"),
        ("WP_OTHER", "P2", "A"),
        ("WP_SHOWN", "P2", "A"),
        ("WP_B", "PB", "B"),
    ):
        async with services.db.session() as session:
            person = await session.get(Person, ids[person_key])
            event = await session.get(Event, ids[event_key])
        assert person is not None
        assert event is not None
        h = bearer(await token_for(services, person, event))
        base = f"/events/{event.id}/walloffame/projects"
        made = await client.post(base, headers=h, json={**BODY, "Title": key})
        assert made.status_code == 201, made.text
        ids[key] = made.json()["ID"]
        if key in ("WP", "WP_OTHER"):
            files = {"file": ("p.png", png(), "image/png")}
            picture = await client.post(f"{base}/{ids[key]}/pictures", headers=h, files=files)
            assert picture.status_code == 201, picture.text
            ids[f"{key}_PIC"] = picture.json()["VFileID"]
    approved = await client.post(
        f"/events/{ids['A']}/walloffame/projects/{ids['WP_SHOWN']}/approve", headers=master
    )
    assert approved.status_code == 200, approved.text


def _project(_: World) -> dict[str, Any]:
    return BODY


def walloffame_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import (
        FOREIGN_IN_A,
        Row,
        attendee_a_must_not_see,
        event_admin,
        member,
        private_room,
    )
    from tests.api.authz_world import NOT_AN_UPLOAD

    # An organizer's step on event B's project through A's path: A's attendee is no organizer
    # (403), A's organizers find no such project (404).
    organizers_on_b = (401, 403, 403, 404, 404, 403, 404)
    hidden = attendee_a_must_not_see("{WP_OTHER}")
    base = "/events/{A}/walloffame"
    one = base + "/projects/{%s}"
    return [
        Row("GET", f"{base}/projects", member(), check=hidden),
        Row("GET", f"{base}/projects?State=pending", member(), check=hidden),
        Row("GET", f"{base}/projects?Mine=true", member()),
        Row("POST", f"{base}/projects", member(201), _project),
        Row("GET", one % "WP", member()),
        Row("GET", one % "WP_OTHER", private_room()),
        Row("GET", one % "WP_SHOWN", member()),
        Row("GET", one % "WP_B", FOREIGN_IN_A),
        Row("PUT", one % "WP", member(), _project),
        Row("PUT", one % "WP_OTHER", private_room(), _project),
        Row("PUT", one % "WP_SHOWN", event_admin(), _project),
        Row("PUT", one % "WP_B", FOREIGN_IN_A, _project),
        # Not an image: refused past the checks (415), nothing stored.
        Row("POST", (one % "WP") + "/pictures", member(415), upload=NOT_AN_UPLOAD),
        Row("POST", (one % "WP_OTHER") + "/pictures", private_room(415), upload=NOT_AN_UPLOAD),
        Row("POST", (one % "WP_SHOWN") + "/pictures", event_admin(415), upload=NOT_AN_UPLOAD),
        Row("POST", (one % "WP_B") + "/pictures", FOREIGN_IN_A, upload=NOT_AN_UPLOAD),
        # Approving an approved project, rejecting without a reason: refused past the policy.
        Row("POST", (one % "WP_SHOWN") + "/approve", event_admin(409)),
        Row("POST", (one % "WP_B") + "/approve", organizers_on_b),
        Row("POST", (one % "WP_OTHER") + "/reject", event_admin(422), lambda w: {"Reason": " "}),
        Row("POST", (one % "WP_B") + "/reject", organizers_on_b, lambda w: {"Reason": "No"}),
        Row("PUT", (one % "WP_SHOWN") + "/featured", event_admin(), lambda w: {"Featured": True}),
        Row(
            "PUT", (one % "WP_OTHER") + "/featured", event_admin(409), lambda w: {"Featured": True}
        ),
        Row("GET", f"{base}/settings", member()),
        Row("PUT", f"{base}/settings", event_admin(), lambda w: {"ReviewRequired": True}),
        Row("GET", f"{base}/categories", member()),
        Row("PUT", f"{base}/categories", event_admin(), lambda w: ["Art", "Science"]),
        # Through the older paths: the hidden project and its picture are nowhere for
        # attendee A.
        Row("GET", "/events/{A}/vtables?VTableName=walloffame", member(), check=hidden),
        Row("GET", "/events/{A}/vfiles/walloffame", member(), check=hidden),
        Row(
            "GET",
            "/events/{A}/vfiles?EntityType=WallOfFame",
            member(),
            check=attendee_a_must_not_see("{WP_OTHER_PIC}"),
        ),
        Row("GET", "/events/{A}/vfiles/{WP_OTHER_PIC}", private_room()),
        Row("GET", "/events/{A}/vfiles/{WP_OTHER_PIC}/file", private_room()),
        # Removing: a picture of the project named, then the projects themselves.
        Row("DELETE", (one % "WP_OTHER") + "/pictures/{WP_PIC}", FOREIGN_IN_A),
        Row("DELETE", (one % "WP") + "/pictures/{WP_PIC}", member(204), destructive=True),
        Row("DELETE", one % "WP_B", FOREIGN_IN_A),
        Row("DELETE", one % "WP", member(204), destructive=True),
        Row("DELETE", one % "WP_OTHER", private_room(204), destructive=True),
        Row("DELETE", one % "WP_SHOWN", event_admin(204), destructive=True),
    ]
