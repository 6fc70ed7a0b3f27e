"""TREASURE_HUNT_RANKING_NOTIFY: coalesced per hunt (one frame per tick, not one per find), to
the event's channel, with hidden names blanked, and only when a board changed."""

from __future__ import annotations

from datetime import timedelta

from tests.api.treasurehunt_support import Hunting, hunting
from venuely.core.clock import FrozenClock
from venuely.realtime.opcodes import Opcode

__all__ = ["hunting"]


async def test_finds_are_told_once_per_tick_per_hunt(hunting: Hunting, clock: FrozenClock) -> None:
    w = hunting
    side = await w.hunt("Side quest")
    star, moon = await w.item("Star", 10), await w.item("Moon", 20)
    side_star = await w.item("Side star", 5, hunt=side)
    await w.call("PUT", "/me", "bob", json={"Hidden": True})
    for who, item in (("ada", star), ("bob", moon), ("cy", star), ("ada", moon)):
        assert (await w.find(item["ID"], who)).status_code == 201
        clock.advance(timedelta(seconds=1))
    await w.find(side_star["ID"], "cy", hunt=side)
    assert w.frames(Opcode.TREASURE_HUNT_RANKING_NOTIFY) == []  # nothing per find
    await w.drain()
    frames = w.frames(Opcode.TREASURE_HUNT_RANKING_NOTIFY)
    assert [(channel, f["HuntID"]) for channel, f in frames] == [
        (f"event:{w.event.id}", w.hunt_id),
        (f"event:{w.event.id}", side),
    ]
    main = frames[0][1]
    assert (main["EventID"], main["Ranked"]) == (w.event.id, 3)
    assert main["Version"] == int(clock.now().timestamp() * 1000)
    assert [(r["Rank"], r["PersonID"], r["FullName"], r["Score"]) for r in main["Top"]] == [
        (1, w.id("ada"), "Ada Player", 30),
        (2, w.id("bob"), "", 20),  # hidden: blanked for everyone on the channel
        (3, w.id("cy"), "Cy Player", 10),
    ]
    assert main["Top"][1]["Hidden"] is True
    assert [r["PersonID"] for r in frames[1][1]["Top"]] == [w.id("cy")]
    # Nothing changed since: nothing more is sent.
    await w.drain()
    assert len(w.frames(Opcode.TREASURE_HUNT_RANKING_NOTIFY)) == 2


async def test_hiding_a_ranked_name_is_told_and_a_refused_find_is_not(hunting: Hunting) -> None:
    w = hunting
    star = await w.item("Star", 10)
    await w.find(star["ID"], "ada")
    await w.drain()
    w.hub.published.clear()
    assert (await w.find(star["ID"], "ada")).status_code == 409
    await w.call("PUT", "/me", "bob", json={"Hidden": True})  # bob is on no board
    await w.drain()
    assert w.frames(Opcode.TREASURE_HUNT_RANKING_NOTIFY) == []
    await w.call("PUT", "/me", "ada", json={"Hidden": True})
    await w.drain()
    [(_, frame)] = w.frames(Opcode.TREASURE_HUNT_RANKING_NOTIFY)
    assert (frame["Top"][0]["FullName"], frame["Top"][0]["Hidden"]) == ("", True)
