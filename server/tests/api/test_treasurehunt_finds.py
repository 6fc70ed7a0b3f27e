"""Finds: credited once (also under concurrent requests), scored by the server, refused for
items of another hunt or event and in a closed hunt — and the owner cannot set their score."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import func, select

from tests.api.treasurehunt_support import Hunting, hunting
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.panoramas.models import AttendeePanoVars
from venuely.realtime.opcodes import Opcode
from venuely.treasurehunt.models import TreasureHuntFind, TreasureHuntScore

__all__ = ["hunting"]


async def _finds(w: Hunting) -> int:
    async with w.services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(TreasureHuntFind)) or 0)


async def _pano_vars(w: Hunting, who: str) -> AttendeePanoVars | None:
    async with w.services.db.session() as session:
        return await session.get(AttendeePanoVars, (w.event.id, w.id(who)))


def _vars_url(w: Hunting, who: str) -> str:
    return f"/events/{w.event.id}/attendees/{w.id(who)}/pano-variables"


async def test_a_find_counts_once_and_the_server_scores_it(hunting: Hunting) -> None:
    w = hunting
    star = await w.item("Star", points=10)
    moon = await w.item("Moon", points=25)
    first = await w.find(star["ID"], "ada")
    assert first.status_code == 201, first.text
    assert first.json() == {"ItemID": star["ID"], "Points": 10, "Score": 10, "Found": 1, "Rank": 1}
    again = await w.find(star["ID"], "ada")
    assert again.status_code == 409
    assert again.json()["Error"]["Code"] == "TREASURE_ITEM_ALREADY_FOUND"
    assert again.json()["Error"]["Data"]["ItemID"] == star["ID"]
    assert (await w.find(moon["ID"], "bob")).json()["Rank"] == 1  # 25 beats 10
    both = await w.find(moon["ID"], "ada")
    assert both.json() == {"ItemID": moon["ID"], "Points": 25, "Score": 35, "Found": 2, "Rank": 1}
    me = await w.me("ada")
    assert (me["Score"], me["Found"], me["Rank"], me["ItemCount"]) == (35, 2, 1, 2)
    assert sorted(me["FoundItemIDs"]) == sorted([star["ID"], moon["ID"]])
    assert await _finds(w) == 3


async def test_concurrent_finds_of_one_item_count_once(hunting: Hunting) -> None:
    w = hunting
    star = await w.item("Star", points=10)
    answers = await asyncio.gather(*(w.find(star["ID"], "ada") for _ in range(8)))
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [201] + [409] * 7, [a.text for a in answers]
    assert await _finds(w) == 1
    me = await w.me("ada")
    assert (me["Score"], me["Found"]) == (10, 1)
    vars_row = await _pano_vars(w, "ada")
    assert vars_row is not None
    assert (vars_row.game_score, vars_row.state) == (10, {"Var_User_Game_01": "10"})


async def test_concurrent_finds_of_several_items_sum_them_all(hunting: Hunting) -> None:
    """Two tabs finding different items at once: each sum is read under the score's lock, so
    neither overwrites the other with a total that misses an item."""
    w = hunting
    items = [await w.item(f"Star {n}", points=10 + n) for n in range(5)]
    answers = await asyncio.gather(*(w.find(item["ID"], "ada") for item in items))
    assert [a.status_code for a in answers] == [201] * 5
    me = await w.me("ada")
    assert (me["Score"], me["Found"]) == (sum(10 + n for n in range(5)), 5)


async def test_the_owner_cannot_set_their_own_score(hunting: Hunting) -> None:
    w = hunting
    star = await w.item("Star", points=10)
    assert (await w.find(star["ID"], "ada")).status_code == 201
    forged = {"Var_User_Game_01": "9999", "Var_User_Lang": "de"}
    saved = await w.client.post(_vars_url(w, "ada"), headers=w.h("ada"), json=forged)
    # Ignored, not refused: the map is stored with the server's value in its place.
    assert saved.status_code == 200, saved.text
    assert saved.json() == {"Var_User_Game_01": "10", "Var_User_Lang": "de"}
    read = await w.client.get(_vars_url(w, "ada"), headers=w.h("ada"))
    assert read.json() == {"Var_User_Game_01": "10", "Var_User_Lang": "de"}
    # Someone with no score gets no score out of it; an organizer cannot set one either.
    bob = await w.client.post(_vars_url(w, "bob"), headers=w.h("bob"), json=forged)
    assert bob.json() == {"Var_User_Lang": "de"}
    by_admin = await w.client.post(
        _vars_url(w, "ada"), headers=w.h("olivia"), json={"Var_User_Game_01": "5000"}
    )
    assert by_admin.json() == {"Var_User_Game_01": "10"}
    board = await w.board()
    assert [(row["PersonID"], row["Score"]) for row in board] == [(w.id("ada"), 10)]
    assert (await w.me("ada"))["Score"] == 10
    row = await _pano_vars(w, "ada")
    assert row is not None
    assert row.game_score == 10


async def test_main_hunt_finds_write_the_variable_and_push_it(hunting: Hunting) -> None:
    w = hunting
    await w.client.post(_vars_url(w, "ada"), headers=w.h("ada"), json={"Var_User_Lang": "fr"})
    side = await w.hunt("Side quest")
    star = await w.item("Star", points=10)
    side_star = await w.item("Side star", points=50, hunt=side)
    w.hub.published.clear()
    await w.find(side_star["ID"], "ada", hunt=side)
    # Another hunt's score is not the variable: nothing written, nothing pushed.
    assert w.frames(Opcode.PANO_ATTENDEE_VAR_SYNC) == []
    assert (await _pano_vars(w, "ada")) is not None
    await w.find(star["ID"], "ada")
    [(channel, payload)] = w.frames(Opcode.PANO_ATTENDEE_VAR_SYNC)
    assert channel == f"person:{w.id('ada')}"
    assert payload == {
        "EventID": w.event.id,
        "PersonID": w.id("ada"),
        "Vars": {"Var_User_Lang": "fr", "Var_User_Game_01": "10"},
    }
    assert (await w.me("ada", hunt=side))["Score"] == 50  # kept apart


async def test_items_of_another_hunt_or_event_are_not_found(hunting: Hunting) -> None:
    w = hunting
    side = await w.hunt("Side quest")
    side_star = await w.item("Side star", hunt=side)
    foreign_hunt = await w.hunt("Elsewhere", who="oscar")
    foreign = await w.client.post(
        w.url("/items", foreign_hunt, w.other_event),
        headers=w.h("oscar"),
        json={"NodeID": "lobby", "Yaw": 0, "Pitch": 0, "Name": "Theirs"},
    )
    assert foreign.status_code == 201
    for item_id in (side_star["ID"], foreign.json()["ID"], new_id()):
        refused = await w.find(item_id, "ada")
        assert refused.status_code == 404, refused.text
        assert refused.json()["Error"] == {
            "Code": "TREASURE_ITEM_NOT_FOUND",
            "Message": "No such item in this treasure hunt",
            "Data": {"ItemID": item_id},
        }
    # Another event's hunt through this event's path does not exist here.
    unknown = await w.find(foreign.json()["ID"], "ada", hunt=foreign_hunt)
    assert unknown.status_code == 404
    assert unknown.json()["Error"]["Data"] == {"TreasureHuntID": foreign_hunt}
    # Another event's attendee is no member here.
    assert (await w.find(side_star["ID"], "eve", hunt=side)).status_code == 403
    bad_id = await w.client.post(w.url("/items/nope/find"), headers=w.h("ada"))
    assert bad_id.status_code == 422
    assert await _finds(w) == 0


async def test_a_closed_hunt_takes_no_finds(hunting: Hunting, clock: FrozenClock) -> None:
    w = hunting
    now = clock.now()
    later = await w.hunt(
        "Later hunt",
        DateBegin=(now + timedelta(hours=1)).isoformat(),
        DateEnd=(now + timedelta(hours=2)).isoformat(),
    )
    over = await w.hunt("Earlier hunt", DateEnd=(now - timedelta(hours=1)).isoformat())
    for hunt, state in ((later, "scheduled"), (over, "ended")):
        item = await w.item("Star", hunt=hunt)
        refused = await w.find(item["ID"], "ada", hunt=hunt)
        assert refused.status_code == 409, refused.text
        assert refused.json()["Error"]["Code"] == "TREASURE_HUNT_CLOSED"
        assert refused.json()["Error"]["Data"] == {"TreasureHuntID": hunt, "State": state}
    assert await _finds(w) == 0
    async with w.services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(TreasureHuntScore)) == 0
    listed = {h["ID"]: h for h in (await w.client.get(w.hunts_url(), headers=w.h("ada"))).json()}
    assert (listed[later]["IsOpen"], listed[over]["IsOpen"], listed[w.hunt_id]["IsOpen"]) == (
        False,
        False,
        True,
    )
    clock.advance(timedelta(minutes=61))
    listing = await w.call("GET", "/items", "ada", hunt=later)
    assert listing.status_code == 200, listing.text
    [item] = listing.json()
    assert (await w.find(item["ID"], "ada", hunt=later)).status_code == 201
