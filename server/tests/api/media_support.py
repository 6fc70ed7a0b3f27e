"""Shared setup of the media tests: the two-event world of the activities tests, small real
MP4s made with the demo's renderer, and helpers to create videos and sessions."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

import httpx

from tests.api.activities_support import World, create, iso
from venuely.demo.video import VideoSpec, render_demo_video


@cache
def tiny_mp4(seconds: int = 2) -> bytes:
    """A real H.264 + AAC MP4 of `seconds`, 64 × 36 at 5 fps (a few kB)."""
    return render_demo_video(VideoSpec(64, 36, 5, seconds, "Test"))


def youtube(**overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"Title": "Trailer", "Kind": "youtube", "URL": "aqz-KE-bpKQ"}
    body.update(overrides)
    return body


async def add_video(
    client: httpx.AsyncClient, world: World, body: dict[str, Any], who: str = "admin_a"
) -> dict[str, Any]:
    event = world.event_b if who == "admin_b" else world.event_a
    response = await client.post(f"/events/{event.id}/videos", json=body, headers=world.h(who))
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


async def add_session(
    client: httpx.AsyncClient,
    world: World,
    name: str,
    begin: datetime,
    end: datetime,
    **fields: Any,
) -> dict[str, Any]:
    body = {"InternalName": name, "Title": name, "DateBegin": iso(begin), "DateEnd": iso(end)}
    return await create(client, world, "Session", {**body, **fields})


async def attach(
    client: httpx.AsyncClient, world: World, session_id: str, video_id: str
) -> httpx.Response:
    return await client.put(
        f"/events/{world.event_a.id}/recordings/{session_id}",
        json={"VideoID": video_id},
        headers=world.h("admin_a"),
    )
