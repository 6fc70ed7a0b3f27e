"""The organizer's settings of the Wall of Fame: the categories (kept as the `walloffametags`
table's rows, so vtables and the project rules read the same list) and whether submissions
wait for review; bad lists refused with nothing changed; attendees may read, not write."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.walloffame_support import CATEGORIES, PROJECT, Wall, wall
from venuely.walloffame.models import MAX_CATEGORIES

__all__ = ["wall"]


async def test_categories_are_the_tags_table(wall: Wall) -> None:
    assert (await wall.call("GET", "/categories", "bob")).json() == CATEGORIES
    tags = await wall.client.get(
        f"/events/{wall.event.id}/vtables/walloffametags", headers=wall.h("bob")
    )
    assert tags.json() == CATEGORIES
    renamed = ["  Green energy ", "Health"]
    put = await wall.call("PUT", "/categories", "olivia", json=renamed)
    assert put.json() == ["Green energy", "Health"]
    # Projects are held to the new list; the text of an existing one stays its own.
    project = await wall.submit("ada", Category="Health")
    refused = await wall.call("POST", "/projects", "ada", json=PROJECT)
    assert refused.json()["Error"]["Data"]["Problems"] == [
        {"Name": "Category", "Message": "Select category"}
    ]
    await wall.call("PUT", "/categories", "olivia", json=["Other"])
    assert (await wall.get(project, "ada")).json()["Category"] == "Health"


@pytest.mark.parametrize(
    "names",
    [
        [],
        [""],
        ["   "],
        ["x" * 101],
        ["Energy", "energy"],
        [f"C{n}" for n in range(MAX_CATEGORIES + 1)],
        "Energy",
        [1, 2],
        {"Name": "Energy"},
    ],
)
async def test_bad_category_lists_change_nothing(wall: Wall, names: Any) -> None:
    refused = await wall.call("PUT", "/categories", "olivia", json=names)
    assert refused.status_code == 422, names
    assert refused.json()["Error"]["Code"] == "VALIDATION_ERROR"
    assert (await wall.call("GET", "/categories", "olivia")).json() == CATEGORIES


async def test_exactly_at_the_limits(wall: Wall) -> None:
    names = [f"{n:02d}" + "x" * 98 for n in range(MAX_CATEGORIES)]
    put = await wall.call("PUT", "/categories", "olivia", json=names)
    assert put.status_code == 200, put.text
    assert put.json() == names


async def test_only_organizers_write_the_settings(wall: Wall) -> None:
    for who in ("ada", "eve", "oscar"):
        assert (await wall.call("PUT", "/categories", who, json=["Mine"])).status_code == 403
        body = {"ReviewRequired": False}
        assert (await wall.call("PUT", "/settings", who, json=body)).status_code == 403
    assert (await wall.call("GET", "/settings", "ada")).json() == {"ReviewRequired": True}
    assert (await wall.call("GET", "/categories", "eve")).status_code == 403
    bodies: list[dict[str, Any]] = [
        {},
        {"ReviewRequired": "maybe"},
        {"ReviewRequired": True, "X": 1},
    ]
    for body in bodies:
        assert (await wall.call("PUT", "/settings", "olivia", json=body)).status_code == 422


async def test_turning_review_off_leaves_the_queue_as_it_is(wall: Wall) -> None:
    waiting = await wall.submit("ada")
    await wall.call("PUT", "/settings", "olivia", json={"ReviewRequired": False})
    assert (await wall.get(waiting, "ada")).json()["State"] == "pending"
    await wall.call("PUT", "/settings", "olivia", json={"ReviewRequired": True})
    assert (await wall.submit("bob"))["State"] == "pending"


async def test_an_event_without_tables_yet(wall: Wall) -> None:
    """Another event, untouched: no categories, no projects; the first submission makes the
    wall's table (any category goes while the organizer defined none)."""
    other = wall.other_event
    assert (await wall.call("GET", "/categories", "eve", event=other)).json() == []
    listed = await wall.call("GET", "/projects", "eve", event=other)
    assert listed.json() == {"Projects": [], "Counts": None}
    made = await wall.call(
        "POST", "/projects", "eve", event=other, json={**PROJECT, "Category": "Any"}
    )
    assert made.status_code == 201, made.text
    tables = await wall.client.get(
        f"/events/{other.id}/vtables", params={"VTableName": "walloffame"}, headers=wall.h("oscar")
    )
    assert [r["ID"] for r in tables.json()[0]["Rows"]] == [made.json()["ID"]]
