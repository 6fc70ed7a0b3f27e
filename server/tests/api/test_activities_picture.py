"""An activity's picture: `POST/DELETE /events/{EventID}/activities/{ActivityID}/picture` stores an
image and sets a speaker's `PictureURL` to its path; `PictureURL` takes an http(s) URL or exactly
such a path, nothing else."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.api.activities_support import (
    RecordingHub,
    World,
    build_world,
    create,
    hub,
    hub_client,
    session_body,
)
from tests.api.upload_support import SVG, font_bytes, image_bytes
from venuely.activities import sync
from venuely.core.services import Services
from venuely.realtime.hub import event_channel
from venuely.realtime.opcodes import Opcode

__all__ = ["hub", "hub_client"]  # fixtures used by name below

STORED = f"/api/v1/files/{'a' * 64}"


@pytest.fixture
async def world(services: Services) -> World:
    return await build_world(services)


def _url(world: World, activity_id: str, suffix: str = "") -> str:
    return f"/events/{world.event_a.id}/activities/{activity_id}{suffix}"


async def _speaker(client: httpx.AsyncClient, world: World, **fields: Any) -> dict[str, Any]:
    return await create(client, world, "Speaker", {"FirstName": "Ada", "LastName": "L", **fields})


async def _upload(
    client: httpx.AsyncClient,
    world: World,
    activity_id: str,
    data: bytes,
    name: str = "p.png",
    who: str = "admin_a",
) -> httpx.Response:
    return await client.post(
        _url(world, activity_id, "/picture"),
        files={"file": (name, data, "image/png")},
        headers=world.h(who),
    )


async def _read(client: httpx.AsyncClient, world: World, activity_id: str) -> dict[str, Any]:
    response = await client.get(_url(world, activity_id), headers=world.h("admin_a"))
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


async def _put(
    client: httpx.AsyncClient, world: World, speaker: dict[str, Any], picture: str
) -> httpx.Response:
    body = {k: speaker[k] for k in ("FirstName", "LastName", "PictureURL")}
    return await client.put(
        _url(world, speaker["ID"]), json={**body, "PictureURL": picture}, headers=world.h("admin_a")
    )


async def test_upload_sets_the_stored_path_and_the_file_is_served(
    client: httpx.AsyncClient, world: World
) -> None:
    speaker = await _speaker(client, world, PictureURL="https://cdn.example.com/old.png")
    response = await _upload(client, world, speaker["ID"], image_bytes("JPEG"), "p.jpg")
    assert response.status_code == 200, response.text
    picture = response.json()["PictureURL"]
    assert picture.startswith("/api/v1/files/")
    assert len(picture.removeprefix("/api/v1/files/")) == 64
    assert response.json()["FullName"] == "Ada L"  # the rest of the speaker is untouched
    assert (await _read(client, world, speaker["ID"]))["PictureURL"] == picture
    image = await client.get(picture.removeprefix("/api/v1"))
    assert image.status_code == 200
    assert image.headers["content-type"] == "image/jpeg"


@pytest.mark.parametrize(
    ("data", "status"),
    [(b"plain text", 415), (SVG, 415), (font_bytes(), 415), (b"\x89PNG\r\n\x1a\nbroken", 422)],
    ids=["text", "svg", "font", "truncated-png"],
)
async def test_a_refused_file_leaves_the_picture_unchanged(
    client: httpx.AsyncClient, world: World, data: bytes, status: int
) -> None:
    speaker = await _speaker(client, world, PictureURL="https://cdn.example.com/a.png")
    response = await _upload(client, world, speaker["ID"], data)
    assert response.status_code == status, response.text
    after = await _read(client, world, speaker["ID"])
    assert after["PictureURL"] == "https://cdn.example.com/a.png"
    assert after["UpdatedAt"] == speaker["UpdatedAt"]


async def test_a_session_has_no_picture(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    created = await create(client, world, "Session", session_body(services.clock.now()))
    response = await _upload(client, world, created["ID"], image_bytes())
    assert response.status_code == 422, response.text
    error = response.json()["Error"]
    assert error["Code"] == "VALIDATION_ERROR"
    assert error["Data"] == {"EntityType": "Session", "Accepted": ["Speaker"]}
    after = await _read(client, world, created["ID"])
    assert "PictureURL" not in after
    assert after["UpdatedAt"] == created["UpdatedAt"]
    cleared = await client.delete(
        _url(world, created["ID"], "/picture"), headers=world.h("admin_a")
    )
    assert cleared.status_code == 422


async def test_an_activity_of_another_event_is_not_found(
    client: httpx.AsyncClient, world: World
) -> None:
    other = await create(client, world, "Speaker", {"FullName": "Bo"}, event=world.event_b)
    response = await _upload(client, world, other["ID"], image_bytes())
    assert response.status_code == 404
    assert response.json()["Error"]["Code"] == "ACTIVITY_NOT_FOUND"
    cleared = await client.delete(_url(world, other["ID"], "/picture"), headers=world.h("admin_a"))
    assert cleared.status_code == 404
    assert cleared.json()["Error"]["Code"] == "ACTIVITY_NOT_FOUND"


async def test_attendees_may_not_set_a_picture(client: httpx.AsyncClient, world: World) -> None:
    speaker = await _speaker(client, world)
    response = await _upload(client, world, speaker["ID"], image_bytes(), who="attendee_a")
    assert response.status_code == 403
    assert (await _read(client, world, speaker["ID"]))["PictureURL"] == ""


async def test_a_speaker_sent_back_with_its_stored_path_is_accepted(
    client: httpx.AsyncClient, world: World
) -> None:
    speaker = await _speaker(client, world)
    uploaded = (await _upload(client, world, speaker["ID"], image_bytes())).json()
    response = await _put(client, world, uploaded, uploaded["PictureURL"])
    assert response.status_code == 200, response.text
    assert response.json()["PictureURL"] == uploaded["PictureURL"]
    created = await _speaker(client, world, PictureURL=uploaded["PictureURL"])
    assert created["PictureURL"] == uploaded["PictureURL"]


@pytest.mark.parametrize(
    "picture",
    [
        "/etc/passwd",
        "javascript:alert(1)",
        "/api/v1/files/../x",
        f"/api/v1/files/{'A' * 64}",
        f"/api/v1/files/{'a' * 63}",
        f"{STORED}/",
        f"{STORED}?x=1",
        f"//evil.example{STORED}",
        "data:image/png;base64,AAAA",
        "files/" + "a" * 64,
    ],
)
async def test_other_pictures_are_refused(
    client: httpx.AsyncClient, world: World, picture: str
) -> None:
    speaker = await _speaker(client, world)
    response = await _put(client, world, speaker, picture)
    assert response.status_code == 422, response.text
    error = response.json()["Error"]
    assert error["Code"] == "VALIDATION_ERROR"
    [problem] = error["Data"]["Problems"]
    assert problem["Name"] == "PictureURL"
    assert "/api/v1/files/<64 lowercase hex>" in problem["Message"]


async def test_a_stored_path_must_name_a_stored_image(
    client: httpx.AsyncClient, world: World
) -> None:
    speaker = await _speaker(client, world)
    response = await _put(client, world, speaker, STORED)  # well formed, never stored
    assert response.status_code == 422, response.text
    [problem] = response.json()["Error"]["Data"]["Problems"]
    assert problem["Name"] == "PictureURL"
    assert "names no stored file" in problem["Message"]
    assert (await _read(client, world, speaker["ID"]))["PictureURL"] == ""


async def test_delete_clears_the_picture_and_is_harmless_when_repeated(
    client: httpx.AsyncClient, world: World
) -> None:
    speaker = await _speaker(client, world)
    await _upload(client, world, speaker["ID"], image_bytes())
    path = _url(world, speaker["ID"], "/picture")
    for _ in range(2):
        response = await client.delete(path, headers=world.h("admin_a"))
        assert response.status_code == 204
        assert (await _read(client, world, speaker["ID"]))["PictureURL"] == ""


async def test_picture_writes_publish_as_speaker_writes_do(
    hub_client: httpx.AsyncClient, world: World, hub: RecordingHub
) -> None:
    """Speakers are not pushed today (AUTO_SYNC_TYPES): the picture routes publish nothing."""
    speaker = await _speaker(hub_client, world)
    await _upload(hub_client, world, speaker["ID"], image_bytes())
    await hub_client.delete(_url(world, speaker["ID"], "/picture"), headers=world.h("admin_a"))
    assert hub.published == []


async def test_synced_types_get_the_new_picture_pushed(
    hub_client: httpx.AsyncClient, world: World, hub: RecordingHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were speakers pushed on every change, attendees would get the picture once committed."""
    monkeypatch.setattr(sync, "AUTO_SYNC_TYPES", sync.AUTO_SYNC_TYPES | {"Speaker"})
    speaker = await _speaker(hub_client, world)
    hub.published.clear()
    uploaded = (await _upload(hub_client, world, speaker["ID"], image_bytes())).json()
    [(channel, frame)] = hub.frames()
    assert channel == event_channel(world.event_a.id)
    assert frame.opcode is Opcode.ACTIVITY_SYNC_NOTIFY
    assert frame.value["PictureURL"] == uploaded["PictureURL"]
    hub.published.clear()
    await hub_client.delete(_url(world, speaker["ID"], "/picture"), headers=world.h("admin_a"))
    [(_, cleared)] = hub.frames()
    assert cleared.value["PictureURL"] == ""
