"""ACTIVITY_SYNC_NOTIFY goes to the event's channel after session writes are committed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from tests.api.activities_support import (
    RecordingHub,
    World,
    build_world,
    create,
    hub,
    hub_client,
    iso,
    session_body,
    with_hub,
)
from tests.apps import app_for
from venuely.activities.models import Activity
from venuely.core.clock import FrozenClock
from venuely.core.services import Services
from venuely.realtime.hub import event_channel
from venuely.realtime.opcodes import Opcode, PayloadType

__all__ = ["hub", "hub_client"]  # fixtures used by name below


@pytest.fixture
async def world(services: Services) -> World:
    return await build_world(services)


def _only_frame(hub: RecordingHub, world: World) -> dict[str, Any]:
    [(channel, frame)] = hub.frames()
    assert channel == event_channel(world.event_a.id)
    assert frame.opcode is Opcode.ACTIVITY_SYNC_NOTIFY
    assert frame.payload_type is PayloadType.JSON
    value: dict[str, Any] = frame.value
    hub.published.clear()
    return value


async def test_create_update_delete_each_publish(
    hub_client: httpx.AsyncClient, hub: RecordingHub, world: World, services: Services
) -> None:
    body = session_body(services.clock.now(), ConferencePassword="hidden")
    created = await create(hub_client, world, "Session", body)
    payload = _only_frame(hub, world)
    assert payload["ID"] == created["ID"]
    assert payload["InternalName"] == "keynote"
    assert payload["Type"] == "Session"
    assert payload["ConferenceJoinURL"] == body["ConferenceJoinURL"]
    assert "ConferencePassword" not in payload

    url = f"/events/{world.event_a.id}/activities/{created['ID']}"
    updated = await hub_client.put(url, json={**body, "Title": "Moved"}, headers=world.h("admin_a"))
    assert updated.status_code == 200
    assert _only_frame(hub, world)["Title"] == "Moved"

    assert (await hub_client.delete(url, headers=world.h("admin_a"))).status_code == 204
    assert _only_frame(hub, world) == {
        "ID": created["ID"],
        "EventID": world.event_a.id,
        "Type": "Session",
        "InternalName": "DELETED",
    }


async def test_publish_happens_after_commit(
    services: Services, world: World, hub: RecordingHub
) -> None:
    """The hub reads the database when it is called: the session must already be there."""
    seen: list[bool] = []

    class CheckingHub(RecordingHub):
        async def publish(self, channel: str, frame: bytes) -> None:
            async with services.db.session() as session:
                seen.append(await session.scalar(select(Activity.id)) is not None)
            await super().publish(channel, frame)

    app = app_for(with_hub(services, CheckingHub()))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://t/api/v1") as client:
        await create(client, world, "Session", session_body(services.clock.now()))
    assert seen == [True]


async def test_refused_writes_and_other_types_publish_nothing(
    hub_client: httpx.AsyncClient, hub: RecordingHub, world: World, services: Services
) -> None:
    refused = await hub_client.post(
        f"/events/{world.event_a.id}/activities",
        params={"EntityType": "Session"},
        json={"Title": "no dates"},
        headers=world.h("admin_a"),
    )
    assert refused.status_code == 422
    await create(hub_client, world, "Speaker", {"FirstName": "Ada", "LastName": "Lovelace"})
    assert hub.published == []


async def test_sync_call_republishes_any_activity(
    hub_client: httpx.AsyncClient, hub: RecordingHub, world: World
) -> None:
    poll = await create(hub_client, world, "Poll", {"Title": "Lunch?", "IsActive": True})
    # The poll announced itself with POLL_NOTIFY (polls/notify.py); this test is about /sync.
    assert [frame.opcode for _, frame in hub.frames()] == [Opcode.POLL_NOTIFY]
    hub.published.clear()
    url = f"/events/{world.event_a.id}/activities/{poll['ID']}/sync"
    assert (await hub_client.post(url, headers=world.h("attendee_a"))).status_code == 403
    assert hub.published == []
    response = await hub_client.post(url, headers=world.h("admin_a"))
    assert response.status_code == 200
    assert response.headers["X-Venuely-Published"] == "true"
    assert _only_frame(hub, world)["Title"] == "Lunch?"


async def test_a_failing_hub_does_not_fail_the_committed_write(
    hub_client: httpx.AsyncClient, hub: RecordingHub, world: World, services: Services
) -> None:
    hub.fail = True
    created = await create(hub_client, world, "Session", session_body(services.clock.now()))
    read = await hub_client.get(
        f"/events/{world.event_a.id}/activities/{created['ID']}", headers=world.h("attendee_a")
    )
    assert read.status_code == 200


async def test_without_a_hub_writes_still_work(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    created = await create(client, world, "Session", session_body(services.clock.now()))
    response = await client.post(
        f"/events/{world.event_a.id}/activities/{created['ID']}/sync", headers=world.h("admin_a")
    )
    assert response.status_code == 200
    assert response.json()["ID"] == created["ID"]


async def test_frames_carry_the_attendee_view_at_publish_time(
    hub_client: httpx.AsyncClient, hub: RecordingHub, world: World, clock: FrozenClock
) -> None:
    """One frame per change for the whole event, so it is the attendee view: a session that has
    not begun goes out without its stream fields, and `/sync` while it plays carries them."""
    begin = clock.now() + timedelta(hours=2)
    body = session_body(
        clock.now(),
        DateBegin=iso(begin),
        DateEnd=iso(begin + timedelta(hours=1)),
        ConferenceType="Youtube",
        ConferenceJoinURL="https://www.youtube.com/watch?v=abcdefghijk",
        ConferenceID="abcdefghijk",
        ConferencePassword="hidden",
        StreamID="main",
    )
    created = await create(hub_client, world, "Session", body)
    assert _stream_fields(_only_frame(hub, world)) == {}

    sync = f"/events/{world.event_a.id}/activities/{created['ID']}/sync"
    early = await hub_client.post(sync, headers=world.h("admin_a"))
    assert _stream_fields(early.json()) == {}
    assert _stream_fields(_only_frame(hub, world)) == {}

    clock.advance(timedelta(hours=2, minutes=1))
    playing = await hub_client.post(sync, headers=world.h("admin_a"))
    expected = {name: body[name] for name in ("ConferenceJoinURL", "ConferenceID", "StreamID")}
    assert _stream_fields(playing.json()) == expected
    assert _stream_fields(_only_frame(hub, world)) == expected


def _stream_fields(payload: dict[str, Any]) -> dict[str, Any]:
    names = ("ConferenceJoinURL", "ConferenceID", "ConferencePassword", "StreamID")
    return {name: payload[name] for name in names if name in payload}
