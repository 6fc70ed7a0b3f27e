"""The people list (people/listing.py): attendees and unused invitations by address, their
states and flags, search, filters, keyset pages with a total, and the CSV export."""

from __future__ import annotations

import csv
import io
from typing import Any

import httpx

from tests.api.people_support import PeopleWorld, build_people_world
from tests.factories import make_person
from venuely.core.services import Services


async def _seed(
    client: httpx.AsyncClient, services: Services, world: PeopleWorld
) -> dict[str, str]:
    event = world.event
    verified = await make_person(services, "vera@example.com", event=event, first_name="Vera")
    await make_person(services, "reg@example.com", event=event, verified=False, first_name="Reg")
    removed = await make_person(services, "rem@example.com", event=event, first_name="Rem")
    banned = await make_person(services, "ban@example.com", event=event, first_name="=HYPERLINK(1)")
    await make_person(services, "elsewhere@example.com")  # no attendee of this event
    invited = ["inv@example.com", "vera@example.com"]  # Vera's invitation was used
    answer = await client.post(world.url("/invitations"), json={"Emails": invited}, headers=world.h)
    assert answer.status_code == 422  # Vera is registered already
    answer = await client.post(
        world.url("/invitations"), json={"Emails": invited, "Confirm": True}, headers=world.h
    )
    assert answer.json()["Invited"] == 1
    for person, tail in ((removed, "removal"), (banned, "chat-ban")):
        done = await client.put(world.url(f"/people/{person.id}/{tail}"), headers=world.h)
        assert done.status_code == 200, done.text
    return {"vera": verified.id}


async def _page(
    client: httpx.AsyncClient, world: PeopleWorld, **query: str | int
) -> dict[str, Any]:
    answer = await client.get(world.url("/people"), params=query, headers=world.h)
    assert answer.status_code == 200, answer.text
    page: dict[str, Any] = answer.json()
    return page


async def test_states_filters_search_and_pages(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_people_world(services)
    await _seed(client, services, world)
    everyone = await _page(client, world)
    assert everyone["Total"] == 5
    # Every tab's count comes with any page, for the same search.
    counts = {"Invited": 1, "Registered": 1, "Verified": 3, "Removed": 1, "Banned": 1}
    assert everyone["Counts"] == {"All": 5, **counts}
    banned_page = await _page(client, world, State="banned")
    assert (banned_page["Total"], banned_page["Counts"]["All"]) == (1, 5)
    searched = await _page(client, world, Search="rem@")
    assert searched["Counts"] == {
        "All": 1,
        "Invited": 0,
        "Registered": 0,
        "Verified": 1,
        "Removed": 1,
        "Banned": 0,
    }
    states = {r["Email"]: (r["State"], r["Removed"], r["ChatBanned"]) for r in everyone["Rows"]}
    assert states == {
        "ban@example.com": ("verified", False, True),
        "inv@example.com": ("invited", False, False),
        "reg@example.com": ("registered", False, False),
        "rem@example.com": ("verified", True, False),
        "vera@example.com": ("verified", False, False),
    }
    vera = next(r for r in everyone["Rows"] if r["Email"] == "vera@example.com")
    assert vera["InvitedAt"] is None  # the invitation was refused: she was registered first
    invited = next(r for r in everyone["Rows"] if r["State"] == "invited")
    assert (invited["PersonID"], invited["InvitedAt"] is not None) == (None, True)

    def emails(page: dict[str, Any]) -> list[str]:
        return [r["Email"] for r in page["Rows"]]

    assert emails(await _page(client, world, State="invited")) == ["inv@example.com"]
    assert emails(await _page(client, world, State="registered")) == ["reg@example.com"]
    assert emails(await _page(client, world, State="removed")) == ["rem@example.com"]
    assert emails(await _page(client, world, State="banned")) == ["ban@example.com"]
    assert len(emails(await _page(client, world, State="verified"))) == 3
    assert emails(await _page(client, world, Search="VERA")) == ["vera@example.com"]
    assert emails(await _page(client, world, Search="%")) == []  # a literal, not a wildcard

    first = await _page(client, world, Limit=2)
    assert (emails(first), first["Total"]) == (["ban@example.com", "inv@example.com"], 5)
    second = await _page(client, world, Limit=2, Cursor=first["NextCursor"])
    third = await _page(client, world, Limit=2, Cursor=second["NextCursor"])
    assert emails(second) + emails(third) == [
        "reg@example.com",
        "rem@example.com",
        "vera@example.com",
    ]
    assert third["NextCursor"] is None
    bad = await client.get(world.url("/people"), params={"State": "gone"}, headers=world.h)
    assert bad.status_code == 422


async def test_the_export_has_every_row_and_defuses_formulas(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_people_world(services)
    await _seed(client, services, world)
    answer = await client.get(world.url("/people/export"), headers=world.h)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert rows[0][:5] == ["PersonID", "Email", "FirstName", "LastName", "State"]
    assert len(rows) == 6
    banned = next(r for r in rows if r[1] == "ban@example.com")
    assert banned[2] == "'=HYPERLINK(1)"
    assert banned[-1] == "yes"
