"""Activities over HTTP: create, read, update, delete, lists, count, values, the dry run."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.activities_support import World, build_world, create, session_body
from venuely.activities.models import Activity, ActivityValue
from venuely.core.ids import new_id
from venuely.core.services import Services


@pytest.fixture
async def world(services: Services) -> World:
    return await build_world(services)


async def _count_rows(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(Activity)) or 0)


def _url(world: World, suffix: str = "") -> str:
    return f"/events/{world.event_a.id}/activities{suffix}"


async def test_admin_creates_a_session_and_attendees_read_it_without_secrets(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    body = session_body(services.clock.now(), ConferencePassword="s3cret")
    created = await create(client, world, "Session", body)
    assert created["Type"] == created["EntityType"] == "Session"
    assert created["EventID"] == world.event_a.id
    assert created["ConferencePassword"] == "s3cret"
    assert created["DateBegin"] == body["DateBegin"]
    listed = await client.get(
        _url(world), params={"EntityType": "Session"}, headers=world.h("attendee_a")
    )
    assert listed.status_code == 200
    [item] = listed.json()
    assert item["ID"] == created["ID"]
    assert item["InternalName"] == "keynote"
    assert item["ConferenceJoinURL"] == body["ConferenceJoinURL"]
    assert "ConferencePassword" not in item
    one = await client.get(_url(world, f"/{created['ID']}"), headers=world.h("attendee_a"))
    assert one.json() == item


@pytest.mark.parametrize(
    ("change", "code", "name"),
    [
        ({"DateBegin": None}, "MISSING_PARAMETER", "DateBegin"),
        ({"InternalName": None}, "MISSING_PARAMETER", "InternalName"),
        ({"IsVirtual": "perhaps"}, "VALIDATION_ERROR", "IsVirtual"),
        ({"ConferenceJoinURL": "javascript:alert(1)"}, "VALIDATION_ERROR", "ConferenceJoinURL"),
        ({"ConferenceJoinURL": "ftp://files.example.com/x"}, "VALIDATION_ERROR", ""),
        ({"ConferenceType": "Teams"}, "VALIDATION_ERROR", "ConferenceType"),
        ({"InternalName": "DELETED"}, "VALIDATION_ERROR", "InternalName"),
        ({"DateBegin": "not a date"}, "VALIDATION_ERROR", "DateBegin"),
        ({"Colour": "red"}, "VALIDATION_ERROR", "Colour"),
        ({"ID": "0123456789abcdef01234567"}, "VALIDATION_ERROR", ""),
    ],
)
async def test_bad_sessions_are_refused_and_nothing_is_stored(
    client: httpx.AsyncClient,
    world: World,
    services: Services,
    change: dict[str, Any],
    code: str,
    name: str,
) -> None:
    body = session_body(services.clock.now())
    for key, value in change.items():
        if value is None:
            body.pop(key)
        else:
            body[key] = value
    response = await client.post(
        _url(world), params={"EntityType": "Session"}, json=body, headers=world.h("admin_a")
    )
    assert response.status_code == 422, response.text
    error = response.json()["Error"]
    assert error["Code"] == code
    assert name in error["Message"]
    assert await _count_rows(services) == 0


async def test_session_must_end_after_it_begins(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    body = session_body(services.clock.now())
    body["DateEnd"] = body["DateBegin"]
    response = await client.post(
        _url(world), params={"EntityType": "Session"}, json=body, headers=world.h("admin_a")
    )
    assert response.status_code == 422
    assert "DateEnd must be after DateBegin" in response.json()["Error"]["Message"]


@pytest.mark.parametrize(
    ("params", "body", "name"),
    [
        ({}, {"Title": "x"}, "EntityType"),
        ({"EntityType": "Cake"}, {"Title": "x"}, "EntityType"),
        ({"EntityType": "Poll"}, [1, 2], "body"),
        ({"EntityType": "Poll"}, {"IsActive": "sometimes"}, "IsActive"),
    ],
)
async def test_bad_parameters_name_the_parameter(
    client: httpx.AsyncClient,
    world: World,
    services: Services,
    params: dict[str, str],
    body: Any,
    name: str,
) -> None:
    response = await client.post(_url(world), params=params, json=body, headers=world.h("admin_a"))
    assert response.status_code == 422
    assert name in response.json()["Error"]["Message"]
    assert await _count_rows(services) == 0


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("attendee_a", 403), ("attendee_b", 403)]
)
async def test_only_admins_write(
    client: httpx.AsyncClient, world: World, services: Services, who: str, status: int
) -> None:
    response = await client.post(
        _url(world),
        params={"EntityType": "Session"},
        json=session_body(services.clock.now()),
        headers=world.h(who),
    )
    assert response.status_code == status
    assert await _count_rows(services) == 0


async def test_reads_need_membership(client: httpx.AsyncClient, world: World) -> None:
    assert (await client.get(_url(world))).status_code == 401
    assert (await client.get(_url(world), headers=world.h("attendee_b"))).status_code == 403
    unknown_event = await client.get(f"/events/{new_id()}/activities", headers=world.h("admin_a"))
    assert unknown_event.json()["Error"]["Code"] == "EVENT_NOT_FOUND"


async def test_unknown_and_foreign_ids_are_not_found(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    foreign = await create(client, world, "Poll", {"Title": "B's poll"}, event=world.event_b)
    for activity_id in (new_id(), foreign["ID"]):
        for method in ("GET", "DELETE"):
            response = await client.request(
                method, _url(world, f"/{activity_id}"), headers=world.h("admin_a")
            )
            assert response.status_code == 404
            assert response.json()["Error"]["Code"] == "ACTIVITY_NOT_FOUND"
        put = await client.put(
            _url(world, f"/{activity_id}"), json={"Title": "mine now"}, headers=world.h("admin_a")
        )
        assert put.status_code == 404
    malformed = await client.get(_url(world, "/not-an-id"), headers=world.h("admin_a"))
    assert malformed.status_code == 422
    still = await client.get(
        f"/events/{world.event_b.id}/activities/{foreign['ID']}", headers=world.h("admin_b")
    )
    assert still.json()["Title"] == "B's poll"


async def test_update_replaces_the_document_and_keeps_identity(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    created = await create(client, world, "Session", session_body(services.clock.now()))
    url = _url(world, f"/{created['ID']}")
    changed = {**created, "Title": "Keynote (moved)", "ScreenID": "screen-2"}
    response = await client.put(url, json=changed, headers=world.h("admin_a"))
    assert response.status_code == 200, response.text
    assert response.json()["Title"] == "Keynote (moved)"
    assert response.json()["CreatedAt"] == created["CreatedAt"]
    for bad in ({**changed, "Type": "Poll"}, {**changed, "ID": new_id()}):
        refused = await client.put(url, json=bad, headers=world.h("admin_a"))
        assert refused.status_code == 422
    attendee = await client.put(url, json=changed, headers=world.h("attendee_a"))
    assert attendee.status_code == 403
    assert (await client.get(url, headers=world.h("admin_a"))).json()["ScreenID"] == "screen-2"


async def test_delete_removes_activity_values_and_relations(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    created = await create(client, world, "Session", session_body(services.clock.now()))
    url = _url(world, f"/{created['ID']}")
    await client.post(url + "/values/color", json="blue", headers=world.h("admin_a"))
    relation = await client.post(
        "/relations",
        json={
            "EventID": world.event_a.id,
            "ParentType": "Session",
            "ParentID": created["ID"],
            "RelationType": "Host",
            "ChildType": "Guest",
            "ChildID": new_id(),
        },
        headers=world.h("admin_a"),
    )
    assert relation.status_code == 201
    assert (await client.delete(url, headers=world.h("attendee_a"))).status_code == 403
    assert (await client.delete(url, headers=world.h("admin_a"))).status_code == 204
    assert (await client.get(url, headers=world.h("admin_a"))).status_code == 404
    gone = await client.get(f"/relations/{relation.json()['ID']}", headers=world.h("admin_a"))
    assert gone.status_code == 404
    async with services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(ActivityValue)) == 0


async def test_list_filters_pages_and_counts(client: httpx.AsyncClient, world: World) -> None:
    made = [
        await create(client, world, "Poll", {"Title": f"poll {i}", "PanoNodeID": f"node{i % 2}"})
        for i in range(5)
    ]
    await create(client, world, "Video", {"Title": "trailer"})
    headers = world.h("attendee_a")
    first = await client.get(
        _url(world), params={"EntityType": "Poll", "MaxCount": 2}, headers=headers
    )
    rest = await client.get(
        _url(world),
        params={"EntityType": "Poll", "MaxCount": 10, "StartID": first.json()[-1]["ID"]},
        headers=headers,
    )
    assert [a["ID"] for a in first.json() + rest.json()] == [a["ID"] for a in made]
    node = await client.get(_url(world), params={"PanoNodeID": "node1"}, headers=headers)
    assert [a["Title"] for a in node.json()] == ["poll 1", "poll 3"]
    total = await client.get(_url(world, "/count"), headers=headers)
    polls = await client.get(_url(world, "/count"), params={"EntityType": "Poll"}, headers=headers)
    assert (total.json(), polls.json()) == ({"Count": 6}, {"Count": 5})
    bad = await client.get(_url(world), params={"MaxCount": "lots"}, headers=headers)
    assert bad.status_code == 422
    assert "MaxCount" in bad.json()["Error"]["Message"]


async def test_active_polls_per_node(client: httpx.AsyncClient, world: World) -> None:
    await create(client, world, "Poll", {"Title": "open", "IsActive": True, "PanoNodeID": "hall"})
    await create(client, world, "Poll", {"Title": "closed", "PanoNodeID": "hall"})
    await create(client, world, "Poll", {"Title": "else", "IsActive": True, "PanoNodeID": "expo"})
    response = await client.get(
        _url(world, "/activepolls"), params={"Node": "hall"}, headers=world.h("attendee_a")
    )
    assert [p["Title"] for p in response.json()] == ["open"]
    missing = await client.get(_url(world, "/activepolls"), headers=world.h("attendee_a"))
    assert missing.status_code == 422
    assert missing.json()["Error"]["Data"]["Parameters"] == ["Node"]


async def test_values_per_activity(client: httpx.AsyncClient, world: World) -> None:
    poll = await create(client, world, "Poll", {"Title": "p"})
    url = _url(world, f"/{poll['ID']}/values/results")
    missing = await client.get(url, headers=world.h("attendee_a"))
    assert missing.json()["Error"]["Code"] == "VALUE_NOT_FOUND"
    stored = await client.post(url, json={"yes": 3, "no": 1}, headers=world.h("admin_a"))
    assert stored.json() == {"yes": 3, "no": 1}
    assert (await client.get(url, headers=world.h("attendee_a"))).json() == {"yes": 3, "no": 1}
    refused = await client.post(url, json={"yes": 99}, headers=world.h("attendee_a"))
    assert refused.status_code == 403
    assert (await client.get(url, headers=world.h("attendee_a"))).json()["yes"] == 3
    bad_key = await client.get(_url(world, f"/{poll['ID']}/values/a b"), headers=world.h("admin_a"))
    assert bad_key.status_code == 422


async def test_dummy_validates_without_storing(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    url = f"/events/{world.event_a.id}/activitiesDUMMY"
    body = session_body(
        services.clock.now(),
        DateBegin="2030-05-01T10:00:00+02:00",
        DateEnd="2030-05-01T11:00:00+02:00",
    )
    ok = await client.post(
        url, params={"EntityType": "Session"}, json=body, headers=world.h("admin_a")
    )
    assert ok.status_code == 200
    assert ok.json()["DateBegin"] == "2030-05-01T08:00:00Z"
    assert ok.json()["ConferenceType"] == "Iframe"
    bad = await client.post(
        url, params={"EntityType": "Session"}, json={"Title": "x"}, headers=world.h("admin_a")
    )
    assert bad.status_code == 422
    attendee = await client.post(
        url, params={"EntityType": "Session"}, json=body, headers=world.h("attendee_a")
    )
    assert attendee.status_code == 403
    assert await _count_rows(services) == 0


async def test_json_postgres_cannot_store_is_normalized_or_refused(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    """Python's JSON parser accepts NaN, Infinity and 80-bit integers; JSONB does not."""
    headers = {**world.h("admin_a"), "Content-Type": "application/json"}
    made = await client.post(
        _url(world),
        params={"EntityType": "Video"},
        content=b'{"Title": "clip", "Score": NaN, "Scale": Infinity}',
        headers=headers,
    )
    assert made.status_code == 201, made.text
    assert (made.json()["Score"], made.json()["Scale"]) == (None, None)
    huge = await client.post(
        _url(world),
        params={"EntityType": "Video"},
        content=b'{"Title": "clip", "Views": 1208925819614629174706176}',
        headers=headers,
    )
    assert huge.status_code == 422
    assert await _count_rows(services) == 1
    value_url = _url(world, f"/{made.json()['ID']}/values/stats")
    stored = await client.post(value_url, content=b"[NaN, 1]", headers=headers)
    assert stored.json() == [None, 1]
    too_big = await client.post(value_url, content=b"1208925819614629174706176", headers=headers)
    assert too_big.status_code == 422
    relation = await client.post(
        "/relations",
        content=(
            b'{"EventID": "%s", "ParentType": "Video", "ParentID": "p", "RelationType": "X",'
            b' "ChildType": "Y", "ChildID": "c", "SortFields": {"Index": NaN}}'
        )
        % world.event_a.id.encode(),
        headers=headers,
    )
    assert relation.status_code == 422
