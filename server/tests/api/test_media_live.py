"""`Video` sessions: a cinema video played as if live. Everyone gets the same offset into it,
from the server's clock; attendees only while the session runs; the video must be the event's."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest

from tests.api.activities_support import World, build_world, create, session_body
from tests.api.media_support import add_session, add_video, youtube
from venuely.core.clock import FrozenClock
from venuely.core.services import Services


@pytest.fixture
async def world(services: Services) -> World:
    return await build_world(services)


def _stream(world: World, session_id: str) -> str:
    return f"/events/{world.event_a.id}/stream/video/{session_id}"


async def _video_session(
    client: httpx.AsyncClient, world: World, clock: FrozenClock, duration: float | None
) -> tuple[dict[str, object], dict[str, object]]:
    now = clock.now()
    video = await add_video(
        client,
        world,
        youtube(Kind="mp4", URL="https://cdn.example.com/loop.mp4", DurationSeconds=duration),
    )
    talk = await add_session(
        client,
        world,
        "live",
        now - timedelta(seconds=150),
        now + timedelta(hours=1),
        ConferenceType="Video",
        ConferenceID=video["ID"],
    )
    return video, talk


async def test_everyone_joins_at_the_same_offset_and_it_loops(
    client: httpx.AsyncClient, world: World, clock: FrozenClock
) -> None:
    video, talk = await _video_session(client, world, clock, duration=60)
    response = await client.get(_stream(world, str(talk["ID"])), headers=world.h("attendee_a"))
    assert response.status_code == 200, response.text
    live = response.json()
    assert response.headers["cache-control"] == "no-store"
    assert live["Video"]["ID"] == video["ID"]
    assert live["Offset"] == 30.0  # 150 s after the start, in a 60 s loop
    assert live["Loop"] is True
    assert live["StartedAt"] == talk["DateBegin"]
    assert live["EndsAt"] == talk["DateEnd"]
    clock.advance(timedelta(seconds=45.5))
    later = await client.get(_stream(world, str(talk["ID"])), headers=world.h("admin_a"))
    assert later.json()["Offset"] == 15.5
    assert later.json()["ServerTime"].startswith(clock.now().isoformat()[:19])


async def test_without_a_duration_the_offset_is_the_time_since_the_start(
    client: httpx.AsyncClient, world: World, clock: FrozenClock
) -> None:
    _, talk = await _video_session(client, world, clock, duration=None)
    live = await client.get(_stream(world, str(talk["ID"])), headers=world.h("attendee_a"))
    assert (live.json()["Offset"], live.json()["Loop"]) == (150.0, False)


async def test_attendees_get_the_stream_only_while_the_session_runs(
    client: httpx.AsyncClient, world: World, clock: FrozenClock
) -> None:
    _, talk = await _video_session(client, world, clock, duration=60)
    clock.advance(timedelta(hours=2))
    expired = await client.get(_stream(world, str(talk["ID"])), headers=world.h("attendee_a"))
    assert expired.status_code == 410
    assert expired.json()["Error"]["Code"] == "MEDIA_EXPIRED"
    preview = await client.get(_stream(world, str(talk["ID"])), headers=world.h("admin_a"))
    assert preview.status_code == 200
    other = await client.get(_stream(world, str(talk["ID"])), headers=world.h("attendee_b"))
    assert other.status_code == 403


async def test_a_session_of_another_type_is_a_mismatch(
    client: httpx.AsyncClient, world: World, clock: FrozenClock
) -> None:
    talk = await create(client, world, "Session", session_body(clock.now()))
    response = await client.get(_stream(world, talk["ID"]), headers=world.h("attendee_a"))
    assert response.status_code == 409
    assert response.json()["Error"]["Code"] == "CONFERENCE_TYPE_MISMATCH"


async def test_a_video_session_must_name_a_video_of_its_event(
    client: httpx.AsyncClient, world: World, clock: FrozenClock
) -> None:
    theirs = await add_video(client, world, youtube(), who="admin_b")
    path = f"/events/{world.event_a.id}/activities"
    for conference_id, status in (
        ("0123456789abcdef01234567", 404),
        (theirs["ID"], 404),
        ("not-an-id", 422),
    ):
        body = session_body(clock.now(), ConferenceType="Video", ConferenceID=conference_id)
        body["ConferenceJoinURL"] = ""
        response = await client.post(
            path, params={"EntityType": "Session"}, json=body, headers=world.h("admin_a")
        )
        assert response.status_code == status, response.text
    listed = await client.get(path, headers=world.h("admin_a"))
    assert listed.json() == []  # nothing was stored

    _, talk = await _video_session(client, world, clock, duration=60)
    body = session_body(clock.now(), ConferenceType="Video", ConferenceID=theirs["ID"])
    body["ConferenceJoinURL"] = ""
    moved = await client.put(f"{path}/{talk['ID']}", json=body, headers=world.h("admin_a"))
    assert moved.status_code == 404
    assert moved.json()["Error"]["Code"] == "VIDEO_NOT_FOUND"
