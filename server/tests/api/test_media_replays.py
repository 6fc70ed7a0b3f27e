"""Recordings and replays: organizers attach a video to a session; attendees see it under
replays once the session has ended, never before, by the event's local day (DST included)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest

from tests.api.activities_support import World, build_world, create
from tests.api.media_support import add_session, add_video, attach, youtube
from tests.factories import bearer, token_for
from venuely.core.clock import FrozenClock
from venuely.core.services import Services

# Europe/Berlin leaves winter time on 2026-03-29 at 02:00 (UTC+1 → UTC+2).
EVENT_BEGIN = datetime(2026, 3, 28, 9, 0, tzinfo=UTC)  # 10:00 in Berlin


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock(datetime(2026, 3, 28, 8, 0, tzinfo=UTC))


@pytest.fixture
async def world(services: Services) -> World:
    return await build_world(
        services,
        time_zone="Europe/Berlin",
        date_begin=EVENT_BEGIN,
        date_end=EVENT_BEGIN + timedelta(days=4),
    )


def _replays(world: World) -> str:
    return f"/events/{world.event_a.id}/replays"


async def test_a_recording_is_a_replay_only_once_its_session_ended(
    client: httpx.AsyncClient, world: World, clock: FrozenClock
) -> None:
    now = clock.now()
    video = await add_video(client, world, youtube(Title="Keynote recording", IsInCinema=False))
    talk = await add_session(client, world, "keynote", now, now + timedelta(hours=1))
    attached = await attach(client, world, talk["ID"], video["ID"])
    assert attached.status_code == 200, attached.text
    assert attached.json()["IsEnded"] is False
    assert attached.json()["Video"]["ID"] == video["ID"]

    organizer = await client.get(_replays(world), headers=world.h("admin_a"))
    assert [(r["SessionID"], r["IsEnded"]) for r in organizer.json()] == [(talk["ID"], False)]
    attendee = await client.get(_replays(world), headers=world.h("attendee_a"))
    assert attendee.json() == []
    single = f"/events/{world.event_a.id}/videos/{video['ID']}"
    assert (await client.get(single, headers=world.h("attendee_a"))).status_code == 404

    clock.advance(timedelta(hours=1))  # DateEnd: the session is over
    attendee = await client.get(_replays(world), headers=world.h("attendee_a"))
    [replay] = attendee.json()
    assert replay["SessionID"] == talk["ID"]
    assert replay["IsEnded"] is True
    assert replay["Session"]["Title"] == "keynote"
    assert replay["Video"]["Title"] == "Keynote recording"
    assert (await client.get(single, headers=world.h("attendee_a"))).status_code == 200
    other = await client.get(_replays(world), headers=world.h("attendee_b"))
    assert other.status_code == 403


async def test_replays_are_grouped_by_the_events_local_day_across_dst(
    client: httpx.AsyncClient, world: World, clock: FrozenClock, services: Services
) -> None:
    video = await add_video(client, world, youtube())
    # Local times: 28th 23:30 (UTC+1), 29th 00:30 (UTC+1), 29th 23:30 (UTC+2), 30th 00:30 (UTC+2).
    begins = {
        "late-first-day": datetime(2026, 3, 28, 22, 30, tzinfo=UTC),
        "just-after-midnight": datetime(2026, 3, 28, 23, 30, tzinfo=UTC),
        "late-second-day": datetime(2026, 3, 29, 21, 30, tzinfo=UTC),
        "third-day": datetime(2026, 3, 29, 22, 30, tzinfo=UTC),
    }
    ids = {}
    for name, begin in begins.items():
        talk = await add_session(client, world, name, begin, begin + timedelta(minutes=20))
        ids[talk["ID"]] = name
        assert (await attach(client, world, talk["ID"], video["ID"])).status_code == 200
    clock.advance(timedelta(days=3))
    # A fresh login: the one from three days ago has expired.
    h = bearer(await token_for(services, world.attendee_a, world.event_a))
    everything = (await client.get(_replays(world), headers=h)).json()
    assert [(ids[r["SessionID"]], r["DayNumber"], r["Date"]) for r in everything] == [
        ("late-first-day", 1, "2026-03-28"),
        ("just-after-midnight", 2, "2026-03-29"),
        ("late-second-day", 2, "2026-03-29"),
        ("third-day", 3, "2026-03-30"),
    ]
    day_two = (await client.get(_replays(world), params={"DayNumber": 2}, headers=h)).json()
    assert [ids[r["SessionID"]] for r in day_two] == ["just-after-midnight", "late-second-day"]
    none = await client.get(_replays(world), params={"DayNumber": 9}, headers=h)
    assert none.json() == []
    bad = await client.get(_replays(world), params={"DayNumber": 0}, headers=h)
    assert bad.status_code == 422


async def test_recording_targets_must_be_sessions_and_videos_of_the_event(
    client: httpx.AsyncClient, world: World, clock: FrozenClock
) -> None:
    now = clock.now()
    video = await add_video(client, world, youtube())
    theirs = await add_video(client, world, youtube(), who="admin_b")
    talk = await add_session(client, world, "talk", now, now + timedelta(hours=1))
    their_talk = await create(
        client,
        world,
        "Session",
        {
            "InternalName": "b",
            "DateBegin": "2026-03-28T09:00:00Z",
            "DateEnd": "2026-03-28T10:00:00Z",
        },
        event=world.event_b,
    )
    speaker = await create(client, world, "Speaker", {"InternalName": "ada", "FullName": "Ada"})
    cases = [
        ("0123456789abcdef01234567", video["ID"], "ACTIVITY_NOT_FOUND"),
        (their_talk["ID"], video["ID"], "ACTIVITY_NOT_FOUND"),
        (speaker["ID"], video["ID"], "ACTIVITY_NOT_FOUND"),
        (talk["ID"], "0123456789abcdef01234567", "VIDEO_NOT_FOUND"),
        (talk["ID"], theirs["ID"], "VIDEO_NOT_FOUND"),
    ]
    for session_id, video_id, code in cases:
        response = await attach(client, world, session_id, video_id)
        assert response.status_code == 404, response.text
        assert response.json()["Error"]["Code"] == code
    malformed = await client.put(
        f"/events/{world.event_a.id}/recordings/{talk['ID']}",
        json={"VideoID": "not-an-id"},
        headers=world.h("admin_a"),
    )
    assert malformed.status_code == 422
    organizer = await client.get(_replays(world), headers=world.h("admin_a"))
    assert organizer.json() == []  # nothing was attached by the refused calls


async def test_attach_replaces_and_detach_removes(
    client: httpx.AsyncClient, world: World, clock: FrozenClock
) -> None:
    now = clock.now()
    first = await add_video(client, world, youtube(Title="First"))
    second = await add_video(client, world, youtube(Title="Second"))
    talk = await add_session(client, world, "talk", now - timedelta(hours=2), now)
    await attach(client, world, talk["ID"], first["ID"])
    await attach(client, world, talk["ID"], second["ID"])
    replays = (await client.get(_replays(world), headers=world.h("attendee_a"))).json()
    assert [r["Video"]["Title"] for r in replays] == ["Second"]
    path = f"/events/{world.event_a.id}/recordings/{talk['ID']}"
    assert (await client.delete(path, headers=world.h("attendee_a"))).status_code == 403
    assert (await client.delete(path, headers=world.h("admin_a"))).status_code == 204
    again = await client.delete(path, headers=world.h("admin_a"))
    assert again.status_code == 404
    assert again.json()["Error"]["Code"] == "RECORDING_NOT_FOUND"
    assert (await client.get(_replays(world), headers=world.h("attendee_a"))).json() == []
    # Deleting the video (or the session) takes its recording with it.
    await attach(client, world, talk["ID"], first["ID"])
    video_path = f"/events/{world.event_a.id}/videos/{first['ID']}"
    assert (await client.delete(video_path, headers=world.h("admin_a"))).status_code == 204
    assert (await client.get(_replays(world), headers=world.h("admin_a"))).json() == []
    await attach(client, world, talk["ID"], second["ID"])
    activity = f"/events/{world.event_a.id}/activities/{talk['ID']}"
    assert (await client.delete(activity, headers=world.h("admin_a"))).status_code == 204
    assert (await client.get(_replays(world), headers=world.h("admin_a"))).json() == []
