"""Treasure hunt rankings: order, ranks, keyset paging, accepted hunt ids, who may read."""

from __future__ import annotations

from datetime import timedelta

import httpx

from tests.factories import bearer, make_event, make_person, token_for
from venuely.activities.models import Activity
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event


async def _score(
    client: httpx.AsyncClient, services: Services, event: Event, first: str, score: str
) -> str:
    person = await make_person(services, event=event, first_name=first, last_name="Tester")
    headers = bearer(await token_for(services, person, event))
    response = await client.post(
        f"/events/{event.id}/attendees/{person.id}/pano-variables",
        headers=headers,
        json={"Var_User_Game_01": score, "Var_User_Firstname": first},
    )
    assert response.status_code == 200
    return person.id


async def test_order_ranks_and_keyset_paging(
    client: httpx.AsyncClient, services: Services, clock: FrozenClock
) -> None:
    hunt = new_id()
    event = await make_event(services, treasure_hunt_id=hunt)
    ids: dict[str, str] = {}
    # Same score reached at different times: the earlier one ranks higher.
    for name, score in (
        ("late", "30"),
        ("top", "50"),
        ("zero", "0"),
        ("text", "abc"),
        ("third", "10"),
    ):
        ids[name] = await _score(client, services, event, name, score)
        clock.advance(timedelta(seconds=1))
    ids["early"] = await _score(client, services, event, "early", "30")
    clock.advance(timedelta(seconds=1))
    viewer = await make_person(services, event=event)
    headers = bearer(await token_for(services, viewer, event))
    url = f"/events/{event.id}/treasure-hunts/{hunt}/rankings"

    everything = (await client.get(url, headers=headers)).json()
    assert [r["PersonID"] for r in everything] == [
        ids["top"],
        ids["late"],
        ids["early"],
        ids["third"],
    ]
    assert [r["Rank"] for r in everything] == [1, 2, 3, 4]
    assert everything[0]["FullName"] == "top Tester"
    assert everything[0]["Score"] == 50

    page1 = (await client.get(url, headers=headers, params={"Limit": 2})).json()
    assert [r["PersonID"] for r in page1] == [ids["top"], ids["late"]]
    last = page1[-1]
    page2 = (
        await client.get(
            url,
            headers=headers,
            params={
                "Limit": 2,
                "LastScore": last["Score"],
                "LastUpdatedAt": last["UpdatedAt"],
                "LastID": last["PersonID"],
            },
        )
    ).json()
    assert [r["PersonID"] for r in page2] == [ids["early"], ids["third"]]
    assert [r["Rank"] for r in page2] == [3, 4]
    last = page2[-1]
    page3 = await client.get(
        url,
        headers=headers,
        params={
            "LastScore": last["Score"],
            "LastUpdatedAt": last["UpdatedAt"],
            "LastID": last["PersonID"],
        },
    )
    assert page3.json() == []

    partial = await client.get(url, headers=headers, params={"LastScore": 30})
    assert partial.status_code == 422
    assert "LastUpdatedAt" in partial.json()["Error"]["Message"]
    assert (await client.get(url, headers=headers, params={"Limit": 201})).status_code == 422


async def test_hunt_ids_and_access(client: httpx.AsyncClient, services: Services) -> None:
    event = await make_event(services)
    other = await make_event(services)
    attendee = await make_person(services, event=event)
    headers = bearer(await token_for(services, attendee, event))
    await _score(client, services, event, "ada", "5")
    activity_id = new_id()
    now = services.clock.now()
    async with services.db.session() as session:
        session.add(
            Activity(
                id=activity_id,
                event_id=event.id,
                entity_type="TreasureHunt",
                internal_name="hunt",
                created_at=now,
                updated_at=now,
            )
        )
    by_activity = await client.get(
        f"/events/{event.id}/treasure-hunts/{activity_id}/rankings", headers=headers
    )
    assert by_activity.status_code == 200
    assert len(by_activity.json()) == 1
    unknown = await client.get(
        f"/events/{event.id}/treasure-hunts/{new_id()}/rankings", headers=headers
    )
    assert unknown.status_code == 404
    null_hunt = await client.get(
        f"/events/{event.id}/treasure-hunts/{'0' * 24}/rankings", headers=headers
    )
    assert null_hunt.status_code == 404
    url = f"/events/{event.id}/treasure-hunts/{activity_id}/rankings"
    assert (await client.get(url)).status_code == 401
    outsider = await make_person(services, event=other)
    outsider_headers = bearer(await token_for(services, outsider, other))
    assert (await client.get(url, headers=outsider_headers)).status_code == 403
