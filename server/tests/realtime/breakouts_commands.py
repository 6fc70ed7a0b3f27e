"""The breakout rooms of the socket authorization table (`test_authz_commands.py`): the rooms it
names and the payloads of its BREAKOUT_JOIN and BREAKOUT_LEAVE rows.

Keys: BR_OPEN (an open room of A with seats for every caller), BR_CLOSED (a closed room of A),
BR_FULL (a room of A for one, taken by P2 through a socket of the live server), BR_B (an open
room of B)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from tests.api.breakouts_support import make_room
from venuely.breakouts.instances import instance_of
from venuely.breakouts.models import BreakoutPresence
from venuely.core.services import Services
from venuely.events.models import Event

# A socket number no real socket of the live server reaches in a test.
P2_SOCKET = 999_999


async def breakout_rooms(services: Services, ids: dict[str, str], events: dict[str, Event]) -> None:
    now = services.clock.now()
    ids["BR_OPEN"] = (await make_room(services, events["A"], Capacity=10)).id
    closed = await make_room(
        services, events["A"], InternalName="shut", ClosesAt=(now - timedelta(hours=1)).isoformat()
    )
    ids["BR_CLOSED"] = closed.id
    ids["BR_FULL"] = (await make_room(services, events["A"], InternalName="full", Capacity=1)).id
    ids["BR_B"] = (await make_room(services, events["B"])).id
    async with services.db.session() as session:
        # Held through the live server's own instance, so its heartbeat keeps the seat taken.
        session.add(
            BreakoutPresence(
                event_id=ids["A"],
                person_id=ids["P2"],
                room_id=ids["BR_FULL"],
                instance_id=instance_of(services).id,
                connection_id=P2_SOCKET,
                joined_at=now,
            )
        )


def join(room: str) -> Callable[[Any, str], dict[str, Any]]:
    def payload(w: Any, caller: str) -> dict[str, Any]:
        return {"RoomID": w.ids[room], "TmpID": f"join-{caller}"}

    return payload


def leave(room: str | None) -> Callable[[Any, str], dict[str, Any]]:
    def payload(w: Any, caller: str) -> dict[str, Any]:
        body: dict[str, Any] = {"TmpID": f"leave-{caller}"}
        if room is not None:
            body["RoomID"] = w.ids[room]
        return body

    return payload
