"""The stream calls: an iframe page or Vimeo data, for attendees only while the session runs."""

from __future__ import annotations

from datetime import timedelta
from html.parser import HTMLParser

import httpx
import pytest

from tests.api.activities_support import World, build_world, create, iso, session_body
from venuely.core.clock import FrozenClock
from venuely.core.services import Services


@pytest.fixture
async def world(services: Services) -> World:
    return await build_world(services)


class _Iframes(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.sources: list[str] = []
        self.csp: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "iframe":
            self.sources.append(values.get("src") or "")
        if tag == "meta" and values.get("http-equiv") == "Content-Security-Policy":
            self.csp.append(values.get("content") or "")


def _parse(html: str) -> _Iframes:
    parser = _Iframes()
    parser.feed(html)
    return parser


async def test_iframe_page_embeds_the_join_url_with_a_strict_policy(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    url = 'https://stream.example.com/live?room=1&x="><script>alert(1)</script>'
    created = await create(
        client, world, "Session", session_body(services.clock.now(), ConferenceJoinURL=url)
    )
    response = await client.get(
        f"/events/{world.event_a.id}/stream/iframe/{created['ID']}", headers=world.h("attendee_a")
    )
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["x-content-type-options"] == "nosniff"
    csp = response.headers["content-security-policy"]
    assert "default-src 'none'" in csp
    assert "frame-src https://stream.example.com;" in csp
    assert "script-src" not in csp  # scripts fall back to default-src 'none'
    page = _parse(response.text)
    assert page.sources == [url]  # the attribute round-trips exactly: it was escaped
    assert page.csp == [csp]
    assert "<script>" not in response.text


async def test_zoom_sessions_frame_the_web_client(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    body = session_body(
        services.clock.now(),
        ConferenceType="Zoom",
        ConferenceJoinURL="https://us02web.zoom.us/j/123456789?pwd=abc",
    )
    created = await create(client, world, "Session", body)
    response = await client.get(
        f"/events/{world.event_a.id}/stream/iframe/{created['ID']}", headers=world.h("attendee_a")
    )
    assert _parse(response.text).sources == ["https://us02web.zoom.us/wc/join/123456789?pwd=abc"]


@pytest.mark.parametrize(
    ("begin_minutes", "end_minutes", "is_virtual"),
    [(10, 70, True), (-120, -60, True), (-10, 50, False)],
    ids=["not-started", "ended", "not-virtual"],
)
async def test_attendees_get_media_expired_outside_the_session(
    client: httpx.AsyncClient,
    world: World,
    services: Services,
    begin_minutes: int,
    end_minutes: int,
    is_virtual: bool,
) -> None:
    now = services.clock.now()
    body = session_body(
        now,
        DateBegin=iso(now + timedelta(minutes=begin_minutes)),
        DateEnd=iso(now + timedelta(minutes=end_minutes)),
        IsVirtual=is_virtual,
    )
    created = await create(client, world, "Session", body)
    path = f"/events/{world.event_a.id}/stream/iframe/{created['ID']}"
    refused = await client.get(path, headers=world.h("attendee_a"))
    assert refused.status_code == 410
    assert refused.json()["Error"]["Code"] == "MEDIA_EXPIRED"
    preview = await client.get(path, headers=world.h("admin_a"))
    assert preview.status_code == 200


async def test_the_session_expires_while_the_clock_runs(
    client: httpx.AsyncClient, world: World, services: Services, clock: FrozenClock
) -> None:
    created = await create(client, world, "Session", session_body(services.clock.now()))
    path = f"/events/{world.event_a.id}/stream/iframe/{created['ID']}"
    assert (await client.get(path, headers=world.h("attendee_a"))).status_code == 200
    clock.advance(timedelta(minutes=50))  # DateEnd is exclusive
    assert (await client.get(path, headers=world.h("attendee_a"))).status_code == 410


async def test_vimeo_gives_url_and_password_only_to_vimeo_sessions(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    now = services.clock.now()
    vimeo = await create(
        client,
        world,
        "Session",
        session_body(
            now,
            ConferenceType="Vimeo",
            ConferenceJoinURL="",
            ConferenceID="76979871",
            ConferencePassword="open sesame",
        ),
    )
    youtube = await create(
        client,
        world,
        "Session",
        session_body(now, ConferenceType="Youtube", ConferenceJoinURL="", ConferenceID="abc"),
    )
    base = f"/events/{world.event_a.id}/stream"
    response = await client.get(f"{base}/vimeo/{vimeo['ID']}", headers=world.h("attendee_a"))
    assert response.json() == {
        "Url": "https://player.vimeo.com/video/76979871",
        "Password": "open sesame",
    }
    for path in (f"{base}/vimeo/{youtube['ID']}", f"{base}/iframe/{youtube['ID']}"):
        mismatch = await client.get(path, headers=world.h("attendee_a"))
        assert mismatch.status_code == 409
        assert mismatch.json()["Error"]["Code"] == "CONFERENCE_TYPE_MISMATCH"


async def test_stream_calls_need_a_session_of_this_event(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    poll = await create(client, world, "Poll", {"Title": "not a session"})
    other = await create(
        client, world, "Session", session_body(services.clock.now()), event=world.event_b
    )
    mine = await create(client, world, "Session", session_body(services.clock.now()))
    base = f"/events/{world.event_a.id}/stream/iframe"
    for activity_id in (poll["ID"], other["ID"]):
        response = await client.get(f"{base}/{activity_id}", headers=world.h("attendee_a"))
        assert response.status_code == 404
        assert response.json()["Error"]["Code"] == "ACTIVITY_NOT_FOUND"
    assert (await client.get(f"{base}/{mine['ID']}")).status_code == 401
    foreign = await client.get(f"{base}/{mine['ID']}", headers=world.h("attendee_b"))
    assert foreign.status_code == 403
