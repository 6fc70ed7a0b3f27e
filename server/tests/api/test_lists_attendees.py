"""POST /lists/attendees: attendees among the asked ids, paged with the amv-cursor-pos header."""

from __future__ import annotations

import httpx

from tests.api.activities_support import World, build_world
from venuely.accounts.models import Person
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Attendee


async def _attendees(services: Services, world: World, count: int) -> list[str]:
    """Insert `count` attendees of event A in one transaction (hundreds of factory calls would
    dominate the test's run time)."""
    now = services.clock.now()
    ids = [new_id() for _ in range(count)]
    async with services.db.session() as session:
        session.add_all(
            Person(
                id=pid,
                login_email=f"p{pid}@example.com",
                email=f"p{pid}@example.com",
                first_name="Léa",
                last_name=f"Müller {i:03d}",
                created_at=now,
                updated_at=now,
            )
            for i, pid in enumerate(ids)
        )
        await session.flush()
        session.add_all(
            Attendee(event_id=world.event_a.id, person_id=pid, created_at=now) for pid in ids
        )
    return ids


async def test_pages_until_the_cursor_header_is_absent(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    ids = await _attendees(services, world, 230)
    ids.append(world.attendee_a.id)
    # Not attendees of A: B's attendee, an admin without attendance, an unknown id.
    asked = [*ids, world.attendee_b.id, world.admin_a.id, new_id(), ids[0]]
    url = f"/events/{world.event_a.id}/lists/attendees"
    seen: list[str] = []
    pages = 0
    params: dict[str, str] = {}
    while True:
        response = await client.post(url, params=params, json=asked, headers=world.h("attendee_a"))
        assert response.status_code == 200, response.text
        page = response.json()
        pages += 1
        seen.extend(a["PersonID"] for a in page)
        cursor = response.headers.get("amv-cursor-pos")
        if cursor is None:
            break
        assert len(page) == 100
        assert cursor == page[-1]["PersonID"]
        params = {"LastID": cursor}
    assert pages == 3
    assert seen == sorted(set(ids))
    first = (
        await client.post(url, json=[world.attendee_a.id], headers=world.h("attendee_a"))
    ).json()
    assert first == [
        {
            "PersonID": world.attendee_a.id,
            "FullName": "Ada Lovelace",
            "FirstName": "Ada",
            "LastName": "Lovelace",
            "PictureURL": "",
        }
    ]


async def test_exactly_one_page_has_no_cursor(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    ids = await _attendees(services, world, 99)
    response = await client.post(
        f"/events/{world.event_a.id}/lists/attendees",
        json=[*ids, world.attendee_a.id],
        headers=world.h("attendee_a"),
    )
    assert len(response.json()) == 100
    assert "amv-cursor-pos" not in response.headers


async def test_bad_requests(client: httpx.AsyncClient, services: Services) -> None:
    world = await build_world(services)
    url = f"/events/{world.event_a.id}/lists/attendees"
    headers = world.h("attendee_a")
    missing = await client.post(url, headers=headers)
    assert missing.status_code == 422
    assert missing.json()["Error"]["Code"] == "MISSING_PARAMETER"
    not_a_list = await client.post(url, json={"ids": []}, headers=headers)
    assert not_a_list.status_code == 422
    bad_id = await client.post(url, json=["robert'); drop table"], headers=headers)
    assert bad_id.status_code == 422
    bad_cursor = await client.post(url, params={"LastID": "zzz"}, json=[], headers=headers)
    assert "LastID" in bad_cursor.json()["Error"]["Message"]
    assert (await client.post(url, json=[])).status_code == 401
    assert (await client.post(url, json=[], headers=world.h("attendee_b"))).status_code == 403
    assert (await client.post(url, json=[], headers=headers)).json() == []
