"""Relations over HTTP: CRUD, filters, sort fields, count, delete by filter, persons by relation."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.activities_support import World, build_world, create, session_body
from tests.factories import grant_admin, make_person
from venuely.admins.models import AdminType
from venuely.chat.service import ensure_broadcast_room
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.relations.models import Relation


@pytest.fixture
async def world(services: Services) -> World:
    return await build_world(services)


def _relation(world: World, **fields: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "EventID": world.event_a.id,
        # Types no feature declares: their ids are not checked against the event
        # (relations/references.py), so these tests need no rooms or persons behind them.
        "ParentType": "Booth",
        "ParentID": "booth-1",
        "RelationType": "Moderator",
        "ChildType": "Guest",
        "ChildID": new_id(),
    }
    body.update(fields)
    return body


async def _post(client: httpx.AsyncClient, world: World, **fields: Any) -> dict[str, Any]:
    response = await client.post(
        "/relations", json=_relation(world, **fields), headers=world.h("admin_a")
    )
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


async def _rows(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(Relation)) or 0)


async def test_crud_round_trip(client: httpx.AsyncClient, world: World) -> None:
    made = await _post(client, world, SortFields={"Index": 2})
    url = f"/relations/{made['ID']}"
    assert (await client.get(url, headers=world.h("attendee_a"))).json() == made
    changed = {**made, "SortFields": {"Index": 5}, "RelationType": "ChatroomAdmin"}
    updated = await client.put(url, json=changed, headers=world.h("admin_a"))
    assert updated.status_code == 200
    assert updated.json()["SortFields"] == {"Index": 5}
    assert updated.json()["RelationType"] == "ChatroomAdmin"
    assert (await client.delete(url, headers=world.h("admin_a"))).status_code == 204
    gone = await client.get(url, headers=world.h("admin_a"))
    assert gone.json()["Error"]["Code"] == "RELATION_NOT_FOUND"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"EventID": None}, "MISSING_PARAMETER"),
        ({"ChildID": None}, "MISSING_PARAMETER"),
        ({"ParentType": "no spaces"}, "VALIDATION_ERROR"),
        ({"ChildID": "x" * 65}, "VALIDATION_ERROR"),
        ({"SortFields": {"Index": {"nested": 1}}}, "VALIDATION_ERROR"),
        ({"SortFields": "Index"}, "VALIDATION_ERROR"),
        ({"Extra": 1}, "VALIDATION_ERROR"),
    ],
)
async def test_bad_bodies_are_refused(
    client: httpx.AsyncClient,
    world: World,
    services: Services,
    change: dict[str, Any],
    code: str,
) -> None:
    body = _relation(world)
    for key, value in change.items():
        if value is None:
            body.pop(key)
        else:
            body[key] = value
    response = await client.post("/relations", json=body, headers=world.h("admin_a"))
    assert response.status_code == 422
    assert response.json()["Error"]["Code"] == code
    assert await _rows(services) == 0


async def test_duplicates_conflict(client: httpx.AsyncClient, world: World) -> None:
    made = await _post(client, world, ChildID="p1")
    again = await client.post(
        "/relations", json=_relation(world, ChildID="p1"), headers=world.h("admin_a")
    )
    assert again.status_code == 409
    assert again.json()["Error"]["Data"]["RelationID"] == made["ID"]


@pytest.mark.parametrize(("who", "status"), [("anonymous", 401), ("attendee_a", 403)])
async def test_only_event_admins_write(
    client: httpx.AsyncClient, world: World, services: Services, who: str, status: int
) -> None:
    made = await _post(client, world)
    url = f"/relations/{made['ID']}"
    assert (
        await client.post("/relations", json=_relation(world), headers=world.h(who))
    ).status_code == status
    assert (await client.put(url, json=made, headers=world.h(who))).status_code == status
    assert (await client.delete(url, headers=world.h(who))).status_code == status
    deleted = await client.delete(
        "/relations",
        params={"EventID": world.event_a.id, "ParentID": "booth-1"},
        headers=world.h(who),
    )
    assert deleted.status_code == status
    assert await _rows(services) == 1


async def test_other_events_relations_are_invisible(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    made = await _post(client, world)
    url = f"/relations/{made['ID']}"
    for who in ("attendee_b", "admin_b"):
        for method in ("GET", "DELETE"):
            response = await client.request(method, url, headers=world.h(who))
            assert response.status_code == 404
    listed = await client.get(
        "/relations", params={"EventID": world.event_a.id}, headers=world.h("attendee_b")
    )
    assert listed.status_code == 403
    moved = await client.put(
        url, json={**made, "EventID": world.event_b.id}, headers=world.h("admin_a")
    )
    assert moved.status_code == 422
    into_b = await client.post(
        "/relations", json=_relation(world, EventID=world.event_b.id), headers=world.h("admin_a")
    )
    assert into_b.status_code == 403
    assert await _rows(services) == 1


async def test_filters_count_and_paging(client: httpx.AsyncClient, world: World) -> None:
    mods = [await _post(client, world, ChildID=f"m{i}") for i in range(3)]
    await _post(client, world, RelationType="ChatroomAdmin", ChildID="a1")
    await _post(client, world, ParentID="booth-2", ChildID="m0")
    headers = world.h("attendee_a")
    query = {"EventID": world.event_a.id, "ParentID": "booth-1", "RelationType": "Moderator"}
    page1 = await client.get("/relations", params={**query, "MaxCount": 2}, headers=headers)
    page2 = await client.get(
        "/relations", params={**query, "StartID": page1.json()[-1]["ID"]}, headers=headers
    )
    assert [r["ID"] for r in page1.json() + page2.json()] == [m["ID"] for m in mods]
    by_child = await client.get(
        "/relations", params={"EventID": world.event_a.id, "ChildID": "m0"}, headers=headers
    )
    assert {r["ParentID"] for r in by_child.json()} == {"booth-1", "booth-2"}
    count = await client.get("/relations/count", params=query, headers=headers)
    assert count.json() == {"Count": 3}
    missing = await client.get("/relations", params={"ParentID": "booth-1"}, headers=headers)
    assert missing.status_code == 422
    assert missing.json()["Error"]["Data"]["Parameters"] == ["EventID"]


async def test_sort_fields_order_and_continue(client: httpx.AsyncClient, world: World) -> None:
    c = await _post(client, world, ChildID="c", SortFields={"Index": 3, "Name": "c"})
    a = await _post(client, world, ChildID="a", SortFields={"Index": 1, "Name": "b"})
    b = await _post(client, world, ChildID="b", SortFields={"Index": 1, "Name": "a"})
    none = await _post(client, world, ChildID="n")
    headers = world.h("attendee_a")
    query = {"EventID": world.event_a.id, "ParentID": "booth-1"}
    asc = await client.get("/relations", params={**query, "SortFields": "Index"}, headers=headers)
    assert [r["ChildID"] for r in asc.json()] == ["a", "b", "c", "n"]
    two = await client.get(
        "/relations", params={**query, "SortFields": "-Index,Name"}, headers=headers
    )
    assert [r["ID"] for r in two.json()] == [c["ID"], b["ID"], a["ID"], none["ID"]]
    after = await client.get(
        "/relations",
        params={**query, "SortFields": "-Index,Name", "StartID": b["ID"], "MaxCount": 1},
        headers=headers,
    )
    assert [r["ID"] for r in after.json()] == [a["ID"]]
    bad = await client.get("/relations", params={**query, "SortFields": "a b"}, headers=headers)
    assert bad.status_code == 422


async def test_delete_by_filter_needs_more_than_the_event(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    await _post(client, world, ChildID="x")
    await _post(client, world, ParentID="booth-2", ChildID="x")
    await _post(client, world, ParentID="booth-2", ChildID="y")
    everything = await client.delete(
        "/relations", params={"EventID": world.event_a.id}, headers=world.h("admin_a")
    )
    assert everything.status_code == 422
    assert await _rows(services) == 3
    no_event = await client.delete(
        "/relations", params={"ParentID": "booth-2"}, headers=world.h("admin_a")
    )
    assert no_event.status_code == 422
    response = await client.delete(
        "/relations",
        params={"EventID": world.event_a.id, "ParentID": "booth-2"},
        headers=world.h("admin_a"),
    )
    assert response.json() == {"Deleted": 2}
    assert await _rows(services) == 1


async def test_persons_by_relation_with_roles(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    moderator = await make_person(services, first_name="Mo", last_name="Derator")
    await grant_admin(
        services,
        moderator,
        AdminType.EVENT,
        event_id=world.event_a.id,
        customer_id=world.customer_a.id,
        roles=["moderation"],
    )
    room = "6650a1b2c3d4e5f6000000f2"
    await _post(client, world, ParentID=room, ChildID=moderator.id, ChildType="Person")
    await _post(client, world, ParentID=room, ChildID=world.attendee_a.id, ChildType="Person")
    await _post(client, world, ParentID=room, ChildID="not-a-person")
    # Event B's attendee under a type of one's own: an opaque string here, never a name.
    await _post(client, world, ParentID=room, ChildID=world.attendee_b.id)
    session = await create(client, world, "Speaker", {"FullName": "Not a person"})
    await _post(client, world, ParentID=room, ChildID=session["ID"], ChildType="Speaker")
    params = {"EventID": world.event_a.id, "ParentID": room, "RelationType": "Moderator"}
    plain = await client.get("/personsbyrelation", params=params, headers=world.h("attendee_a"))
    assert plain.status_code == 200
    people = plain.json()
    assert [p["PersonID"] for p in people] == [moderator.id, world.attendee_a.id]
    assert people[0]["FullName"] == "Mo Derator"
    assert "Roles" not in people[0] or people[0]["Roles"] is None
    assert all("EMail" not in str(p) for p in people)
    roles = await client.get(
        "/personsbyrelation",
        params={**params, "WithRoles": "true"},
        headers=world.h("attendee_a"),
    )
    assert [(p["IsAdmin"], p["Roles"]) for p in roles.json()] == [
        (True, ["moderation"]),
        (False, []),
    ]
    foreign = await client.get("/personsbyrelation", params=params, headers=world.h("attendee_b"))
    assert foreign.status_code == 403
    missing = await client.get(
        "/personsbyrelation", params={"EventID": world.event_a.id}, headers=world.h("attendee_a")
    )
    assert missing.json()["Error"]["Data"]["Parameters"] == ["ParentID"]


async def test_known_types_must_name_objects_of_the_event(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    """A relation of event A may not name event B's person, room or session: otherwise A's
    organizers could read B's people back through persons-by-relation (references.py)."""
    async with services.db.session() as session:
        room_b = await ensure_broadcast_room(session, world.event_b.id, services.clock.now())
        room_a = await ensure_broadcast_room(session, world.event_a.id, services.clock.now())
    session_b = await create(
        client, world, "Session", session_body(services.clock.now()), event=world.event_b
    )
    before = await _rows(services)
    for fields, named in (
        ({"ChildType": "Person", "ChildID": world.attendee_b.id}, "ChildID"),
        ({"ParentType": "Chatroom", "ParentID": room_b.id}, "ParentID"),
        ({"ParentType": "Session", "ParentID": session_b["ID"]}, "ParentID"),
        ({"ParentType": "Event", "ParentID": world.event_b.id}, "ParentID"),
    ):
        refused = await client.post(
            "/relations", json=_relation(world, **fields), headers=world.h("admin_a")
        )
        assert refused.status_code == 422, fields
        assert refused.json()["Error"]["Data"] == {named: fields[named]}
    assert await _rows(services) == before
    # The same shapes with event A's own objects are accepted.
    made = await _post(
        client,
        world,
        ParentType="Chatroom",
        ParentID=room_a.id,
        ChildType="Person",
        ChildID=world.attendee_a.id,
    )
    assert made["ChildID"] == world.attendee_a.id
