"""Items: organizers place, change and remove them (bad input changes nothing), nodes of the
event's tour, the per-hunt limit, and scores recomputed when points change or an item goes."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import func, select, update

from tests.api.test_panos_upload import tour_zip
from tests.api.treasurehunt_support import Hunting, hunting
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.events.models import Event
from venuely.panoramas.models import AttendeePanoVars, Pano
from venuely.panoramas.service import import_tour
from venuely.panoramas.urls import tour_url
from venuely.realtime.opcodes import Opcode
from venuely.treasurehunt.items import MAX_ITEMS
from venuely.treasurehunt.models import TreasureHuntFind, TreasureHuntItem, TreasureHuntScore

__all__ = ["hunting"]

STAR = {"NodeID": "lobby", "Yaw": -120.5, "Pitch": 12.25, "Name": "Star", "Clue": "Look up"}


async def _count(w: Hunting, model: Any) -> int:
    async with w.services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(model)) or 0)


async def test_organizers_place_change_and_remove_items(hunting: Hunting) -> None:
    w = hunting
    created = await w.call("POST", "/items", "olivia", json=STAR | {"Points": 15})
    assert created.status_code == 201, created.text
    item = created.json()
    assert item == {
        "ID": item["ID"],
        "HuntID": w.hunt_id,
        "NodeID": "lobby",
        "Yaw": -120.5,
        "Pitch": 12.25,
        "Name": "Star",
        "Clue": "Look up",
        "Points": 15,
        "Sort": 0,
        "Found": False,
        "FoundCount": 0,
    }
    second = await w.item("Moon")
    assert (second["Sort"], second["Points"], second["Clue"]) == (1, 10, "")
    await w.find(item["ID"], "ada")
    as_member = (await w.call("GET", "/items", "ada")).json()
    assert [(i["Name"], i["Found"], i["FoundCount"]) for i in as_member] == [
        ("Star", True, None),
        ("Moon", False, None),
    ]
    as_admin = (await w.call("GET", "/items", "olivia")).json()
    assert [(i["Found"], i["FoundCount"]) for i in as_admin] == [(False, 1), (False, 0)]
    changed = await w.call("PUT", f"/items/{item['ID']}", "olivia", json={"Name": "Gold star"})
    assert changed.status_code == 200, changed.text
    assert changed.json() == item | {"Name": "Gold star", "FoundCount": 1}
    for who in ("ada", "eve"):
        refused = await w.call("POST", "/items", who, json=STAR)
        assert refused.status_code == 403, who
        put = await w.call("PUT", f"/items/{item['ID']}", who, json={"Name": "Mine"})
        assert put.status_code == 403, who
        assert (await w.call("DELETE", f"/items/{item['ID']}", who)).status_code == 403
    gone = await w.call("DELETE", f"/items/{item['ID']}", "olivia")
    assert gone.status_code == 204
    assert (await w.call("DELETE", f"/items/{item['ID']}", "olivia")).status_code == 404
    assert [i["Name"] for i in (await w.call("GET", "/items", "ada")).json()] == ["Moon"]


async def test_bad_input_is_refused_and_changes_nothing(hunting: Hunting) -> None:
    w = hunting
    item = await w.item("Star")
    bodies: list[dict[str, Any]] = [
        STAR | {"Yaw": 180.5},
        STAR | {"Pitch": -90.01},
        STAR | {"Points": 0},
        STAR | {"Points": 1001},
        STAR | {"Name": "   "},
        STAR | {"Name": "x" * 121},
        STAR | {"Clue": "x" * 501},
        STAR | {"NodeID": ""},
        STAR | {"Score": 10},
        {"Yaw": 1.0, "Sort": -1},
    ]
    for body in bodies:
        put = await w.call("PUT", f"/items/{item['ID']}", "olivia", json=body)
        assert put.status_code == 422, body
        refused = await w.call("POST", "/items", "olivia", json=body)
        assert refused.status_code == 422, body
    incomplete = {k: v for k, v in STAR.items() if k != "Yaw"}
    assert (await w.call("POST", "/items", "olivia", json=incomplete)).status_code == 422
    nan = b'{"NodeID": "lobby", "Yaw": NaN, "Pitch": 0, "Name": "Star"}'
    headers = w.h("olivia") | {"Content-Type": "application/json"}
    raw = await w.client.post(w.url("/items"), headers=headers, content=nan)
    assert raw.status_code == 422
    assert await _count(w, TreasureHuntItem) == 1
    [stored] = (await w.call("GET", "/items", "olivia")).json()
    assert stored == item | {"FoundCount": 0}
    side = await w.hunt("Side quest")
    elsewhere = await w.call("PUT", f"/items/{item['ID']}", "olivia", hunt=side, json={"Name": "X"})
    assert elsewhere.status_code == 404
    assert elsewhere.json()["Error"]["Code"] == "TREASURE_ITEM_NOT_FOUND"
    unknown_hunt = await w.call("POST", "/items", "olivia", hunt=new_id(), json=STAR)
    assert unknown_hunt.status_code == 404


async def test_a_node_must_be_in_the_events_tour(hunting: Hunting) -> None:
    w = hunting
    now = w.services.clock.now()
    async with w.services.db.session() as session:
        pano = Pano(id=new_id(), customer_id=w.event.customer_id, name="Venue")
        pano.created_at = pano.updated_at = now
        session.add(pano)
        await session.flush()
        version = await import_tour(session, w.services, pano, tour_zip())
        url = tour_url(pano.id, version.version)
        await session.execute(update(Event).where(Event.id == w.event.id).values(pano_url=url))
    for node in ("lobby", "HALL"):  # by id or custom id, ignoring case, as the app finds rooms
        assert (await w.call("POST", "/items", "olivia", json=STAR | {"NodeID": node})).is_success
    refused = await w.call("POST", "/items", "olivia", json=STAR | {"NodeID": "kitchen"})
    assert refused.status_code == 422
    assert refused.json()["Error"]["Data"]["NodeID"] == "kitchen"
    [first, _] = (await w.call("GET", "/items", "olivia")).json()
    moved = await w.call("PUT", f"/items/{first['ID']}", "olivia", json={"NodeID": "attic"})
    assert moved.status_code == 422
    assert await _count(w, TreasureHuntItem) == 2


async def test_a_hunt_holds_at_most_200_items(hunting: Hunting) -> None:
    w = hunting
    now = w.services.clock.now()
    async with w.services.db.session() as session:
        for n in range(MAX_ITEMS):
            session.add(
                TreasureHuntItem(
                    event_id=w.event.id,
                    hunt_id=w.hunt_id,
                    node_id="lobby",
                    yaw=0.0,
                    pitch=0.0,
                    name=f"Star {n}",
                    sort=n,
                    created_at=now,
                    updated_at=now,
                )
            )
    full = await w.call("POST", "/items", "olivia", json=STAR)
    assert full.status_code == 409
    assert full.json()["Error"]["Code"] == "TREASURE_HUNT_FULL"
    assert full.json()["Error"]["Data"] == {"TreasureHuntID": w.hunt_id, "MaxItems": 200}
    assert await _count(w, TreasureHuntItem) == MAX_ITEMS
    # Another hunt has room of its own.
    side = await w.hunt("Side quest")
    assert (await w.call("POST", "/items", "olivia", hunt=side, json=STAR)).status_code == 201


async def test_new_points_recompute_every_score(hunting: Hunting, clock: FrozenClock) -> None:
    w = hunting
    star, moon = await w.item("Star", 10), await w.item("Moon", 20)
    await w.find(star["ID"], "ada")
    clock.advance(timedelta(seconds=1))
    await w.find(moon["ID"], "bob")
    assert [(r["PersonID"], r["Score"]) for r in await w.board()] == [
        (w.id("bob"), 20),
        (w.id("ada"), 10),
    ]
    w.hub.published.clear()
    repriced = await w.call("PUT", f"/items/{star['ID']}", "olivia", json={"Points": 30})
    assert repriced.json()["Points"] == 30
    assert [(r["PersonID"], r["Score"]) for r in await w.board()] == [
        (w.id("ada"), 30),
        (w.id("bob"), 20),
    ]
    assert (await w.me("ada"))["Rank"] == 1
    # The main hunt's score is ada's variable: rewritten and pushed to her.
    [(channel, payload)] = w.frames(Opcode.PANO_ATTENDEE_VAR_SYNC)
    assert (channel, payload["Vars"]) == (f"person:{w.id('ada')}", {"Var_User_Game_01": "30"})
    await w.drain()
    [(_, board)] = w.frames(Opcode.TREASURE_HUNT_RANKING_NOTIFY)
    assert [(r["PersonID"], r["Score"]) for r in board["Top"]] == [
        (w.id("ada"), 30),
        (w.id("bob"), 20),
    ]


async def test_deleting_an_item_takes_its_finds_and_points(hunting: Hunting) -> None:
    w = hunting
    star, moon = await w.item("Star", 10), await w.item("Moon", 20)
    for who in ("ada", "bob"):
        await w.find(star["ID"], who)
    await w.find(moon["ID"], "bob")
    assert (await w.call("DELETE", f"/items/{star['ID']}", "olivia")).status_code == 204
    me = await w.me("ada")
    assert (me["Score"], me["Found"], me["Rank"], me["FoundItemIDs"]) == (0, 0, None, [])
    assert [(r["PersonID"], r["Score"]) for r in await w.board()] == [(w.id("bob"), 20)]
    assert (await w.me("bob"))["Found"] == 1
    assert await _count(w, TreasureHuntFind) == 1
    async with w.services.db.session() as session:
        ada_vars = await session.get(AttendeePanoVars, (w.event.id, w.id("ada")))
    assert ada_vars is not None
    assert (ada_vars.game_score, ada_vars.state) == (0, {})  # dropped: no score left


async def test_a_deleted_hunt_takes_its_items_and_scores(hunting: Hunting) -> None:
    w = hunting
    side = await w.hunt("Side quest")
    star = await w.item("Star", 10, hunt=side)
    await w.find(star["ID"], "ada", hunt=side)
    kept = await w.item("Kept", 10)
    await w.find(kept["ID"], "ada")
    gone = await w.client.delete(f"/events/{w.event.id}/activities/{side}", headers=w.h("olivia"))
    assert gone.status_code == 204, gone.text
    assert (await w.call("GET", "/items", "ada", hunt=side)).status_code == 404
    assert await _count(w, TreasureHuntItem) == 1
    assert await _count(w, TreasureHuntFind) == 1
    assert await _count(w, TreasureHuntScore) == 1
