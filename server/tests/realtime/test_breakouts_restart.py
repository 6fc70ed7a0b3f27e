"""Breakout presence does not outlive its server: a `venuely serve` process killed with SIGKILL
(no shutdown code runs, nothing is cleared) and started again on the same database leaves no
one inside any room (docs/subsystems/breakouts.md, "Presence that outlives its socket")."""

from __future__ import annotations

import asyncio

import httpx
from sqlalchemy import func, select

from tests.api.breakouts_support import make_room
from tests.realtime.processes import WAIT, FaultRig
from venuely.breakouts.models import BreakoutPresence
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.realtime.opcodes import Opcode


async def _present(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(BreakoutPresence)) or 0)


async def test_a_restart_clears_the_presence_a_killed_process_left(
    rig: FaultRig, services: Services
) -> None:
    server = await rig.started()
    ada, bob = await rig.connected(server, 2)
    async with services.db.session() as session:
        event = await session.get(Event, ada.event_id)
    assert event is not None
    room = await make_room(services, event, Capacity=2)
    for who in (ada, bob):
        assert who.socket is not None
        await who.socket.send_json(Opcode.BREAKOUT_JOIN, {"RoomID": room.id, "TmpID": "in"})
        await who.socket.wait_for(Opcode.BREAKOUT_PRESENCE_NOTIFY, within=WAIT)
    assert await _present(services) == 2

    server.kill()
    assert await _present(services) == 2  # a killed process clears nothing itself

    await server.start()  # the same database; a new instance of the server
    async with asyncio.timeout(WAIT):
        while await _present(services):  # noqa: ASYNC110 - the server's start-up clears them
            await asyncio.sleep(0.05)
    async with httpx.AsyncClient(base_url=f"{server.url}/api/v1", timeout=WAIT) as http:
        listed = await http.get(
            f"/events/{event.id}/breakouts", headers={"Authorization": f"Bearer {ada.token}"}
        )
    assert listed.status_code == 200, listed.text
    [view] = listed.json()
    assert (view["PersonIDs"], view["Occupancy"], view["SeatsLeft"]) == ([], 0, 2)
    # The room takes both again after the restart.
    await ada.connect(server)
    assert ada.socket is not None
    await ada.socket.send_json(Opcode.BREAKOUT_JOIN, {"RoomID": room.id, "TmpID": "again"})
    back = await ada.socket.wait_for(Opcode.BREAKOUT_PRESENCE_NOTIFY, within=WAIT)
    assert back.value["RoomID"] == room.id
