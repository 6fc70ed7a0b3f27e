"""The demo event's treasure hunt: the main hunt with six stars on nodes of the demo tour, a
board with rows (one of them hidden), the demo attendee with one star found and the server's
score in their variables; seeding again changes none of it."""

from __future__ import annotations

import httpx
from sqlalchemy import func, select

from venuely.core.services import Services
from venuely.demo import content
from venuely.demo.seed import seed_demo
from venuely.events.prepublish.context import CheckContext
from venuely.events.prepublish.tour import tour_nodes
from venuely.files.storage import build_storage
from venuely.treasurehunt.models import TreasureHuntFind, TreasureHuntItem


async def _counts(services: Services) -> tuple[int, int]:
    async with services.db.session() as session:
        items = await session.scalar(select(func.count()).select_from(TreasureHuntItem))
        finds = await session.scalar(select(func.count()).select_from(TreasureHuntFind))
    return int(items or 0), int(finds or 0)


async def test_the_demo_has_a_hunt_to_play(services: Services, client: httpx.AsyncClient) -> None:
    ctx = await seed_demo(services)
    login = await client.post(
        "/login",
        params={"EventID": ctx.event.id},
        json={"LoginEMail": content.ATTENDEE_EMAIL, "Password": content.ATTENDEE_PASSWORD},
    )
    headers = {"Authorization": f"Bearer {login.json()['Token']}"}
    base = f"/events/{ctx.event.id}/treasure-hunts"
    [hunt] = (await client.get(base, headers=headers)).json()
    assert (hunt["Title"], hunt["IsMain"], hunt["IsOpen"]) == ("Find the hidden stars", True, True)
    assert ctx.event.treasure_hunt_id == hunt["ID"]
    assert (hunt["ItemCount"], hunt["MyScore"], hunt["MyFound"]) == (6, 10, 1)
    items = (await client.get(f"{base}/{hunt['ID']}/items", headers=headers)).json()
    assert all(10 <= item["Points"] <= 30 and item["Clue"] for item in items)
    assert sum(item["Found"] for item in items) == 1
    async with services.db.session() as session:
        storage = build_storage(services.settings)
        nodes = await tour_nodes(CheckContext(session, storage, services.settings, ctx.event, []))
    assert nodes.known is not None
    assert all(nodes.has(item["NodeID"]) for item in items)
    assert len({item["NodeID"] for item in items}) == 4  # every room of the venue
    board = (await client.get(f"{base}/{hunt['ID']}/rankings", headers=headers)).json()
    assert len(board) == 5
    assert [row["Score"] for row in board] == [65, 60, 45, 10, 10]
    assert [row["Hidden"] for row in board].count(True) == 1
    me = (await client.get(f"{base}/{hunt['ID']}/me", headers=headers)).json()
    assert (me["Score"], me["Found"], me["Rank"]) == (10, 1, 5)  # found it last
    variables = await client.get(
        f"/events/{ctx.event.id}/attendees/{ctx.attendee.id}/pano-variables", headers=headers
    )
    assert variables.json().get("Var_User_Game_01") == "10"
    before = await _counts(services)
    await seed_demo(services)
    assert await _counts(services) == before == (6, 10)
