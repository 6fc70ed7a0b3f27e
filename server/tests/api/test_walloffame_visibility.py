"""A pending or rejected project, and its pictures, on every path that reads them: this
feature's routes, vtables (the `walloffame` table by name, by id, a row changed through it),
vfiles (`/walloffame`, the list, the count, one vfile, its content). Other members do not see
them; the author and the organizers do; once approved everyone does."""

from __future__ import annotations

from typing import Any

from tests.api.walloffame_support import PROJECT, Wall, wall
from venuely.core.ids import new_id
from venuely.vtables.models import VTableRow

__all__ = ["wall"]


async def _wall_table_id(wall: Wall) -> str:
    tables = await wall.client.get(
        f"/events/{wall.event.id}/vtables",
        params={"VTableName": "walloffame"},
        headers=wall.h("olivia"),
    )
    [table] = tables.json()
    return str(table["ID"])


async def _seen(wall: Wall, who: str, project: dict[str, Any], vfile_id: str) -> dict[str, bool]:
    """Which read paths show `who` the project (or its picture)."""
    e, h, pid = f"/events/{wall.event.id}", wall.h(who), project["ID"]
    c = wall.client
    table_id = await _wall_table_id(wall)
    by_name = await c.get(f"{e}/vtables", params={"VTableName": "walloffame"}, headers=h)
    every_table = await c.get(f"{e}/vtables", headers=h)
    by_id = await c.get(f"{e}/vtables/{table_id}", headers=h)
    legacy = await c.get(f"{e}/vfiles/walloffame", headers=h)
    vfiles = await c.get(f"{e}/vfiles", params={"EntityType": "WallOfFame"}, headers=h)
    count = await c.get(f"{e}/vfiles/count", params={"EntityID": pid}, headers=h)
    one_vfile = await c.get(f"{e}/vfiles/{vfile_id}", headers=h)
    content = await c.get(f"{e}/vfiles/{vfile_id}/file", headers=h)
    return {
        "projects": pid in await wall.listed(who),
        "mine": pid in await wall.listed(who, Mine="true"),
        "project": (await wall.get(project, who)).status_code == 200,
        "vtable by name": pid in {r["ID"] for r in by_name.json()[0]["Rows"]},
        "every vtable": pid
        in {
            r["ID"]
            for t in every_table.json()
            if t["VTableName"] == "walloffame"
            for r in t["Rows"]
        },
        "vtable by id": pid in {r["ID"] for r in by_id.json()["Rows"]},
        "vfiles walloffame": pid in {p["ID"] for p in legacy.json()},
        "vfiles walloffame picture": vfile_id
        in {v["ID"] for p in legacy.json() for v in p["VFiles"]},
        "vfiles list": vfile_id in {v["ID"] for v in vfiles.json()},
        "vfiles count": count.json()["Count"] == 1,
        "vfile": one_vfile.status_code == 200,
        "vfile content": content.status_code == 200,
    }


async def test_pending_and_rejected_projects_on_every_read_path(wall: Wall) -> None:
    project = await wall.submit("ada")
    picture = await wall.upload(project)
    assert picture.status_code == 201, picture.text
    vfile_id = picture.json()["VFileID"]

    hidden = await _seen(wall, "bob", project, vfile_id)
    assert not any(hidden.values()), hidden
    for who in ("ada", "olivia"):
        seen = await _seen(wall, who, project, vfile_id)
        # The author's own list and project; the gallery shows approved ones only.
        expected = dict.fromkeys(seen, True) | {"projects": who == "olivia"}
        expected["mine"] = who == "ada"
        assert seen == expected, who
    # A missing vfile and a hidden one answer alike.
    assert (
        await wall.client.get(f"/events/{wall.event.id}/vfiles/{vfile_id}", headers=wall.h("bob"))
    ).json()["Error"]["Code"] == "VFILE_NOT_FOUND"

    await wall.act(project, "reject", json={"Reason": "Not yet"})
    assert not any((await _seen(wall, "bob", project, vfile_id)).values())

    await wall.act(project, "approve")
    shown = await _seen(wall, "bob", project, vfile_id)
    assert shown == dict.fromkeys(shown, True) | {"mine": False}


async def test_other_members_cannot_change_a_hidden_project_through_vtables(wall: Wall) -> None:
    project = await wall.submit("ada")
    table_id = await _wall_table_id(wall)
    url = f"/events/{wall.event.id}/vtables/{table_id}"
    row = {"RowID": project["ID"]}
    edit = {**PROJECT, "Title": "Hijacked"}
    put = await wall.client.put(url, params=row, json=edit, headers=wall.h("bob"))
    assert put.status_code == 404
    delete = await wall.client.delete(url, params=row, headers=wall.h("bob"))
    assert delete.status_code == 404
    # Nor attach a picture to it through vfiles.
    attach = {"EntityType": "WallOfFame", "EntityID": project["ID"], "FileType": "File"}
    vfile = await wall.client.post(
        f"/events/{wall.event.id}/vfiles", json=attach, headers=wall.h("bob")
    )
    assert vfile.status_code == 403
    assert (await wall.get(project, "ada")).json()["Title"] == PROJECT["Title"]


async def test_a_row_without_a_review_is_hidden_until_decided(wall: Wall) -> None:
    """A row written past every hook (straight into the table) reads as pending: hidden from
    other members rather than shown unreviewed; an organizer decides on it as on any other."""
    await wall.submit("ada")  # makes the wall's table
    table_id = await _wall_table_id(wall)
    now = wall.services.clock.now()
    async with wall.services.db.session() as session:
        row = VTableRow(
            id=new_id(),
            vtable_id=table_id,
            person_id=wall.id("ada"),
            data=dict(PROJECT),
            created_at=now,
            updated_at=now,
        )
        session.add(row)
    project = {"ID": row.id}
    assert (await wall.get(project, "bob")).status_code == 404
    assert (await wall.get(project, "olivia")).json()["State"] == "pending"
    assert (await wall.act(project, "approve")).json()["State"] == "approved"
    assert row.id in await wall.listed("bob")
