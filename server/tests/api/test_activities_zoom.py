"""createzoommeeting / deletemeeting: a clear error without credentials, and the OAuth and
meeting calls against a stand-in for Zoom's REST API when configured."""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from tests.api.activities_support import World, build_world, create, session_body
from tests.apps import app_for
from venuely.activities import zoom
from venuely.core.services import Services
from venuely.settings import Settings


@pytest.fixture
async def world(services: Services) -> World:
    return await build_world(services)


class FakeZoom:
    """Answers like Zoom's OAuth and meetings endpoints; records the requests."""

    def __init__(self) -> None:
        self.requests: list[httpx.Request] = []
        self.fail_create = False

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if request.url.host == "zoom.us" and request.url.path == "/oauth/token":
            expected = base64.b64encode(b"client-id:client-secret").decode()
            if request.headers.get("authorization") != f"Basic {expected}":
                return httpx.Response(401, json={"reason": "Invalid client"})
            return httpx.Response(200, json={"access_token": "tok-1", "expires_in": 3599})
        if request.headers.get("authorization") != "Bearer tok-1":
            return httpx.Response(401, json={"message": "Invalid access token."})
        if request.method == "POST" and request.url.path == "/v2/users/me/meetings":
            if self.fail_create:
                return httpx.Response(500, json={"message": "boom"})
            return httpx.Response(
                201,
                json={
                    "id": 85746065432,
                    "join_url": "https://us06web.zoom.us/j/85746065432?pwd=xyz",
                    "password": "xyz",
                },
            )
        if request.method == "DELETE" and request.url.path == "/v2/meetings/85746065432":
            return httpx.Response(204)
        return httpx.Response(404, json={"message": "not found"})


@pytest.fixture
def fake_zoom() -> Iterator[FakeZoom]:
    fake = FakeZoom()
    zoom.forget_tokens()
    zoom.ZoomClient.transport = httpx.MockTransport(fake)
    yield fake
    zoom.ZoomClient.transport = None
    zoom.forget_tokens()


@pytest.fixture
async def zoom_client(services: Services, settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    configured = settings.model_copy(
        update={
            "zoom_account_id": "acct-1",
            "zoom_client_id": "client-id",
            "zoom_client_secret": "client-secret",
        }
    )
    services.settings = configured
    app = app_for(services)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://t/api/v1") as client:
        yield client


async def _get(client: httpx.AsyncClient, world: World, activity_id: str) -> dict[str, Any]:
    response = await client.get(
        f"/events/{world.event_a.id}/activities/{activity_id}", headers=world.h("admin_a")
    )
    result: dict[str, Any] = response.json()
    return result


async def test_without_credentials_zoom_is_not_configured(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    created = await create(client, world, "Session", session_body(services.clock.now()))
    url = f"/events/{world.event_a.id}/activities/{created['ID']}/createzoommeeting"
    response = await client.post(url, headers=world.h("admin_a"))
    assert response.status_code == 503
    assert response.json()["Error"]["Code"] == "ZOOM_NOT_CONFIGURED"
    assert "VENUELY_ZOOM_CLIENT_ID" in response.json()["Error"]["Message"]
    assert (await _get(client, world, created["ID"]))["ConferenceType"] == "Iframe"


async def test_create_and_delete_a_meeting(
    zoom_client: httpx.AsyncClient, world: World, services: Services, fake_zoom: FakeZoom
) -> None:
    created = await create(zoom_client, world, "Session", session_body(services.clock.now()))
    base = f"/events/{world.event_a.id}/activities/{created['ID']}"
    attendee = await zoom_client.post(base + "/createzoommeeting", headers=world.h("attendee_a"))
    assert attendee.status_code == 403
    assert fake_zoom.requests == []

    made = await zoom_client.post(base + "/createzoommeeting", headers=world.h("admin_a"))
    assert made.status_code == 200, made.text
    body = made.json()
    assert body["ConferenceType"] == "Zoom"
    assert body["ConferenceID"] == "85746065432"
    assert body["ConferenceJoinURL"] == "https://us06web.zoom.us/j/85746065432?pwd=xyz"
    oauth, meeting = fake_zoom.requests
    assert oauth.url.params["grant_type"] == "account_credentials"
    assert oauth.url.params["account_id"] == "acct-1"
    sent = json.loads(meeting.content)
    assert sent["topic"] == "Opening keynote"
    assert sent["duration"] == 60
    assert sent["start_time"] == created["DateBegin"][:19] + "Z"

    again = await zoom_client.post(base + "/createzoommeeting", headers=world.h("admin_a"))
    assert again.status_code == 409

    removed = await zoom_client.delete(base + "/deletemeeting", headers=world.h("admin_a"))
    assert removed.status_code == 200
    assert removed.json()["ConferenceType"] == "None"
    assert removed.json()["ConferenceJoinURL"] == ""
    assert fake_zoom.requests[-1].method == "DELETE"
    none_left = await zoom_client.delete(base + "/deletemeeting", headers=world.h("admin_a"))
    assert none_left.status_code == 404


async def test_zoom_failure_changes_nothing(
    zoom_client: httpx.AsyncClient, world: World, services: Services, fake_zoom: FakeZoom
) -> None:
    fake_zoom.fail_create = True
    created = await create(zoom_client, world, "Session", session_body(services.clock.now()))
    url = f"/events/{world.event_a.id}/activities/{created['ID']}/createzoommeeting"
    response = await zoom_client.post(url, headers=world.h("admin_a"))
    assert response.status_code == 502
    assert response.json()["Error"]["Code"] == "ZOOM_FAILED"
    assert (await _get(zoom_client, world, created["ID"]))["ConferenceType"] == "Iframe"


async def test_only_sessions_and_meetings_get_zoom(
    zoom_client: httpx.AsyncClient, world: World, fake_zoom: FakeZoom
) -> None:
    speaker = await create(zoom_client, world, "Speaker", {"FullName": "Grace Hopper"})
    url = f"/events/{world.event_a.id}/activities/{speaker['ID']}/createzoommeeting"
    response = await zoom_client.post(url, headers=world.h("admin_a"))
    assert response.status_code == 409
    assert fake_zoom.requests == []
