"""The board: order, ranks and keyset paging of server scores, one board per hunt, hidden
names, the hunts a path may name, and the organizers' CSV."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

from sqlalchemy import update

from tests.api.treasurehunt_support import Hunting, hunting
from venuely.accounts.models import Person
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id

__all__ = ["hunting"]


async def test_order_ranks_and_keyset_paging(hunting: Hunting, clock: FrozenClock) -> None:
    w = hunting
    for name in ("dan", "fay"):
        await w.person(name)
    fifty, thirty = await w.item("Fifty", 50), await w.item("Thirty", 30)
    ten, twenty = await w.item("Ten", 10), await w.item("Twenty", 20)
    # bob reaches 30 first, cy reaches 30 later in two finds: bob ranks higher.
    for who, item in (("bob", thirty), ("cy", ten), ("cy", twenty), ("dan", fifty), ("fay", ten)):
        assert (await w.find(item["ID"], who)).status_code == 201
        clock.advance(timedelta(seconds=1))
    everything = await w.board()
    assert [r["PersonID"] for r in everything] == [w.id(p) for p in ("dan", "bob", "cy", "fay")]
    assert [r["Rank"] for r in everything] == [1, 2, 3, 4]
    assert [r["Score"] for r in everything] == [50, 30, 30, 10]
    assert everything[0] | {"UpdatedAt": None} == {
        "Rank": 1,
        "PersonID": w.id("dan"),
        "FullName": "Dan Player",
        "PictureURL": "",
        "Score": 50,
        "UpdatedAt": None,
        "Hidden": False,
    }
    page1 = (await w.call("GET", "/rankings", "ada", params={"Limit": 2})).json()
    last = page1[-1]
    cursor = {"LastScore": last["Score"], "LastUpdatedAt": last["UpdatedAt"]}
    cursor["LastID"] = last["PersonID"]
    page2 = (await w.call("GET", "/rankings", "ada", params={"Limit": 2} | cursor)).json()
    assert [(r["PersonID"], r["Rank"]) for r in page2] == [(w.id("cy"), 3), (w.id("fay"), 4)]
    last = page2[-1]
    cursor = {"LastScore": last["Score"], "LastUpdatedAt": last["UpdatedAt"]}
    cursor["LastID"] = last["PersonID"]
    assert (await w.call("GET", "/rankings", "ada", params=cursor)).json() == []
    partial = await w.call("GET", "/rankings", "ada", params={"LastScore": 30})
    assert partial.status_code == 422
    assert "LastUpdatedAt" in partial.json()["Error"]["Message"]
    assert (await w.call("GET", "/rankings", "ada", params={"Limit": 201})).status_code == 422
    assert (await w.me("cy"))["Rank"] == 3
    assert (await w.me("ada"))["Rank"] is None  # nothing found: not ranked


async def test_each_hunt_keeps_its_own_scores(hunting: Hunting, clock: FrozenClock) -> None:
    w = hunting
    side = await w.hunt("Side quest")
    star = await w.item("Star", 10)
    side_star = await w.item("Side star", 40, hunt=side)
    await w.find(star["ID"], "ada")
    await w.find(side_star["ID"], "bob", hunt=side)
    clock.advance(timedelta(seconds=1))  # ada reaches 40 after bob: bob ranks first
    await w.find(side_star["ID"], "ada", hunt=side)
    assert [(r["PersonID"], r["Score"]) for r in await w.board()] == [(w.id("ada"), 10)]
    side_board = await w.board(hunt=side)
    assert [(r["PersonID"], r["Score"]) for r in side_board] == [
        (w.id("bob"), 40),
        (w.id("ada"), 40),
    ]
    hunts = (await w.client.get(w.hunts_url(), headers=w.h("ada"))).json()
    assert [(h["ID"], h["IsMain"], h["MyScore"], h["MyFound"], h["ItemCount"]) for h in hunts] == [
        (w.hunt_id, True, 10, 1, 1),
        (side, False, 40, 1, 1),
    ]
    assert hunts[0]["Title"] == "Find the stars"


async def test_hidden_names_show_only_to_the_person_and_organizers(hunting: Hunting) -> None:
    w = hunting
    async with w.services.db.session() as session:
        picture = "https://pictures.example.org/ada.png"
        await session.execute(
            update(Person).where(Person.id == w.id("ada")).values(picture_url=picture)
        )
    star = await w.item("Star", 10)
    await w.find(star["ID"], "ada")
    hidden = await w.call("PUT", "/me", "ada", json={"Hidden": True})
    assert hidden.status_code == 200, hidden.text
    assert hidden.json()["Hidden"] is True
    [row] = await w.board("bob")
    assert (row["PersonID"], row["FullName"], row["PictureURL"], row["Hidden"]) == (
        w.id("ada"),
        "",
        "",
        True,
    )
    for viewer in ("ada", "olivia"):
        [row] = await w.board(viewer)
        assert (row["FullName"], row["PictureURL"], row["Hidden"]) == ("Ada Player", picture, True)
    shown = await w.call("PUT", "/me", "ada", json={"Hidden": False})
    assert shown.json()["Hidden"] is False
    assert (await w.board("bob"))[0]["FullName"] == "Ada Player"
    for body in ({}, {"Hidden": "maybe"}, {"Hidden": True, "Score": 5}):
        refused = await w.call("PUT", "/me", "ada", json=body)
        assert refused.status_code == 422, body
    assert (await w.me("ada"))["Hidden"] is False


async def test_which_hunts_a_path_may_name(hunting: Hunting) -> None:
    w = hunting
    # The event's TreasureHuntID names a hunt of its own (not an activity): the main hunt.
    own = new_id()
    put = await w.client.put(
        f"/events/{w.event.id}", headers=w.h("olivia"), json={"TreasureHuntID": own}
    )
    assert put.status_code == 200, put.text
    await w.item("Star", 10, hunt=own)
    hunts = (await w.client.get(w.hunts_url(), headers=w.h("ada"))).json()
    assert [(h["ID"], h["Title"], h["IsMain"]) for h in hunts] == [
        (own, "Treasure hunt", True),
        (w.hunt_id, "Find the stars", False),
    ]
    assert (await w.call("GET", "/rankings", "ada", hunt=own)).status_code == 200
    for missing in (new_id(), "0" * 24):
        unknown = await w.call("GET", "/rankings", "ada", hunt=missing)
        assert unknown.status_code == 404
        assert unknown.json()["Error"]["Data"] == {"TreasureHuntID": missing}
    elsewhere = await w.hunt("Elsewhere", who="oscar")
    assert (await w.call("GET", "/rankings", "ada", hunt=elsewhere)).status_code == 404
    assert (await w.call("GET", "/rankings", "eve")).status_code == 403
    assert (await w.client.get(w.url("/rankings"))).status_code == 401


async def test_the_csv_has_real_names_for_organizers_only(
    hunting: Hunting, clock: FrozenClock
) -> None:
    w = hunting
    await w.person("mallory")
    async with w.services.db.session() as session:
        await session.execute(
            update(Person).where(Person.id == w.id("mallory")).values(first_name="=HYPERLINK(1)")
        )
    star, moon = await w.item("Star", 10), await w.item("Moon", 20)
    await w.find(moon["ID"], "ada")
    clock.advance(timedelta(seconds=5))
    await w.find(star["ID"], "mallory")
    await w.find(moon["ID"], "mallory")
    await w.call("PUT", "/me", "ada", json={"Hidden": True})
    assert (await w.call("GET", "/rankings.csv", "ada")).status_code == 403
    response = await w.call("GET", "/rankings.csv", "olivia")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert f'filename="rankings-{w.hunt_id}.csv"' in response.headers["content-disposition"]
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["Rank", "Name", "Email", "Score", "Found", "ScoredAt"]
    scored = clock.now().isoformat().replace("+00:00", "Z")
    assert rows[1] == [
        "1",
        "'=HYPERLINK(1) Player",  # a spreadsheet must not run it
        w.persons["mallory"].email,
        "30",
        "2",
        scored,
    ]
    assert rows[2][:5] == ["2", "Ada Player", w.persons["ada"].email, "20", "1"]  # hidden: named
    assert len(rows) == 3
