"""The socket ticket call (`POST /amvproto/authenticate`) reads its caller in one statement, as the
handshake does: every attendee asks for one on each (re)connect, all at once after a restart.
Its refusals are the authorization matrix's (`authz_rows.py`) and the handshake tests'."""

from __future__ import annotations

import httpx

from tests.factories import bearer, grant_admin, make_event, make_person, token_for
from tests.statements import counted_statements
from venuely.admins.models import AdminType
from venuely.app import create_app
from venuely.core.deps import get_session
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
    # One session compared with `=`: an expanding IN is rewritten at each execution.
    assert "auth_sessions.id IN" not in seen[0]
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


async def test_the_ticket_call_resolves_no_dependency_through_fastapi(services: Services) -> None:
    """A storm's tickets take the lean handler (`_TicketRoute`): FastAPI's dependency resolution
    never runs for them, so an override it would consult is never called."""
    event = await make_event(services)
    token = await token_for(services, await make_person(services, event=event), event)
    app = create_app(services=services)

    async def resolved() -> None:
        raise AssertionError("FastAPI resolved the ticket call's dependencies")

    app.dependency_overrides[get_session] = resolved
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test/api/v1") as api:
        response = await api.post(TICKET, headers=bearer(token))
        named = await api.post(TICKET, params={"EventID": event.id}, headers=bearer(token))
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    assert named.status_code == 200, named.text
    for answer in (response, named):
        grant = verify_ticket(services, answer.json())
        assert grant is not None
        assert grant.event_id == event.id


async def test_odd_event_ids_get_fastapis_own_refusal(
    services: Services, client: httpx.AsyncClient
) -> None:
    """What the lean handler does not take (a malformed or repeated `EventID`) goes through
    FastAPI's handler, so it is refused exactly as every other route refuses bad input."""
    event = await make_event(services)
    token = await token_for(services, await make_person(services, event=event), event)
    malformed = await client.post(TICKET + "?EventID=nope", headers=bearer(token))
    assert malformed.status_code == 422, malformed.text
    error = malformed.json()["Error"]
    assert error["Code"] == "VALIDATION_ERROR"
    assert error["Data"]["Problems"][0]["Name"] == "EventID"
    twice = await client.post(
        f"{TICKET}?EventID={event.id}&EventID={'0' * 23}1", headers=bearer(token)
    )
    # FastAPI reads the last of a repeated query parameter: here an event that does not exist.
    assert twice.status_code == 404, twice.text
