"""Agenda and speakers per DayNumber: day 1 is the event's first day in its own time zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from tests.api.activities_support import World, build_world, create, iso, session_body
from venuely.core.services import Services

# The same four session starts (UTC) fall on different event days depending on the zone.
STARTS = {
    "a": datetime(2030, 3, 2, 10, 30, tzinfo=UTC),  # Auckland 23:30 Mar 2 · LA 02:30 Mar 2
    "b": datetime(2030, 3, 2, 11, 30, tzinfo=UTC),  # Auckland 00:30 Mar 3 · LA 03:30 Mar 2
    "c": datetime(2030, 3, 3, 7, 30, tzinfo=UTC),  # Auckland 20:30 Mar 3 · LA 23:30 Mar 2
    "d": datetime(2030, 3, 3, 8, 30, tzinfo=UTC),  # Auckland 21:30 Mar 3 · LA 00:30 Mar 3
}


async def _world(services: Services, zone: str, begin: datetime) -> World:
    return await build_world(
        services, time_zone=zone, date_begin=begin, date_end=begin + timedelta(days=5)
    )


async def _sessions(client: httpx.AsyncClient, world: World, services: Services) -> None:
    # Created out of order: the agenda sorts by begin time, not by creation.
    for name in ("d", "b", "c", "a"):
        start = STARTS[name]
        body = session_body(
            services.clock.now(),
            InternalName=name,
            DateBegin=iso(start),
            DateEnd=iso(start + timedelta(minutes=45)),
        )
        await create(client, world, "Session", body)


async def _day(client: httpx.AsyncClient, world: World, day: int) -> list[str]:
    response = await client.get(
        f"/events/{world.event_a.id}/lists/agenda",
        params={"DayNumber": day},
        headers=world.h("attendee_a"),
    )
    assert response.status_code == 200, response.text
    return [s["InternalName"] for s in response.json()]


@pytest.mark.parametrize(
    ("zone", "begin", "days"),
    [
        # Begins 09:00 Mar 2 local (NZDT, UTC+13): day 1 is Mar 2 in Auckland.
        ("Pacific/Auckland", datetime(2030, 3, 1, 20, 0, tzinfo=UTC), [["a"], ["b", "c", "d"]]),
        # Begins 22:00 Mar 1 local (PST, UTC-8) although it is already Mar 2 in UTC.
        ("America/Los_Angeles", datetime(2030, 3, 2, 6, 0, tzinfo=UTC), [[], ["a", "b", "c"]]),
    ],
)
async def test_day_numbers_follow_the_event_time_zone(
    client: httpx.AsyncClient,
    services: Services,
    zone: str,
    begin: datetime,
    days: list[list[str]],
) -> None:
    world = await _world(services, zone, begin)
    await _sessions(client, world, services)
    assert [await _day(client, world, n) for n in (1, 2)] == days
    if zone == "America/Los_Angeles":
        assert await _day(client, world, 3) == ["d"]
    assert await _day(client, world, 30) == []


async def test_day_number_is_required_and_positive(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    url = f"/events/{world.event_a.id}/lists/agenda"
    missing = await client.get(url, headers=world.h("attendee_a"))
    assert missing.json()["Error"]["Data"]["Parameters"] == ["DayNumber"]
    for bad in ("0", "-1", "first"):
        response = await client.get(url, params={"DayNumber": bad}, headers=world.h("attendee_a"))
        assert response.status_code == 422
        assert "DayNumber" in response.json()["Error"]["Message"]
    assert (await client.get(url, params={"DayNumber": 1})).status_code == 401
    foreign = await client.get(url, params={"DayNumber": 1}, headers=world.h("attendee_b"))
    assert foreign.status_code == 403


async def _link(
    client: httpx.AsyncClient, world: World, session_id: str, speaker_id: str, index: int
) -> None:
    response = await client.post(
        "/relations",
        json={
            "EventID": world.event_a.id,
            "ParentType": "Session",
            "ParentID": session_id,
            "RelationType": "Speaker",
            "ChildType": "Speaker",
            "ChildID": speaker_id,
            "SortFields": {"Index": index},
        },
        headers=world.h("admin_a"),
    )
    assert response.status_code == 201


async def test_agenda_carries_speakers_and_speakers_list_their_sessions(
    client: httpx.AsyncClient, services: Services
) -> None:
    begin = datetime(2030, 6, 1, 7, 0, tzinfo=UTC)
    world = await _world(services, "Europe/Berlin", begin)

    async def session_at(name: str, hours: int) -> dict[str, Any]:
        start = begin + timedelta(hours=hours)
        return await create(
            client,
            world,
            "Session",
            session_body(
                services.clock.now(),
                InternalName=name,
                DateBegin=iso(start),
                DateEnd=iso(start + timedelta(hours=1)),
            ),
        )

    talk = await session_at("talk", 2)
    panel = await session_at("panel", 4)
    tomorrow = await session_at("tomorrow", 26)
    zed = await create(client, world, "Speaker", {"FirstName": "Zed", "LastName": "Zulu"})
    amy = await create(client, world, "Speaker", {"FirstName": "Amy", "LastName": "Alpha"})
    bea = await create(client, world, "Speaker", {"FirstName": "Bea", "LastName": "Bravo"})
    await _link(client, world, talk["ID"], zed["ID"], 1)
    await _link(client, world, talk["ID"], amy["ID"], 2)
    await _link(client, world, panel["ID"], amy["ID"], 1)
    await _link(client, world, tomorrow["ID"], bea["ID"], 1)

    agenda = await client.get(
        f"/events/{world.event_a.id}/lists/agenda",
        params={"DayNumber": 1},
        headers=world.h("attendee_a"),
    )
    shown = [(s["InternalName"], [sp["FullName"] for sp in s["Speakers"]]) for s in agenda.json()]
    assert shown == [("talk", ["Zed Zulu", "Amy Alpha"]), ("panel", ["Amy Alpha"])]
    speakers = await client.get(
        f"/events/{world.event_a.id}/lists/speakers",
        params={"DayNumber": 1},
        headers=world.h("attendee_a"),
    )
    assert [(s["FullName"], s["SessionIDs"]) for s in speakers.json()] == [
        ("Amy Alpha", [talk["ID"], panel["ID"]]),
        ("Zed Zulu", [talk["ID"]]),
    ]
