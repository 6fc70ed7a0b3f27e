"""The cinema library: organizers create, change, order and delete videos; attendees read the
cinema. Sources are validated by kind, URLs must be http(s), and a refused write changes nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest

from tests.api.activities_support import World, build_world
from tests.api.media_support import add_session, add_video, youtube
from venuely.core.services import Services

UNKNOWN = "0123456789abcdef01234567"


@pytest.fixture
async def world(services: Services) -> World:
    return await build_world(services)


def _videos(world: World) -> str:
    return f"/events/{world.event_a.id}/videos"


async def _all(client: httpx.AsyncClient, world: World) -> list[dict[str, Any]]:
    response = await client.get(_videos(world), headers=world.h("admin_a"))
    assert response.status_code == 200, response.text
    result: list[dict[str, Any]] = response.json()
    return result


async def test_sources_are_normalized_by_kind(client: httpx.AsyncClient, world: World) -> None:
    yt = await add_video(client, world, youtube(URL="https://youtu.be/aqz-KE-bpKQ?t=3"))
    assert yt["ExternalID"] == "aqz-KE-bpKQ"
    assert yt["URL"] == "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"
    assert yt["FileHash"] is None
    vimeo = await add_video(
        client, world, youtube(Kind="vimeo", URL="https://player.vimeo.com/video/76979871")
    )
    assert (vimeo["ExternalID"], vimeo["URL"]) == (
        "76979871",
        "https://player.vimeo.com/video/76979871",
    )
    hls = await add_video(
        client, world, youtube(Kind="hls", URL="https://cdn.example.com/live/index.m3u8?t=1")
    )
    assert hls["URL"] == "https://cdn.example.com/live/index.m3u8?t=1"
    assert hls["ExternalID"] == ""
    # What a client read can be sent back unchanged: the source stays the same.
    again = await client.put(
        f"{_videos(world)}/{yt['ID']}", json={**yt, "Title": "Renamed"}, headers=world.h("admin_a")
    )
    assert again.status_code == 200, again.text
    assert (again.json()["ExternalID"], again.json()["Title"]) == ("aqz-KE-bpKQ", "Renamed")


async def test_crud_order_and_the_cinema(client: httpx.AsyncClient, world: World) -> None:
    first = await add_video(client, world, youtube(Title="One"))
    second = await add_video(
        client,
        world,
        youtube(Title="Two", Kind="mp4", URL="https://cdn.example.com/two.mp4", DurationSeconds=90),
    )
    hidden = await add_video(client, world, youtube(Title="Backstage", IsInCinema=False))
    assert [v["Position"] for v in (first, second, hidden)] == [0, 1, 2]
    assert [v["Title"] for v in await _all(client, world)] == ["One", "Two", "Backstage"]
    cinema = await client.get(f"/events/{world.event_a.id}/cinema", headers=world.h("attendee_a"))
    assert [v["Title"] for v in cinema.json()] == ["One", "Two"]

    order = [hidden["ID"], second["ID"], first["ID"]]
    reordered = await client.put(
        f"{_videos(world)}/order", json={"VideoIDs": order}, headers=world.h("admin_a")
    )
    assert [v["ID"] for v in reordered.json()] == order
    assert [v["ID"] for v in await _all(client, world)] == order

    # A PUT replaces the fields and keeps the place unless Position is sent.
    body = youtube(Title="Two, cut", Kind="mp4", URL="https://cdn.example.com/two-cut.mp4")
    changed = await client.put(
        f"{_videos(world)}/{second['ID']}", json=body, headers=world.h("admin_a")
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["Position"] == 1
    assert changed.json()["DurationSeconds"] is None
    assert changed.json()["URL"] == "https://cdn.example.com/two-cut.mp4"

    gone = await client.delete(f"{_videos(world)}/{first['ID']}", headers=world.h("admin_a"))
    assert gone.status_code == 204
    missing = await client.get(f"{_videos(world)}/{first['ID']}", headers=world.h("admin_a"))
    assert missing.status_code == 404
    assert missing.json()["Error"]["Code"] == "VIDEO_NOT_FOUND"


@pytest.mark.parametrize(
    ("kind", "url"),
    [
        ("mp4", "javascript:alert(1)"),
        ("mp4", "ftp://cdn.example.com/a.mp4"),
        ("mp4", "data:video/mp4;base64,AAAA"),
        ("mp4", "file:///etc/passwd"),
        ("mp4", "/relative/a.mp4"),
        ("mp4", "https://"),
        ("hls", "https://cdn.example.com/a.mp4"),
        ("hls", "javascript:x.m3u8"),
        ("youtube", "https://evil.example.com/watch?v=aqz-KE-bpKQ"),
        ("youtube", "javascript:aqz-KE-bpKQ"),
        ("youtube", "short"),
        ("vimeo", "https://vimeo.com/channels/x"),
        ("vimeo", "12ab"),
        ("webm", "https://cdn.example.com/a.webm"),
    ],
)
async def test_bad_sources_are_refused_and_change_nothing(
    client: httpx.AsyncClient, world: World, kind: str, url: str
) -> None:
    response = await client.post(
        _videos(world), json=youtube(Kind=kind, URL=url), headers=world.h("admin_a")
    )
    assert response.status_code == 422, response.text
    error = response.json()["Error"]
    assert error["Code"] == "VALIDATION_ERROR"
    fields = {p["Name"] for p in error["Data"]["Problems"]}
    assert fields & {"URL", "Kind"}
    assert await _all(client, world) == []


async def test_non_http_urls_get_a_message_that_says_so(
    client: httpx.AsyncClient, world: World
) -> None:
    response = await client.post(
        _videos(world),
        json=youtube(Kind="mp4", URL="javascript:alert(1)"),
        headers=world.h("admin_a"),
    )
    assert "http(s)" in response.text
    poster = await client.post(
        _videos(world), json=youtube(PosterURL="javascript:alert(1)"), headers=world.h("admin_a")
    )
    assert poster.status_code == 422
    assert "http(s)" in poster.text


async def test_stored_sources_must_be_stored_videos(
    client: httpx.AsyncClient, world: World
) -> None:
    unknown = await client.post(
        _videos(world),
        json=youtube(Kind="mp4", URL="/api/v1/files/" + "ab" * 32),
        headers=world.h("admin_a"),
    )
    assert unknown.status_code == 404
    assert unknown.json()["Error"]["Code"] == "FILE_NOT_FOUND"
    assert await _all(client, world) == []


async def test_videos_of_another_event_are_not_found(
    client: httpx.AsyncClient, world: World
) -> None:
    theirs = await add_video(client, world, youtube(), who="admin_b")
    path = f"{_videos(world)}/{theirs['ID']}"
    for method, body in (("GET", None), ("PUT", youtube()), ("DELETE", None)):
        response = await client.request(method, path, json=body, headers=world.h("admin_a"))
        assert response.status_code == 404, (method, response.text)
        assert response.json()["Error"]["Code"] == "VIDEO_NOT_FOUND"
    # Their own path is another event: 403, whatever the video.
    own = f"/events/{world.event_b.id}/videos/{theirs['ID']}"
    assert (await client.get(own, headers=world.h("admin_a"))).status_code == 403
    assert (await client.get(own, headers=world.h("admin_b"))).status_code == 200


async def test_attendees_read_the_cinema_only(client: httpx.AsyncClient, world: World) -> None:
    listed = await add_video(client, world, youtube())
    hidden = await add_video(client, world, youtube(IsInCinema=False))
    h = world.h("attendee_a")
    assert (await client.get(f"{_videos(world)}/{listed['ID']}", headers=h)).status_code == 200
    refused = await client.get(f"{_videos(world)}/{hidden['ID']}", headers=h)
    assert refused.status_code == 404
    assert refused.json()["Error"]["Code"] == "VIDEO_NOT_FOUND"
    assert (await client.get(_videos(world), headers=h)).status_code == 403
    assert (await client.post(_videos(world), json=youtube(), headers=h)).status_code == 403
    assert (await client.get(f"/events/{world.event_a.id}/cinema")).status_code == 401
    other = await client.get(f"/events/{world.event_a.id}/cinema", headers=world.h("attendee_b"))
    assert other.status_code == 403


async def test_reorder_must_name_every_video_once(client: httpx.AsyncClient, world: World) -> None:
    one = await add_video(client, world, youtube())
    two = await add_video(client, world, youtube())
    theirs = await add_video(client, world, youtube(), who="admin_b")
    path, h = f"{_videos(world)}/order", world.h("admin_a")
    missing = await client.put(path, json={"VideoIDs": [one["ID"]]}, headers=h)
    assert missing.status_code == 409
    assert missing.json()["Error"]["Data"]["Missing"] == [two["ID"]]
    foreign = await client.put(
        path, json={"VideoIDs": [one["ID"], two["ID"], theirs["ID"]]}, headers=h
    )
    assert foreign.status_code == 409
    assert foreign.json()["Error"]["Data"]["Unknown"] == [theirs["ID"]]
    twice = await client.put(path, json={"VideoIDs": [one["ID"], one["ID"], two["ID"]]}, headers=h)
    assert twice.status_code == 422
    assert [v["ID"] for v in await _all(client, world)] == [one["ID"], two["ID"]]


async def test_a_streamed_video_cannot_be_deleted(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    video = await add_video(client, world, youtube())
    now = services.clock.now()
    talk = await add_session(
        client,
        world,
        "talk",
        now,
        now + timedelta(hours=1),
        ConferenceType="Video",
        ConferenceID=video["ID"],
    )
    path = f"{_videos(world)}/{video['ID']}"
    refused = await client.delete(path, headers=world.h("admin_a"))
    assert refused.status_code == 409
    assert refused.json()["Error"]["Data"]["SessionIDs"] == [talk["ID"]]
    assert (await client.get(path, headers=world.h("admin_a"))).status_code == 200
    body = {k: v for k, v in talk.items() if k not in {"ID", "EventID", "CreatedAt", "UpdatedAt"}}
    body.update(ConferenceType="None", ConferenceID="")
    for key in ("Type", "EntityType"):
        body.pop(key)
    moved = await client.put(
        f"/events/{world.event_a.id}/activities/{talk['ID']}", json=body, headers=world.h("admin_a")
    )
    assert moved.status_code == 200, moved.text
    assert (await client.delete(path, headers=world.h("admin_a"))).status_code == 204
