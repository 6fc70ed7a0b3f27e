"""Restricted events (`IsRestricted`): only the whitelist admits attendees, so an empty whitelist
admits none; the event's admins still get in. Unrestricted events keep "empty means open"."""

from __future__ import annotations

import httpx
import pytest

from tests.api.accounts_support import login, register
from tests.factories import (
    DEFAULT_PASSWORD,
    bearer,
    grant_admin,
    make_event,
    make_person,
    token_for,
)
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.events.whitelist_sync import refused_attendees

LOGIN_OK, NOT_ATTENDEE = 7, 12


async def reason(client: httpx.AsyncClient, event_id: str, email: str) -> int:
    response = await login(client, event_id, email, DEFAULT_PASSWORD)
    assert response.status_code == 200, response.text
    value: int = response.json()["Reason"]
    return value


@pytest.mark.parametrize(
    ("restricted", "whitelist", "expected"),
    [
        (False, [], LOGIN_OK),
        (True, [], NOT_ATTENDEE),
        (True, ["example.com"], LOGIN_OK),
        (True, ["other.org"], NOT_ATTENDEE),
    ],
)
async def test_login_follows_the_restriction(
    client: httpx.AsyncClient,
    services: Services,
    restricted: bool,
    whitelist: list[str],
    expected: int,
) -> None:
    event = await make_event(services, whitelist=whitelist, is_restricted=restricted)
    await make_person(services, "ada@example.com")
    assert await reason(client, event.id, "ada@example.com") == expected


async def test_admins_enter_a_restricted_event_with_an_empty_whitelist(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services, is_restricted=True)
    admin = await make_person(services, "organizer@example.com")
    await grant_admin(services, admin, AdminType.EVENT, event_id=event.id)
    assert await reason(client, event.id, "organizer@example.com") == LOGIN_OK
    public = await client.get(
        f"/events/{event.id}/public", headers=bearer(await token_for(services, admin))
    )
    assert public.status_code == 200


async def test_restricting_shuts_out_attendees_already_in(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    attendee = await make_person(services, event=event)
    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.EVENT, event_id=event.id)
    as_attendee = bearer(await token_for(services, attendee, event))
    as_admin = bearer(await token_for(services, admin))
    assert (await client.get(f"/events/{event.id}/public", headers=as_attendee)).status_code == 200
    response = await client.put(
        f"/events/{event.id}", json={"IsRestricted": True}, headers=as_admin
    )
    assert response.status_code == 200, response.text
    assert response.json()["IsRestricted"] is True
    assert (await client.get(f"/events/{event.id}", headers=as_admin)).json()["IsRestricted"]
    refused = await client.get(f"/events/{event.id}/public", headers=as_attendee)
    assert refused.status_code == 401
    assert refused.json()["Error"]["Code"] == "NOT_WHITELISTED"
    async with services.db.session() as session:
        stored = await session.get(Event, event.id)
        assert stored is not None
        # Whose sockets the change closes (tests/realtime/test_restricted_events.py).
        assert await refused_attendees(session, stored) == [attendee.id]
    # Whitelisting them lets them back in.
    await client.put(
        f"/events/{event.id}/email-whitelist",
        json={"Entries": [attendee.login_email]},
        headers=as_admin,
    )
    assert (await client.get(f"/events/{event.id}/public", headers=as_attendee)).status_code == 200


async def test_registration_is_refused_by_a_restricted_empty_whitelist(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services, is_restricted=True)
    answer = await register(client, event.id, "newcomer@example.com")
    assert answer["Reason"] == NOT_ATTENDEE


async def test_is_restricted_must_be_a_boolean(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.EVENT, event_id=event.id)
    response = await client.put(
        f"/events/{event.id}",
        json={"IsRestricted": "sometimes"},
        headers=bearer(await token_for(services, admin)),
    )
    assert response.status_code == 422
    assert "IsRestricted" in response.text
