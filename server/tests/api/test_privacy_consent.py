"""Consent records: the attendee's own, per event; analytics reads them with one lookup."""

from __future__ import annotations

import httpx

from tests.factories import bearer, make_event, make_person, token_for
from venuely.core.services import Services
from venuely.privacy.consent import statistics_consented


async def test_consent_round_trip(services: Services, client: httpx.AsyncClient) -> None:
    event = await make_event(services)
    other_event = await make_event(services)
    person = await make_person(services, event=event)
    h = bearer(await token_for(services, person, event))
    url = f"/events/{event.id}/consent"

    first = await client.get(url, headers=h)
    assert first.status_code == 200
    assert first.json() == {"Functional": False, "Statistics": False, "UpdatedAt": None}
    saved = await client.put(url, json={"Functional": True, "Statistics": True}, headers=h)
    assert saved.status_code == 200, saved.text
    assert saved.json()["Statistics"] is True
    again = await client.put(url, json={"Functional": True, "Statistics": False}, headers=h)
    assert again.json()["Statistics"] is False
    read = await client.get(url, headers=h)
    assert read.json()["Functional"] is True
    assert read.json()["UpdatedAt"] is not None
    bad = await client.put(url, json={"Functional": "maybe"}, headers=h)
    assert bad.status_code == 422
    # A token for one event does not reach another event's record.
    foreign = await client.get(f"/events/{other_event.id}/consent", headers=h)
    assert foreign.status_code == 403

    await client.put(url, json={"Functional": False, "Statistics": True}, headers=h)
    async with services.db.session() as session:
        assert await statistics_consented(session, event.id, person.id) is True
        assert await statistics_consented(session, other_event.id, person.id) is False
