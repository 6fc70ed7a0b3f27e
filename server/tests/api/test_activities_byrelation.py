"""activitiesbyrelation: a session's speakers in their order, a speaker's sessions."""

from __future__ import annotations

from typing import Any

import httpx

from tests.api.activities_support import build_world, create, session_body
from venuely.core.services import Services


async def test_children_parents_order_and_type(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    talk = await create(client, world, "Session", session_body(services.clock.now()))
    second = await create(
        client, world, "Session", session_body(services.clock.now(), InternalName="panel")
    )
    ada = await create(client, world, "Speaker", {"FullName": "Ada"})
    bob = await create(client, world, "Speaker", {"FullName": "Bob"})

    async def link(parent: dict[str, Any], child: dict[str, Any], index: int) -> None:
        response = await client.post(
            "/relations",
            json={
                "EventID": world.event_a.id,
                "ParentType": "Session",
                "ParentID": parent["ID"],
                "RelationType": "Speaker",
                "ChildType": "Speaker",
                "ChildID": child["ID"],
                "SortFields": {"Index": index},
            },
            headers=world.h("admin_a"),
        )
        assert response.status_code == 201

    await link(talk, ada, 2)
    await link(talk, bob, 1)
    await link(second, ada, 1)
    url = f"/events/{world.event_a.id}/activities/activitiesbyrelation"
    headers = world.h("attendee_a")
    speakers = await client.get(
        url, params={"ParentID": talk["ID"], "SortFields": "Index"}, headers=headers
    )
    assert [s["FullName"] for s in speakers.json()] == ["Bob", "Ada"]
    created_order = await client.get(url, params={"ParentID": talk["ID"]}, headers=headers)
    assert [s["FullName"] for s in created_order.json()] == ["Ada", "Bob"]
    sessions = await client.get(
        url, params={"ChildID": ada["ID"], "EntityType": "Session"}, headers=headers
    )
    assert [s["InternalName"] for s in sessions.json()] == ["keynote", "panel"]
    polls = await client.get(
        url, params={"ChildID": ada["ID"], "EntityType": "Poll"}, headers=headers
    )
    assert polls.json() == []
    missing = await client.get(url, headers=headers)
    assert missing.status_code == 422
    assert missing.json()["Error"]["Data"]["Parameters"] == ["ParentID", "ChildID"]
    foreign = await client.get(url, params={"ParentID": talk["ID"]}, headers=world.h("attendee_b"))
    assert foreign.status_code == 403
