"""Reactions through the gateway: taps of several attendees come back to everyone as bursts with
their counts added up; a flood is refused with RATE_LIMITED and counts nothing; a session that
has reactions off, is not running, or is not in the socket's event refuses the tap."""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import timedelta
from typing import Any

from tests.realtime.interaction_support import settle, stage
from tests.realtime.live import LiveServer
from venuely.client import RealtimeSocket
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.reactions import service
from venuely.realtime.codec import Frame
from venuely.realtime.opcodes import Opcode

BURST, ERROR = Opcode.REACTION_BURST_NOTIFY, Opcode.REACTION_ERROR


async def _tap(socket: RealtimeSocket, session_id: str, reaction: str = "applause") -> None:
    await socket.send_json(Opcode.REACTION_SEND, {"SessionID": session_id, "Reaction": reaction})


def _added_up(frames: list[Frame], session_id: str) -> Counter[str]:
    """The counts of the bursts among `frames`, added up."""
    total: Counter[str] = Counter()
    for frame in (f for f in frames if f.opcode is BURST):
        assert frame.value["SessionID"] == session_id
        total.update({c["Reaction"]: c["Count"] for c in frame.value["Counts"]})
    return total


async def _errors(socket: RealtimeSocket) -> list[dict[str, Any]]:
    """The refusals the socket got since it last settled (bursts it hears are left aside)."""
    return [f.value["Error"] for f in await settle(socket) if f.opcode is ERROR]


async def test_taps_of_several_people_come_back_as_bursts(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob", "cy")
    loop = asyncio.get_running_loop()
    began = loop.time()
    sent = {
        "ada": ["applause", "applause", "heart"],
        "bob": ["applause", "laugh", "wow"],
        "cy": ["celebrate", "thumbsup", "applause", "heart"],
    }
    for who, taps in sent.items():
        for reaction in taps:
            await _tap(s.sockets[who], s.session_id, reaction)
    for who in sent:
        assert await _errors(s.sockets[who]) == []  # every tap taken, none answered alone
    elapsed = loop.time() - began
    await service.flush_now(live.services)
    expected = Counter(r for taps in sent.values() for r in taps)
    for who, socket in s.sockets.items():
        frames = await settle(socket)
        assert {f.opcode for f in frames} == {BURST}
        assert _added_up(frames, s.session_id) == expected, who
        # At most one burst per tick (plus the one flushed now), never one per tap.
        assert 1 <= len(frames) <= elapsed / service.INTERVAL + 2
        assert len(frames) < sum(expected.values())
        assert all(f.value["EventID"] == s.event_id for f in frames)
    # Known reactions come in their fixed order, and only those tapped.
    await _tap(s.sockets["ada"], s.session_id, "wow")
    await _tap(s.sockets["bob"], s.session_id, "heart")
    await settle(s.sockets["ada"])
    await settle(s.sockets["bob"])
    await service.flush_now(live.services)
    [burst] = await settle(s.sockets["cy"])
    assert burst.value["Counts"] == [
        {"Reaction": "heart", "Count": 1},
        {"Reaction": "wow", "Count": 1},
    ]
    await s.close()


async def test_a_flood_is_refused_and_counts_nothing(live: LiveServer, clock: FrozenClock) -> None:
    s = await stage(live, "ada", "bob")
    for _ in range(service.BURST + 3):
        await _tap(s.sockets["ada"], s.session_id)
    errors = await _errors(s.sockets["ada"])
    assert [e["Code"] for e in errors] == ["RATE_LIMITED"] * 3
    # Three a second: the next tap is a third of a second away.
    assert errors[0]["Data"] == {"SessionID": s.session_id, "RetryAfterMs": 334}
    await service.flush_now(live.services)
    assert _added_up(await settle(s.sockets["bob"]), s.session_id) == {"applause": service.BURST}
    # The allowance is per person: bob taps freely meanwhile.
    await _tap(s.sockets["bob"], s.session_id, "heart")
    assert await _errors(s.sockets["bob"]) == []
    clock.advance(timedelta(seconds=1))
    for _ in range(4):
        await _tap(s.sockets["ada"], s.session_id)
    assert [e["Code"] for e in await _errors(s.sockets["ada"])] == ["RATE_LIMITED"]
    await service.flush_now(live.services)
    assert _added_up(await settle(s.sockets["bob"]), s.session_id) == {"applause": 3, "heart": 1}
    await s.close()


async def test_sessions_that_take_no_reactions(live: LiveServer) -> None:
    s = await stage(live, "ada")
    later = await s.session("later", 60, 120)
    over = await s.session("over", -120, -60)
    switched_off = await s.session("quiet", -10, 50)
    flags = {"QnaEnabled": True, "QnaModerated": False, "ReactionsEnabled": False}
    response = await s.call("PUT", f"/sessions/{switched_off}/interaction", body=flags)
    assert response.status_code == 200

    elsewhere = await stage(live, "zed")
    foreign = elsewhere.session_id
    poll = await s.call(
        "POST", "/activities?EntityType=Poll", body={"InternalName": "p", "Question": "?"}
    )
    assert poll.status_code == 201, poll.text
    await settle(s.sockets["admin"])  # the notices of the sessions and the poll
    for session_id, code in (
        (later, "REACTIONS_OFF"),
        (over, "REACTIONS_OFF"),
        (switched_off, "REACTIONS_OFF"),
        (foreign, "ACTIVITY_NOT_FOUND"),
        (poll.json()["ID"], "ACTIVITY_NOT_FOUND"),
        (new_id(), "ACTIVITY_NOT_FOUND"),
    ):
        await _tap(s.sockets["ada"], session_id)
        [error] = await _errors(s.sockets["ada"])
        assert error["Code"] == code, session_id
        assert error["Data"]["SessionID"] == session_id
    for payload in (
        {"SessionID": s.session_id, "Reaction": "boo"},
        {"SessionID": "not-an-id", "Reaction": "heart"},
        {"Reaction": "heart"},
    ):
        await s.sockets["ada"].send_json(Opcode.REACTION_SEND, payload)
        [error] = await _errors(s.sockets["ada"])
        assert error["Code"] in {"VALIDATION_ERROR", "MISSING_PARAMETER"}, payload
    # Refused taps spent no allowance and counted nothing.
    await service.flush_now(live.services)
    assert [f for f in await settle(s.sockets["admin"]) if f.opcode is BURST] == []
    for _ in range(service.BURST):
        await _tap(s.sockets["ada"], s.session_id)
    assert await _errors(s.sockets["ada"]) == []
    await service.flush_now(live.services)
    assert _added_up(await settle(s.sockets["admin"]), s.session_id) == {"applause": service.BURST}
    await s.close()
    await elsewhere.close()
