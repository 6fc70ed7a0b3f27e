"""Virtual tables per event and global: CRUD, who may do what, caps, and Wall of Fame projects
with the attendee app's validation messages."""

from __future__ import annotations

from typing import Any

import httpx

from tests.api.proxy_support import World, build_world
from venuely.core.services import Services
from venuely.vtables.schemas import MAX_ROWS

PROJECT = {
    "Title": "Solar kiosk",
    "Category": "Energy",
    "Description": "A kiosk that runs on sunlight.",
    "Link": "https://example.org/solar",
}


def base(world: World) -> str:
    return f"/events/{world.event.id}/vtables"


async def make_table(
    client: httpx.AsyncClient, world: World, name: str, rows: list[dict[str, Any]]
) -> dict[str, Any]:
    response = await client.post(
        base(world), json={"VTableName": name, "Rows": rows}, headers=world.h("admin")
    )
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


async def test_event_tables_crud_by_admin_and_read_by_attendees(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    table = await make_table(client, world, "sponsors", [{"Name": "Acme", "Tier": 1}])
    assert table["VTableName"] == "sponsors"
    assert table["EventID"] == world.event.id
    assert [r["Name"] for r in table["Rows"]] == ["Acme"]
    row_id = table["Rows"][0]["ID"]

    listed = await client.get(
        base(world), params={"VTableName": "sponsors"}, headers=world.h("att_a")
    )
    assert listed.status_code == 200
    assert [t["ID"] for t in listed.json()] == [table["ID"]]
    one = await client.get(f"{base(world)}/{table['ID']}", headers=world.h("att_b"))
    assert one.json()["Rows"][0]["Tier"] == 1

    replaced = await client.put(
        f"{base(world)}/{table['ID']}",
        json={
            "VTableName": "partners",
            "Rows": [{"ID": row_id, "Name": "Acme", "Tier": 2}, {"Name": "Globex"}],
        },
        headers=world.h("admin"),
    )
    assert replaced.status_code == 200, replaced.text
    rows = replaced.json()["Rows"]
    assert rows[0]["ID"] == row_id
    assert rows[0]["Tier"] == 2
    assert rows[1]["Name"] == "Globex"

    duplicate = await client.post(
        base(world), json={"VTableName": "partners"}, headers=world.h("admin")
    )
    assert duplicate.status_code == 409

    deleted = await client.delete(f"{base(world)}/{table['ID']}", headers=world.h("admin"))
    assert deleted.status_code == 204
    gone = await client.get(f"{base(world)}/{table['ID']}", headers=world.h("admin"))
    assert gone.status_code == 404
    assert gone.json()["Error"]["Code"] == "VTABLE_NOT_FOUND"


async def test_event_table_permissions(client: httpx.AsyncClient, services: Services) -> None:
    world = await build_world(services)
    table = await make_table(client, world, "sponsors", [{"Name": "Acme"}])
    one = f"{base(world)}/{table['ID']}"
    body = {"VTableName": "sponsors", "Rows": []}
    assert (await client.get(base(world))).status_code == 401
    for who, status in (("att_a", 403), ("outsider", 403), ("foreign_admin", 403)):
        assert (await client.post(base(world), json=body, headers=world.h(who))).status_code == (
            status
        )
        assert (await client.put(one, json=body, headers=world.h(who))).status_code == status
        assert (await client.delete(one, headers=world.h(who))).status_code == status
        appended = await client.post(
            base(world), params={"VTableID": table["ID"]}, json={"X": 1}, headers=world.h(who)
        )
        assert appended.status_code == status
    for who in ("outsider", "foreign_admin"):
        assert (await client.get(one, headers=world.h(who))).status_code == 403
    # Nothing changed.
    after = await client.get(one, headers=world.h("admin"))
    assert [r["Name"] for r in after.json()["Rows"]] == ["Acme"]


async def test_caps_on_rows_and_row_size(client: httpx.AsyncClient, services: Services) -> None:
    world = await build_world(services)
    too_many = await client.post(
        base(world),
        json={"VTableName": "big", "Rows": [{}] * (MAX_ROWS + 1)},
        headers=world.h("admin"),
    )
    assert too_many.status_code == 422
    too_big = await client.post(
        base(world),
        json={"VTableName": "big", "Rows": [{"Text": "x" * 20_000}]},
        headers=world.h("admin"),
    )
    assert too_big.status_code == 422
    bad_name = await client.post(
        base(world), json={"VTableName": "no spaces please"}, headers=world.h("admin")
    )
    assert bad_name.status_code == 422
    listed = await client.get(base(world), headers=world.h("admin"))
    assert listed.json() == []

    full = await make_table(client, world, "full", [{"N": i} for i in range(MAX_ROWS)])
    one_more = await client.post(
        base(world), params={"VTableID": full["ID"]}, json={"N": -1}, headers=world.h("admin")
    )
    assert one_more.status_code == 422
    assert one_more.json()["Error"]["Data"]["MaxRows"] == MAX_ROWS


async def test_wall_of_fame_projects_by_attendees(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    await make_table(client, world, "walloffametags", [{"Name": "Energy"}, {"Name": "Health"}])
    wall = await make_table(client, world, "walloffame", [])
    tags = await client.get(f"{base(world)}/walloffametags", headers=world.h("att_a"))
    assert tags.json() == ["Energy", "Health"]

    add = {"VTableID": wall["ID"]}
    created = await client.post(base(world), params=add, json=PROJECT, headers=world.h("att_a"))
    assert created.status_code == 201, created.text
    project = created.json()
    assert project["PersonID"] == world.ids["att_a"]
    assert project["Title"] == "Solar kiosk"

    row = {"RowID": project["ID"]}
    one = f"{base(world)}/{wall['ID']}"
    edit = {**PROJECT, "Title": "Solar kiosk 2"}
    # Waiting for review, the project is not there for other attendees (walloffame/).
    by_other = await client.put(one, params=row, json=edit, headers=world.h("att_b"))
    assert by_other.status_code == 404
    by_author = await client.put(one, params=row, json=edit, headers=world.h("att_a"))
    assert by_author.status_code == 200, by_author.text
    assert by_author.json()["Title"] == "Solar kiosk 2"
    review = f"/events/{world.event.id}/walloffame/projects/{project['ID']}/approve"
    assert (await client.post(review, headers=world.h("admin"))).status_code == 200
    # Approved, others see it but may not change it.
    by_other = await client.put(one, params=row, json=edit, headers=world.h("att_b"))
    assert by_other.status_code == 403
    assert (await client.delete(one, params=row, headers=world.h("att_b"))).status_code == 403

    attach = {
        "EntityType": "WallOfFame",
        "EntityID": project["ID"],
        "FileType": "URL",
        "URL": "https://example.org/demo.mp4",
    }
    vfiles = f"/events/{world.event.id}/vfiles"
    assert (await client.post(vfiles, json=attach, headers=world.h("att_b"))).status_code == 403
    attached = await client.post(vfiles, json=attach, headers=world.h("att_a"))
    assert attached.status_code == 201, attached.text
    # The author's new file sent the project back to review; approved again, it shows.
    assert (await client.post(review, headers=world.h("admin"))).status_code == 200

    projects = await client.get(
        f"/events/{world.event.id}/vfiles/walloffame", headers=world.h("att_b")
    )
    assert projects.status_code == 200
    assert [(p["ID"], p["Title"], p["PersonID"]) for p in projects.json()] == [
        (project["ID"], "Solar kiosk 2", world.ids["att_a"])
    ]
    assert [v["ID"] for v in projects.json()[0]["VFiles"]] == [attached.json()["ID"]]

    assert (await client.delete(one, params=row, headers=world.h("att_a"))).status_code == 204
    after = await client.get(one, headers=world.h("admin"))
    assert after.json()["Rows"] == []


async def test_wall_of_fame_validation_messages(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    await make_table(client, world, "walloffametags", [{"Name": "Energy"}])
    wall = await make_table(client, world, "walloffame", [])
    add = {"VTableID": wall["ID"]}

    empty = await client.post(
        base(world), params=add, json={"Link": "not a link"}, headers=world.h("att_a")
    )
    assert empty.status_code == 422
    problems = empty.json()["Error"]["Data"]["Problems"]
    assert problems == [
        {"Name": "Title", "Message": "Enter title"},
        {"Name": "Category", "Message": "Select category"},
        {"Name": "Description", "Message": "Enter description"},
        {"Name": "Link", "Message": "Provide a valid link"},
    ]
    for link in ("javascript:alert(1)", "ftp://example.org/x", "https://"):
        bad = await client.post(
            base(world), params=add, json={**PROJECT, "Link": link}, headers=world.h("att_a")
        )
        assert bad.json()["Error"]["Data"]["Problems"] == [
            {"Name": "Link", "Message": "Provide a valid link"}
        ], link
    unknown = await client.post(
        base(world), params=add, json={**PROJECT, "Category": "Knitting"}, headers=world.h("att_a")
    )
    assert unknown.json()["Error"]["Data"]["Problems"] == [
        {"Name": "Category", "Message": "Select category"}
    ]
    no_link = {k: v for k, v in PROJECT.items() if k != "Link"}
    ok = await client.post(base(world), params=add, json=no_link, headers=world.h("att_a"))
    assert ok.status_code == 201
    table = await client.get(f"{base(world)}/{wall['ID']}", headers=world.h("admin"))
    assert len(table.json()["Rows"]) == 1


async def test_global_tables(client: httpx.AsyncClient, services: Services) -> None:
    world = await build_world(services)
    body = {"VTableName": "countries", "Rows": [{"Code": "DE"}]}
    for who in ("att_a", "admin", "foreign_admin"):
        assert (await client.post("/vtables", json=body, headers=world.h(who))).status_code == 403
    assert (await client.get("/vtables")).status_code == 401
    created = await client.post("/vtables", json=body, headers=world.h("master"))
    assert created.status_code == 201, created.text
    table = created.json()
    assert table["EventID"] is None

    count = await client.get("/vtables/count", headers=world.h("att_a"))
    assert count.json() == {"Count": 1}
    listed = await client.get(
        "/vtables", params={"VTableName": "countries"}, headers=world.h("att_b")
    )
    assert [t["ID"] for t in listed.json()] == [table["ID"]]
    one = f"/vtables/{table['ID']}"
    assert (await client.get(one, headers=world.h("outsider"))).json()["Rows"][0]["Code"] == "DE"
    # A global table is not reachable as an event table, and the other way round.
    assert (
        await client.get(f"{base(world)}/{table['ID']}", headers=world.h("admin"))
    ).status_code == 404

    appended = await client.post(
        "/vtables", params={"VTableID": table["ID"]}, json={"Code": "FR"}, headers=world.h("master")
    )
    assert appended.status_code == 201
    update = {"VTableName": "countries", "Rows": [{"Code": "IT"}]}
    assert (await client.put(one, json=update, headers=world.h("admin"))).status_code == 403
    replaced = await client.put(one, json=update, headers=world.h("master"))
    assert [r["Code"] for r in replaced.json()["Rows"]] == ["IT"]
    assert (await client.delete(one, headers=world.h("foreign_admin"))).status_code == 403
    assert (await client.delete(one, headers=world.h("master"))).status_code == 204
    assert (await client.get("/vtables/count", headers=world.h("master"))).json() == {"Count": 0}
