"""Attendee pano variables: round trip, who may read and write, validation, the score column."""

from __future__ import annotations

from datetime import timedelta

import httpx

from tests.factories import bearer, grant_admin, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.panoramas.models import AttendeePanoVars


def _url(event_id: str, person_id: str) -> str:
    return f"/events/{event_id}/attendees/{person_id}/pano-variables"


async def _row(services: Services, event_id: str, person_id: str) -> AttendeePanoVars | None:
    async with services.db.session() as session:
        return await session.get(AttendeePanoVars, (event_id, person_id))


async def test_round_trip_and_the_score_is_not_the_clients(
    client: httpx.AsyncClient, services: Services, clock: FrozenClock
) -> None:
    event = await make_event(services)
    ada = await make_person(services, event=event)
    headers = bearer(await token_for(services, ada, event))
    url = _url(event.id, ada.id)
    assert (await client.get(url, headers=headers)).json() == {}

    state = {"Var_User_Lang": "de", "Var_User_Game_01": "12", "Var_User_03": "x"}
    saved = await client.post(url, headers=headers, json=state)
    assert saved.status_code == 200, saved.text
    # The treasure hunt score is the server's (treasurehunt/): a save cannot set it, and the
    # map is stored without it while the server has none.
    kept = {"Var_User_Lang": "de", "Var_User_03": "x"}
    assert saved.json() == kept
    assert (await client.get(url, headers=headers)).json() == kept
    row = await _row(services, event.id, ada.id)
    assert row is not None
    assert row.game_score == 0
    first_saved = row.updated_at

    # The whole map replaces the old one.
    clock.advance(timedelta(minutes=1))
    await client.post(url, headers=headers, json={"Var_User_01": "y"})
    row = await _row(services, event.id, ada.id)
    assert row is not None
    assert row.state == {"Var_User_01": "y"}
    assert row.updated_at > first_saved
    assert row.game_score == 0


async def test_other_attendees_are_refused_and_admins_allowed(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    other_event = await make_event(services)
    ada = await make_person(services, event=event)
    bob = await make_person(services, event=event)
    bob_headers = bearer(await token_for(services, bob, event))
    url = _url(event.id, ada.id)

    assert (await client.get(url)).status_code == 401
    assert (await client.get(url, headers=bob_headers)).status_code == 403
    forged = await client.post(url, headers=bob_headers, json={"Var_User_Game_01": "999"})
    assert forged.status_code == 403
    assert await _row(services, event.id, ada.id) is None
    outsider = await make_person(services, event=other_event)
    outsider_headers = bearer(await token_for(services, outsider, other_event))
    assert (await client.get(url, headers=outsider_headers)).status_code == 403

    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.EVENT, event_id=event.id)
    admin_headers = bearer(await token_for(services, admin))
    written = await client.post(url, headers=admin_headers, json={"Var_User_01": "set by admin"})
    assert written.status_code == 200
    ada_headers = bearer(await token_for(services, ada, event))
    assert (await client.get(url, headers=ada_headers)).json() == {"Var_User_01": "set by admin"}
    nobody = await client.post(_url(event.id, new_id()), headers=admin_headers, json={})
    assert nobody.status_code == 404
    # Another event's attendee is no one here: nothing stored for them, nothing pushed to them.
    foreign = _url(event.id, outsider.id)
    for path in (foreign, foreign + "/sync"):
        refused = await client.post(path, headers=admin_headers, json={"Var_User_01": "x"})
        assert refused.status_code == 404, path
        assert refused.json()["Error"]["Code"] == "PERSON_NOT_FOUND"
    assert await _row(services, event.id, outsider.id) is None


async def test_validation_refuses_and_keeps_the_old_state(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    ada = await make_person(services, event=event)
    headers = bearer(await token_for(services, ada, event))
    url = _url(event.id, ada.id)
    await client.post(url, headers=headers, json={"Var_User_Lang": "en"})
    for bad in (
        {"Var_Unknown": "x"},
        {"Var_User_11": "x"},
        {"Var_User_01": 5},
        {"Var_User_01": "x" * 1001},
        ["Var_User_01"],
        "text",
    ):
        response = await client.post(url, headers=headers, json=bad)
        assert response.status_code == 422, bad
    assert (await client.get(url, headers=headers)).json() == {"Var_User_Lang": "en"}


async def test_sync_routes(client: httpx.AsyncClient, services: Services) -> None:
    event = await make_event(services)
    ada = await make_person(services, event=event)
    bob = await make_person(services, event=event)
    ada_headers = bearer(await token_for(services, ada, event))
    await client.post(_url(event.id, ada.id), headers=ada_headers, json={"Var_User_01": "a"})
    own = await client.post(_url(event.id, ada.id) + "/sync", headers=ada_headers)
    assert own.status_code == 200
    assert own.json() == {"Published": True, "Count": 1}
    bob_headers = bearer(await token_for(services, bob, event))
    foreign = await client.post(_url(event.id, ada.id) + "/sync", headers=bob_headers)
    assert foreign.status_code == 403
    everyone = f"/events/{event.id}/attendees/pano-variables/sync"
    assert (await client.post(everyone, headers=ada_headers)).status_code == 403
    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.EVENT, event_id=event.id)
    response = await client.post(everyone, headers=bearer(await token_for(services, admin)))
    assert response.json() == {"Published": True, "Count": 1}
