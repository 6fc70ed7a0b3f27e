"""The socket ticket call (`POST /amvproto/authenticate`) reads its caller in one statement, as the
handshake does: every attendee asks for one on each (re)connect, all at once after a restart.
Its refusals are the authorization matrix's (`authz_rows.py`) and the handshake tests'."""

from __future__ import annotations

import httpx

from tests.factories import bearer, grant_admin, make_event, make_person, token_for
from tests.statements import counted_statements
from venuely.admins.models import AdminType
from venuely.core.ids import NULL_ID
from venuely.core.services import Services
from venuely.realtime.tickets import verify_ticket

TICKET = "/amvproto/authenticate"


async def test_an_attendees_ticket_costs_one_statement(
    services: Services, client: httpx.AsyncClient
) -> None:
    event = await make_event(services)
    person = await make_person(services, event=event)
    token = await token_for(services, person, event)
    with counted_statements(services) as seen:
        response = await client.post(TICKET, headers=bearer(token))
    assert response.status_code == 200, response.text
    assert len(seen) == 1
    grant = verify_ticket(services, response.json())
    assert grant is not None
    assert grant.event_id == event.id


async def test_an_organizer_names_the_event_or_gets_a_ticket_outside_any(
    services: Services, client: httpx.AsyncClient
) -> None:
    event = await make_event(services)
    admin = await make_person(services)
    await grant_admin(
        services, admin, AdminType.EVENT, customer_id=event.customer_id, event_id=event.id
    )
    token = await token_for(services, admin)
    for query, expected in ((f"?EventID={event.id}", event.id), ("", NULL_ID)):
        response = await client.post(TICKET + query, headers=bearer(token))
        assert response.status_code == 200, response.text
        grant = verify_ticket(services, response.json())
        assert grant is not None
        assert grant.event_id == expected
