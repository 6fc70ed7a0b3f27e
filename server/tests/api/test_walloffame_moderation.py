"""The organizers' decisions through the routes: approve, reject with a reason, feature; the
refused steps (409 WALLOFFAME_INVALID_STATE, nothing changed); who reads the reason; the lists
with their filters, order and counts; who hears of each decision."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from tests.api.walloffame_support import Wall, wall
from venuely.core.clock import FrozenClock
from venuely.realtime.hub import person_channel, staff_channel
from venuely.walloffame.models import MAX_REASON

__all__ = ["wall"]


async def test_approve_then_the_gallery_shows_it(wall: Wall) -> None:
    project = await wall.submit("ada")
    assert await wall.listed("bob") == []
    wall.hub.published.clear()
    approved = await wall.act(project, "approve")
    assert approved.status_code == 200, approved.text
    body = approved.json()
    assert body["State"] == "approved"
    assert body["ReviewedAt"] is not None
    assert await wall.listed("bob") == [project["ID"]]
    told = {(n.channel, n.payload["State"]) for n in wall.notices(project["ID"])}
    assert told == {
        (staff_channel(wall.event.id), "approved"),
        (person_channel(wall.id("ada")), "approved"),
    }


async def test_reject_needs_a_reason_that_only_the_author_and_organizers_read(wall: Wall) -> None:
    project = await wall.submit("ada")
    wall.hub.published.clear()
    for body in ({}, {"Reason": ""}, {"Reason": "   "}, {"Reason": "x" * (MAX_REASON + 1)}):
        refused = await wall.act(project, "reject", json=body)
        assert refused.status_code == 422, body
    assert (await wall.get(project, "olivia")).json()["State"] == "pending"
    assert wall.notices() == []
    rejected = await wall.act(project, "reject", json={"Reason": "  Please add a picture  "})
    assert rejected.status_code == 200
    assert (rejected.json()["State"], rejected.json()["Reason"]) == (
        "rejected",
        "Please add a picture",
    )
    mine = await wall.get(project, "ada")
    assert mine.json()["Reason"] == "Please add a picture"
    assert (await wall.get(project, "bob")).status_code == 404
    # The frame carries no reason: the staff channel is every organizer's.
    assert all("Reason" not in n.payload for n in wall.notices())


async def test_taking_a_published_project_down_and_up_again(wall: Wall) -> None:
    project = await wall.approved("ada")
    await wall.act(project, "featured", json={"Featured": True})
    down = await wall.act(project, "reject", json={"Reason": "The link is broken"})
    assert (down.json()["State"], down.json()["Featured"]) == ("rejected", False)
    assert await wall.listed("bob") == []
    up = await wall.act(project, "approve")
    assert (up.json()["State"], up.json()["Reason"], up.json()["Featured"]) == (
        "approved",
        "",
        False,
    )


async def test_steps_the_state_does_not_allow(wall: Wall) -> None:
    pending = await wall.submit("ada")
    cases: list[tuple[dict[str, Any], str, dict[str, Any] | None, str]] = [
        (pending, "featured", {"Featured": True}, "pending"),
    ]
    approved = await wall.approved("bob")
    cases.append((approved, "approve", None, "approved"))
    rejected = await wall.submit("ada", Title="Other")
    await wall.act(rejected, "reject", json={"Reason": "No"})
    cases += [
        (rejected, "reject", {"Reason": "Still no"}, "rejected"),
        (rejected, "featured", {"Featured": True}, "rejected"),
    ]
    wall.hub.published.clear()
    for project, action, body, was in cases:
        refused = await wall.act(project, action, json=body)
        assert refused.status_code == 409, (action, was)
        error = refused.json()["Error"]
        assert error["Code"] == "WALLOFFAME_INVALID_STATE"
        assert error["Data"] == {"ProjectID": project["ID"], "State": was}
        after = (await wall.get(project, "olivia")).json()
        assert (after["State"], after["Featured"]) == (was, False)
    assert wall.notices() == []
    # Unfeaturing what is not featured changes nothing and tells nobody.
    unfeatured = await wall.act(pending, "featured", json={"Featured": False})
    assert unfeatured.status_code == 200
    assert wall.notices() == []


async def test_attendees_cannot_decide(wall: Wall) -> None:
    project = await wall.submit("bob")
    for action, body in (
        ("approve", None),
        ("reject", {"Reason": "x"}),
        ("featured", {"Featured": True}),
    ):
        for who in ("ada", "bob", "eve", "oscar"):
            refused = await wall.act(project, action, who, json=body)
            assert refused.status_code == 403, (action, who)
    assert (await wall.get(project, "olivia")).json()["State"] == "pending"


async def test_lists_filters_order_and_counts(wall: Wall) -> None:
    clock = wall.services.clock
    assert isinstance(clock, FrozenClock)
    made: dict[str, dict[str, Any]] = {}
    for name, who, category in (
        ("first", "ada", "Energy"),
        ("second", "bob", "Health"),
        ("third", "ada", "Health"),
        ("waiting", "bob", "Energy"),
        ("refused", "ada", "Community"),
    ):
        clock.advance(timedelta(minutes=1))
        made[name] = await wall.submit(who, Title=name, Category=category)
    for name in ("first", "second", "third"):
        clock.advance(timedelta(minutes=1))
        await wall.act(made[name], "approve")
    await wall.act(made["refused"], "reject", json={"Reason": "Off topic"})
    await wall.act(made["first"], "featured", json={"Featured": True})
    ids = {name: p["ID"] for name, p in made.items()}

    # Members: featured first, then the latest approved.
    assert await wall.listed("bob") == [ids["first"], ids["third"], ids["second"]]
    assert await wall.listed("bob", Category="Health") == [ids["third"], ids["second"]]
    # Their own, in every state, and only theirs; a State narrows it.
    assert set(await wall.listed("ada", Mine="true")) == {
        ids["first"],
        ids["third"],
        ids["refused"],
    }
    assert await wall.listed("ada", Mine="true", State="rejected") == [ids["refused"]]
    # Another's pending one never shows for a member, whatever they ask.
    assert await wall.listed("ada", State="pending") == []
    members = await wall.call("GET", "/projects", "ada")
    assert members.json()["Counts"] is None

    # Organizers: everything, the queue longest waiting first, counts per state.
    everything = await wall.call("GET", "/projects", "olivia")
    assert {p["ID"] for p in everything.json()["Projects"]} == set(ids.values())
    assert everything.json()["Counts"] == {"pending": 1, "approved": 3, "rejected": 1}
    assert await wall.listed("olivia", State="pending") == [ids["waiting"]]
    energy = await wall.call("GET", "/projects", "olivia", params={"Category": "Energy"})
    assert energy.json()["Counts"] == {"pending": 1, "approved": 1, "rejected": 0}
