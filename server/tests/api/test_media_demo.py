"""The demo's media: its own video in the cinema (MP4 with byte ranges, and HLS), a replay of
the session that has ended, and the live keynote streaming the video as simulated live. All of
it from our server, so the demo plays offline; seeding twice adds nothing."""

from __future__ import annotations

from datetime import datetime

import httpx
from sqlalchemy import func, select

from venuely.core.services import Services
from venuely.demo import content
from venuely.demo.seed import seed_demo
from venuely.files.models import StoredFile
from venuely.media.models import Recording, Video

FILES = "/api/v1"


async def _attendee(client: httpx.AsyncClient, event_id: str) -> dict[str, str]:
    login = await client.post(
        "/login",
        params={"EventID": event_id},
        json={"LoginEMail": content.ATTENDEE_EMAIL, "Password": content.ATTENDEE_PASSWORD},
    )
    return {"Authorization": f"Bearer {login.json()['Token']}"}


async def test_the_demo_cinema_plays_our_own_video(
    services: Services, client: httpx.AsyncClient
) -> None:
    await seed_demo(services)
    ctx = await seed_demo(services)
    async with services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(Video)) == 4
        assert await session.scalar(select(func.count()).select_from(Recording)) == 1
        files = await session.scalar(select(func.count()).select_from(StoredFile))
    h = await _attendee(client, ctx.event.id)
    cinema = (await client.get(f"/events/{ctx.event.id}/cinema", headers=h)).json()
    assert [v["Kind"] for v in cinema] == ["mp4", "hls", "youtube", "vimeo"]
    mp4, hls = cinema[0], cinema[1]
    assert mp4["URL"].startswith("/api/v1/files/")
    assert mp4["DurationSeconds"] == 4.0
    poster = await client.get(mp4["PosterURL"].removeprefix(FILES))
    assert poster.headers["content-type"] == "image/png"
    head = await client.get(mp4["URL"].removeprefix(FILES), headers={"Range": "bytes=0-15"})
    assert head.status_code == 206
    assert head.content[4:8] == b"ftyp"

    playlist = await client.get(hls["URL"].removeprefix(FILES))
    assert playlist.headers["content-type"] == "application/vnd.apple.mpegurl"
    lines = playlist.text.splitlines()
    assert lines[0] == "#EXTM3U"
    assert "#EXT-X-ENDLIST" in lines
    segments = [line for line in lines if line and not line.startswith("#")]
    assert segments
    for url in segments:
        assert url.startswith("/api/v1/files/")
        segment = await client.get(url.removeprefix(FILES))
        assert segment.headers["content-type"] == "video/mp2t"
        assert segment.content[0] == 0x47  # MPEG-TS sync byte

    # The keynote streams the demo video, everyone at (now - begin) mod its length.
    sessions = (
        await client.get(
            f"/events/{ctx.event.id}/activities", params={"EntityType": "Session"}, headers=h
        )
    ).json()
    keynote = next(s for s in sessions if s["InternalName"] == "demo-keynote")
    live = await client.get(f"/events/{ctx.event.id}/stream/video/{keynote['ID']}", headers=h)
    assert live.status_code == 200, live.text
    begin = datetime.fromisoformat(keynote["DateBegin"])
    elapsed = (services.clock.now() - begin).total_seconds()
    assert live.json()["Offset"] == round(elapsed % 4, 3)
    assert live.json()["Video"]["ID"] == mp4["ID"]

    replays = (await client.get(f"/events/{ctx.event.id}/replays", headers=h)).json()
    assert [(r["Session"]["InternalName"], r["Video"]["ID"]) for r in replays] == [
        ("demo-welcome", mp4["ID"])
    ]
    # A third seed stores no new file and makes no new video.
    await seed_demo(services)
    async with services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(StoredFile)) == files
        assert await session.scalar(select(func.count()).select_from(Video)) == 4
