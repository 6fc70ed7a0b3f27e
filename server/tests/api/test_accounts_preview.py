"""Preview as attendee (`POST /events/{EventID}/preview`): an organizer's token that sees the
event exactly as an admitted attendee does, and only while they manage the event."""

from __future__ import annotations

from datetime import timedelta

import httpx
from sqlalchemy import delete

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.admins.models import Admin, AdminType
from venuely.core.services import Services


async def _world(services: Services) -> dict[str, str]:
    customer = await make_customer(services)
    # Restricted to a domain the organizer's address is not on: the preview must pass anyway.
    event = await make_event(services, customer, whitelist=["guests.example.com"])
    other = await make_event(services, customer)
    organizer = await make_person(services)
    grant = await grant_admin(
        services, organizer, AdminType.EVENT, event_id=event.id, customer_id=customer.id
    )
    attendee = await make_person(services, event=event, email="guest@guests.example.com")
    return {
        "event": event.id,
        "name": event.internal_name,
        "other": other.id,
        "grant": grant.id,
        "organizer": await token_for(services, organizer),
        "attendee": await token_for(services, attendee, event),
    }


async def _preview(client: httpx.AsyncClient, world: dict[str, str]) -> str:
    response = await client.post(
        f"/events/{world['event']}/preview", headers=bearer(world["organizer"])
    )
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["EventID"] == world["event"]
    assert body["InternalName"] == world["name"]
    token: str = body["Token"]
    return token


async def test_the_preview_sees_what_an_attendee_sees(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _world(services)
    token = await _preview(client, world)
    h = bearer(token)
    event = world["event"]
    assert (await client.get(f"/events/{event}/public", headers=h)).status_code == 200
    # No organizer rights through a preview token.
    assert (await client.get(f"/events/{event}", headers=h)).status_code == 403
    is_admin = await client.get(
        "/admins/getiseventorcustomerormasteradmin", params={"EventID": event}, headers=h
    )
    assert is_admin.json() is False
    # The attendee view of a session that starts tomorrow: no stream link.
    now = services.clock.now()
    made = await client.post(
        f"/events/{event}/activities",
        params={"EntityType": "Session"},
        headers=bearer(world["organizer"]),
        json={
            "InternalName": "tomorrow",
            "Title": "Tomorrow",
            "IsVirtual": True,
            "DateBegin": (now + timedelta(days=1)).isoformat(),
            "DateEnd": (now + timedelta(days=1, hours=1)).isoformat(),
            "ConferenceType": "Iframe",
            "ConferenceJoinURL": "https://stream.example.com/secret-token",
        },
    )
    assert made.status_code == 201, made.text
    seen = await client.get(f"/events/{event}/activities/{made.json()['ID']}", headers=h)
    assert seen.status_code == 200
    assert "secret-token" not in seen.text
    # A realtime ticket for the event, as the attendee app asks for one.
    assert (await client.post("/amvproto/authenticate", headers=h)).status_code == 200


async def test_the_preview_is_bound_to_its_event_and_ends_with_the_right(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _world(services)
    h = bearer(await _preview(client, world))
    assert (await client.get(f"/events/{world['other']}/public", headers=h)).status_code == 403
    async with services.db.session() as session:
        await session.execute(delete(Admin).where(Admin.id == world["grant"]))
    ended = await client.get(f"/events/{world['event']}/public", headers=h)
    assert ended.status_code == 403
    assert "preview has ended" in ended.json()["Error"]["Message"]
    ticket = await client.post("/amvproto/authenticate", headers=h)
    assert ticket.status_code == 403


async def test_only_the_event_s_organizers_get_a_preview(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _world(services)
    for token in (world["attendee"],):
        response = await client.post(f"/events/{world['event']}/preview", headers=bearer(token))
        assert response.status_code == 403
    stranger = await token_for(services, await make_person(services))
    refused = await client.post(f"/events/{world['event']}/preview", headers=bearer(stranger))
    assert refused.status_code == 403
    assert (await client.post(f"/events/{world['event']}/preview")).status_code == 401
