"""The treasure hunt over real sockets against a live server: a find reaches every socket of
the event as TREASURE_HUNT_RANKING_NOTIFY at the next tick (another event's sockets hear
nothing), and the finder's sockets get their new Var_User_Game_01."""

from __future__ import annotations

from typing import Any

from tests.realtime.interaction_support import Stage, settle, stage
from tests.realtime.live import LiveServer, attendee, wait_until
from venuely.realtime.opcodes import Opcode


async def _hunt_with_a_star(s: Stage) -> tuple[str, dict[str, Any]]:
    async with s.live.client() as api:
        response = await api.http.post(
            f"/events/{s.event_id}/activities",
            params={"EntityType": "TreasureHunt"},
            json={"InternalName": "stars", "Title": "Find the stars"},
            headers={"Authorization": f"Bearer {s.admin_token}"},
        )
    assert response.status_code == 201, response.text
    hunt = str(response.json()["ID"])
    body = {"NodeID": "lobby", "Yaw": 40.0, "Pitch": -3.5, "Name": "Star", "Points": 25}
    created = await s.call("POST", f"/treasure-hunts/{hunt}/items", body=body)
    assert created.status_code == 201, created.text
    item: dict[str, Any] = created.json()
    return hunt, item


async def test_a_find_reaches_the_events_sockets(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob")
    stranger = await attendee(live.services)
    elsewhere = await live.socket(stranger.token)
    await wait_until(lambda: bool(live.hub.connections_of(stranger.person.id)), "connected")
    try:
        hunt, star = await _hunt_with_a_star(s)
        found = await s.call("POST", f"/treasure-hunts/{hunt}/items/{star['ID']}/find", who="ada")
        assert found.status_code == 201, found.text
        ada = s.people["ada"].person.id
        # The finder's own sockets follow the server's score (the event's main hunt) at once.
        synced = await s.sockets["ada"].wait_for(Opcode.PANO_ATTENDEE_VAR_SYNC)
        assert synced.value["Vars"] == {"Var_User_Game_01": "25"}
        for who in ("bob", "ada", "admin"):
            frame = await s.sockets[who].wait_for(Opcode.TREASURE_HUNT_RANKING_NOTIFY)
            assert frame.value["EventID"] == s.event_id, who
            assert frame.value["HuntID"] == hunt
            assert frame.value["Ranked"] == 1
            [row] = frame.value["Top"]
            assert (row["Rank"], row["PersonID"], row["Score"]) == (1, ada, 25)
        heard = {frame.opcode for frame in await settle(elsewhere)}
        assert Opcode.TREASURE_HUNT_RANKING_NOTIFY not in heard
    finally:
        await elsewhere.close()
        await s.close()
