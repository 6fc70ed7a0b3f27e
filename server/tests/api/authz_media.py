"""The media objects of the authorization matrix's world (`authz_world.py` calls `media_objects`).

Keys: VIDEO (a YouTube video of A in the cinema, streamed by LIVE and the recording of ENDED),
VIDEO_REC (an MP4 of A kept out of the cinema, the recording of FUTURE, which has not ended: its
URL holds `REC_SECRET`, which attendees must not read), VIDEO_B (a video of B), ENDED (a session
of A that has ended) and LIVE (a running session of A streaming VIDEO as simulated live).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import httpx

REC_SECRET = "rec-secret"
REC_URL = f"https://media.example.com/{REC_SECRET}.mp4"


def video_body(**overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"Title": "Trailer", "Kind": "youtube", "URL": "aqz-KE-bpKQ"}
    body.update(overrides)
    return body


def _iso(value: datetime) -> str:
    return value.isoformat().replace("+00:00", "Z")


async def _post(client: httpx.AsyncClient, path: str, h: dict[str, str], body: Any) -> str:
    response = await client.post(path, headers=h, json=body, params=None)
    assert response.status_code == 201, f"{path}: {response.text}"
    return str(response.json()["ID"])


async def media_objects(
    client: httpx.AsyncClient, h: dict[str, str], ids: dict[str, str], now: datetime
) -> None:
    a, b = f"/events/{ids['A']}", f"/events/{ids['B']}"
    ids["VIDEO"] = await _post(client, f"{a}/videos", h, video_body())
    rec = video_body(Title="Closing (recording)", Kind="mp4", URL=REC_URL, IsInCinema=False)
    ids["VIDEO_REC"] = await _post(client, f"{a}/videos", h, rec)
    ids["VIDEO_B"] = await _post(client, f"{b}/videos", h, video_body())

    async def session(name: str, begin: datetime, end: datetime, **stream: str) -> str:
        body = {
            "InternalName": name,
            "Title": name,
            "DateBegin": _iso(begin),
            "DateEnd": _iso(end),
            **stream,
        }
        response = await client.post(
            f"{a}/activities", params={"EntityType": "Session"}, headers=h, json=body
        )
        assert response.status_code == 201, response.text
        return str(response.json()["ID"])

    ids["ENDED"] = await session("welcome", now - timedelta(hours=2), now - timedelta(hours=1))
    ids["LIVE"] = await session(
        "live",
        now - timedelta(minutes=5),
        now + timedelta(hours=1),
        ConferenceType="Video",
        ConferenceID=ids["VIDEO"],
    )
    for session_id, video_id in ((ids["ENDED"], ids["VIDEO"]), (ids["FUTURE"], ids["VIDEO_REC"])):
        response = await client.put(
            f"{a}/recordings/{session_id}", headers=h, json={"VideoID": video_id}
        )
        assert response.status_code == 200, response.text
