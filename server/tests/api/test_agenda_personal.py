"""The personal agenda (`/events/{EventID}/agenda/personal`): a person's own saved sessions of one
event, kept on the server, each listed with its speakers and the agenda day it falls on in the
event's time zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.activities_support import World, build_world, create, session_body
from tests.api.agenda_support import add, personal, personal_url, remove, session_at, speaker_of
from tests.factories import bearer, make_person, token_for
from venuely.agenda.models import AgendaEntry
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.core.services import Services

BEGIN = datetime(2030, 6, 1, 7, 0, tzinfo=UTC)  # 09:00 in Berlin (CEST)


async def _berlin(services: Services) -> World:
    return await build_world(
        services,
        time_zone="Europe/Berlin",
        date_begin=BEGIN,
        date_end=BEGIN + timedelta(days=3),
    )


async def test_add_keep_first_added_list_and_remove(
    client: httpx.AsyncClient, services: Services, clock: FrozenClock
) -> None:
    world = await _berlin(services)
    # Created later-first: the agenda is ordered by begin time, not by when it was saved.
    late = await session_at(client, world, services, "late", BEGIN + timedelta(days=1, hours=2))
    early = await session_at(client, world, services, "early", BEGIN + timedelta(hours=1))
    await speaker_of(client, world, late["ID"], FirstName="Amy", LastName="Alpha")
    first_added = clock.now()

    created = await client.put(personal_url(world, late["ID"]), headers=world.h("attendee_a"))
    assert created.status_code == 201, created.text
    assert created.json() == {
        "SessionID": late["ID"],
        "AddedAt": first_added.isoformat().replace("+00:00", "Z"),
    }
    clock.advance(timedelta(minutes=5))
    again = await client.put(personal_url(world, late["ID"]), headers=world.h("attendee_a"))
    assert again.status_code == 200, again.text
    assert again.json() == created.json()  # one entry, and the first time it was saved
    assert await add(client, world, "attendee_a", early["ID"]) == 201

    rows = await personal(client, world, "attendee_a")
    assert [r["ID"] for r in rows] == [early["ID"], late["ID"]]
    assert [r["DayNumber"] for r in rows] == [1, 2]
    assert [[sp["FullName"] for sp in r["Speakers"]] for r in rows] == [[], ["Amy Alpha"]]
    assert rows[1]["AddedAt"] == created.json()["AddedAt"]
    assert rows[0]["AddedAt"] == clock.now().isoformat().replace("+00:00", "Z")
    assert rows[0]["Title"] == "Early"

    gone = await client.delete(personal_url(world, late["ID"]), headers=world.h("attendee_a"))
    assert gone.status_code == 204
    assert [r["ID"] for r in await personal(client, world, "attendee_a")] == [early["ID"]]
    # Removing what is not there is not an error: a second tab may have removed it first.
    await remove(client, world, "attendee_a", late["ID"])
    assert [r["ID"] for r in await personal(client, world, "attendee_a")] == [early["ID"]]


async def test_stream_fields_follow_the_stream_rule(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _berlin(services)
    later = await session_at(client, world, services, "later", BEGIN + timedelta(hours=3))
    await add(client, world, "attendee_a", later["ID"])
    await add(client, world, "admin_a", later["ID"])
    # The saved list must not hand out a join URL before the session plays.
    [as_attendee] = await personal(client, world, "attendee_a")
    assert "ConferenceJoinURL" not in as_attendee
    [as_admin] = await personal(client, world, "admin_a")
    assert as_admin["ConferenceJoinURL"] == "https://stream.example.com/live?room=1"


async def test_each_person_sees_only_their_own_agenda(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _berlin(services)
    other = await make_person(services, event=world.event_a)
    world.headers["other_a"] = bearer(await token_for(services, other, world.event_a))
    mine = await session_at(client, world, services, "mine", BEGIN + timedelta(hours=1))
    theirs = await session_at(client, world, services, "theirs", BEGIN + timedelta(hours=2))

    await add(client, world, "attendee_a", mine["ID"])
    assert await personal(client, world, "other_a") == []
    await add(client, world, "other_a", theirs["ID"])
    assert [r["ID"] for r in await personal(client, world, "attendee_a")] == [mine["ID"]]
    assert [r["ID"] for r in await personal(client, world, "other_a")] == [theirs["ID"]]
    # Removing from one's own agenda leaves the other person's entry of that session alone.
    await add(client, world, "attendee_a", theirs["ID"])
    await remove(client, world, "other_a", theirs["ID"])
    assert [r["ID"] for r in await personal(client, world, "attendee_a")] == [
        mine["ID"],
        theirs["ID"],
    ]

    assert (await client.get(personal_url(world))).status_code == 401
    foreign = await client.get(personal_url(world), headers=world.h("attendee_b"))
    assert foreign.status_code == 403
    write = await client.put(personal_url(world, mine["ID"]), headers=world.h("attendee_b"))
    assert write.status_code == 403


async def test_only_sessions_of_the_event_can_be_saved(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _berlin(services)
    session = await session_at(client, world, services, "talk", BEGIN + timedelta(hours=1))
    body = session_body(services.clock.now(), InternalName="b-talk")
    elsewhere = await create(client, world, "Session", body, event=world.event_b)
    speaker = await speaker_of(client, world, session["ID"], FirstName="Amy", LastName="Alpha")

    for wrong in (elsewhere["ID"], speaker["ID"], new_id()):
        for method in ("PUT", "DELETE"):
            response = await client.request(
                method, personal_url(world, wrong), headers=world.h("attendee_a")
            )
            assert response.status_code == 404, (method, wrong, response.text)
            error = response.json()["Error"]
            assert error["Code"] == "ACTIVITY_NOT_FOUND"
            assert error["Data"] == {"ActivityID": wrong, "EventID": world.event_a.id}
    malformed = await client.put(personal_url(world, "not-an-id"), headers=world.h("attendee_a"))
    assert malformed.status_code == 422
    assert await personal(client, world, "attendee_a") == []


async def test_deleting_a_session_removes_it_from_every_agenda(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _berlin(services)
    doomed = await session_at(client, world, services, "doomed", BEGIN + timedelta(hours=1))
    kept = await session_at(client, world, services, "kept", BEGIN + timedelta(hours=2))
    for who in ("attendee_a", "admin_a"):
        await add(client, world, who, doomed["ID"])
        await add(client, world, who, kept["ID"])

    response = await client.delete(
        f"/events/{world.event_a.id}/activities/{doomed['ID']}", headers=world.h("admin_a")
    )
    assert response.status_code == 204, response.text
    for who in ("attendee_a", "admin_a"):
        assert [r["ID"] for r in await personal(client, world, who)] == [kept["ID"]]
    async with services.db.session() as db:
        left = await db.scalar(
            select(func.count())
            .select_from(AgendaEntry)
            .where(AgendaEntry.session_id == doomed["ID"])
        )
    assert left == 0


# The last Sunday of March 2030 is the 31st: Berlin moves from CET (UTC+1) to CEST (UTC+2) at
# 02:00 local. The event's first local day is 30 March; it begins 00:15 local, which is still
# 29 March in UTC, so counting days in UTC would shift every day by one.
DST_BEGIN = datetime(2030, 3, 29, 23, 15, tzinfo=UTC)
DST_SESSIONS = {
    # name: (start in UTC, the local time it is, the DayNumber expected)
    "eve": (datetime(2030, 3, 29, 22, 30, tzinfo=UTC), "23:30 Mar 29 CET", 0),
    "first-late": (datetime(2030, 3, 30, 22, 30, tzinfo=UTC), "23:30 Mar 30 CET", 1),
    "second-early": (datetime(2030, 3, 30, 23, 30, tzinfo=UTC), "00:30 Mar 31 CET", 2),
    "second-late": (datetime(2030, 3, 31, 21, 30, tzinfo=UTC), "23:30 Mar 31 CEST", 2),
    # With the zone's winter offset kept (UTC+1) this would still be 23:30 on day 2.
    "third-early": (datetime(2030, 3, 31, 22, 30, tzinfo=UTC), "00:30 Apr 1 CEST", 3),
}


async def test_day_numbers_at_local_midnight_and_across_dst(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(
        services,
        time_zone="Europe/Berlin",
        date_begin=DST_BEGIN,
        date_end=DST_BEGIN + timedelta(days=4),
    )
    # Saved in reverse order: the list comes back by begin time all the same.
    for name, (start, _, _) in reversed(DST_SESSIONS.items()):
        made = await session_at(client, world, services, name, start, minutes=30)
        await add(client, world, "attendee_a", made["ID"])

    rows = await personal(client, world, "attendee_a")
    assert [(r["InternalName"], r["DayNumber"]) for r in rows] == [
        (name, day) for name, (_, _, day) in DST_SESSIONS.items()
    ]
    # The personal agenda names the day the event's agenda lists the session on.
    for day in (1, 2, 3):
        listed = await client.get(
            f"/events/{world.event_a.id}/lists/agenda",
            params={"DayNumber": day},
            headers=world.h("attendee_a"),
        )
        assert [s["InternalName"] for s in listed.json()] == [
            r["InternalName"] for r in rows if r["DayNumber"] == day
        ]


@pytest.mark.parametrize(
    ("zone", "start", "day"),
    [
        # 09:00 Mar 2 in Auckland (UTC+13) is the event's first local day ...
        ("Pacific/Auckland", datetime(2030, 3, 1, 20, 0, tzinfo=UTC), 1),
        # ... and 13:00 UTC the same day is already 02:00 Mar 3 there.
        ("Pacific/Auckland", datetime(2030, 3, 2, 13, 0, tzinfo=UTC), 2),
        # In Los Angeles (UTC-8) 06:00 UTC Mar 3 is still 22:00 Mar 2: day 1.
        ("America/Los_Angeles", datetime(2030, 3, 3, 6, 0, tzinfo=UTC), 1),
        ("America/Los_Angeles", datetime(2030, 3, 3, 8, 0, tzinfo=UTC), 2),
    ],
)
async def test_day_number_counts_in_the_event_zone(
    client: httpx.AsyncClient, services: Services, zone: str, start: datetime, day: int
) -> None:
    # The event begins 09:00 local on 2 March in either zone.
    offsets = {"Pacific/Auckland": -13, "America/Los_Angeles": 8}
    begin = datetime(2030, 3, 2, 9, 0, tzinfo=UTC) + timedelta(hours=offsets[zone])
    world = await build_world(
        services, time_zone=zone, date_begin=begin, date_end=begin + timedelta(days=3)
    )
    made = await session_at(client, world, services, "talk", start)
    await add(client, world, "attendee_a", made["ID"])
    [row] = await personal(client, world, "attendee_a")
    assert row["DayNumber"] == day
