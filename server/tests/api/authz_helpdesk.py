"""The help desk in the authorization matrix: its objects (`helpdesk_objects`, called by
`authz_world.build_world`) and its rows (`helpdesk_rows()`, group `helpdesk` of
`authz_rows.GROUPS`).

Keys: TK (attendee A's ticket), TK_OTHER (another attendee's of A, P2's), TK_B (attendee B's, in
event B), and the support rooms of the first two, TK_ROOM and TK_OTHER_ROOM. Tickets are opened
through the API by their requesters, since who asked is what the rules look at. The event's
admins are its agents; attendee A is none (the named-agent rules have their own tests), so the
agents' actions answer attendee A 403 HELPDESK_NOT_AGENT, and another attendee's ticket 404.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import httpx

from tests.factories import bearer, token_for
from venuely.accounts.models import Person
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event

if TYPE_CHECKING:
    from tests.api.authz_rows import Row
    from tests.api.authz_world import World


async def helpdesk_objects(
    services: Services, client: httpx.AsyncClient, ids: dict[str, str]
) -> None:
    for key, person_key, event_key in (
        ("TK", "P", "A"),
        ("TK_OTHER", "P2", "A"),
        ("TK_B", "PB", "B"),
    ):
        async with services.db.session() as session:
            person = await session.get(Person, ids[person_key])
            event = await session.get(Event, ids[event_key])
        assert person is not None
        assert event is not None
        token = await token_for(services, person, event)
        response = await client.post(
            f"/events/{event.id}/helpdesk/tickets",
            headers=bearer(token),
            json={"Topic": f"Question {key}", "Text": "Where is the keynote?", "TmpID": key},
        )
        assert response.status_code == 201, response.text
        ids[key] = response.json()["ID"]
        ids[f"{key}_ROOM"] = response.json()["ChatroomID"]


def _ticket(_: World) -> dict[str, Any]:
    return {"Topic": "Lost my badge", "Text": "Where do I get a new one?", "TmpID": new_id()}


def _message(_: World) -> dict[str, Any]:
    return {"TmpID": new_id(), "Text": "Anyone there?"}


def helpdesk_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import FOREIGN_IN_A, Row, event_admin, member, private_room

    agents = event_admin
    # An agent's action on event B's ticket through A's path: A's attendee is no agent (403),
    # A's agents find no such ticket (404).
    agents_on_b = (401, 403, 403, 404, 404, 403, 404)
    base = "/events/{A}/helpdesk"
    return [
        Row("POST", f"{base}/tickets", member(201), _ticket),
        Row("GET", f"{base}/tickets/mine", member()),
        Row("GET", f"{base}/queue?View=new", agents()),
        Row("GET", f"{base}/me", member()),
        Row("GET", f"{base}/tickets/{{TK}}", member()),
        Row("GET", f"{base}/tickets/{{TK_OTHER}}", private_room()),
        Row("GET", f"{base}/tickets/{{TK_B}}", FOREIGN_IN_A),
        Row("POST", f"{base}/tickets/{{TK}}/claim", agents()),
        Row("POST", f"{base}/tickets/{{TK_OTHER}}/claim", agents()),
        Row("POST", f"{base}/tickets/{{TK_B}}/claim", agents_on_b),
        # Closing, then reopening (each caller after the first finds it so: idempotent 200).
        Row("POST", f"{base}/tickets/{{TK}}/close", member()),
        Row("POST", f"{base}/tickets/{{TK}}/reopen", member()),
        Row("POST", f"{base}/tickets/{{TK_OTHER}}/close", private_room()),
        Row("POST", f"{base}/tickets/{{TK_OTHER}}/reopen", private_room()),
        Row("POST", f"{base}/tickets/{{TK_B}}/close", FOREIGN_IN_A),
        Row("POST", f"{base}/tickets/{{TK_B}}/reopen", FOREIGN_IN_A),
        Row("GET", f"{base}/agents", event_admin()),
        Row("PUT", f"{base}/agents/{{P2}}", event_admin()),
        Row("PUT", f"{base}/agents/{{PB}}", event_admin(404)),
        Row("DELETE", f"{base}/agents/{{P2}}", event_admin(204)),
        # The conversation through chat: another attendee's is unknown to attendee A; agents
        # read it; they write only after claiming (TK_OTHER was claimed above by the admins).
        Row("GET", "/events/{A}/chat-rooms/{TK_OTHER_ROOM}/chat-messages", private_room()),
        Row("GET", "/events/{A}/chat-rooms/{TK_ROOM}/chat-messages", member()),
        Row("POST", "/events/{A}/chat-rooms/{TK_ROOM}/chat-messages", member(201), _message),
    ]
