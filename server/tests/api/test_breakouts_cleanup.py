"""Presence that must not outlive its socket: ended when the socket closes (but not when the
person sits through another socket by then), when the process holding it stopped renewing its
heartbeat, at start-up, and when its room stops being open by the clock."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from tests.api.activities_support import iso
from tests.api.breakouts_support import (
    Breakouts,
    breakouts,
    inside,
    join,
    new_seat,
    presence_count,
)
from tests.factories import make_person
from venuely.breakouts import lifecycle
from venuely.breakouts.frames import PresenceReason
from venuely.breakouts.instances import STALE_AFTER, instance_of
from venuely.breakouts.models import BreakoutInstance, BreakoutPresence
from venuely.breakouts.presence import Held, drop
from venuely.core.services import Services
from venuely.realtime.hub import person_channel
from venuely.realtime.opcodes import Opcode
from venuely.relations.models import Relation

__all__ = ["breakouts"]


async def _seat_elsewhere(breakouts: Breakouts, who: str, room_id: str, instance_id: str) -> None:
    """Presence held by a socket of another server process `instance_id`."""
    async with breakouts.services.db.session() as session:
        session.add(
            BreakoutPresence(
                event_id=breakouts.event_id,
                person_id=breakouts.people[who],
                room_id=room_id,
                instance_id=instance_id,
                connection_id=7,
                joined_at=breakouts.services.clock.now(),
            )
        )


async def _instance(breakouts: Breakouts, instance_id: str, beat_ago: timedelta) -> None:
    now = breakouts.services.clock.now()
    async with breakouts.services.db.session() as session:
        session.add(BreakoutInstance(id=instance_id, started_at=now, heartbeat_at=now - beat_ago))


def _reasons(breakouts: Breakouts, who: str) -> list[str]:
    frames = breakouts.frames(Opcode.BREAKOUT_PRESENCE_NOTIFY, breakouts.person_channel(who))
    return [frame["Reason"] for frame in frames]


async def test_a_closing_socket_ends_the_presence_it_holds(breakouts: Breakouts) -> None:
    room = await breakouts.create()
    ada = await breakouts.attendee("ada")
    services = breakouts.services
    seat = new_seat(services)
    await breakouts.join("ada", room["ID"], seat=seat)
    instance_of(services).seated.add(seat.connection_id)
    await lifecycle.on_socket_closed(services, ada, breakouts.event_id, seat.connection_id)
    assert await inside(services, room["ID"]) == []
    assert _reasons(breakouts, "ada")[-1] == "disconnected"


async def test_a_closing_socket_leaves_a_presence_another_socket_took(breakouts: Breakouts) -> None:
    room = await breakouts.create()
    ada = await breakouts.attendee("ada")
    services = breakouts.services
    first, second = new_seat(services), new_seat(services)
    for seat in (first, second):
        await breakouts.join("ada", room["ID"], seat=seat)
        instance_of(services).seated.add(seat.connection_id)
    await lifecycle.on_socket_closed(services, ada, breakouts.event_id, first.connection_id)
    assert await inside(services, room["ID"]) == [ada]
    await lifecycle.on_socket_closed(services, ada, breakouts.event_id, second.connection_id)
    assert await inside(services, room["ID"]) == []


async def test_sockets_closing_by_the_hundred_all_end_their_presence(
    breakouts: Breakouts, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mass disconnect (a network blip): every closing socket's presence ends and is told,
    the rooms' chats lose them, and none is left behind — cleared in a few transactions, not
    one per socket (thousands at once ran the connection pool dry)."""
    transactions: list[int] = []

    async def counted(services: Services, held: Sequence[Held], reason: PresenceReason) -> Any:
        transactions.append(len(held))
        return await drop(services, held, reason)

    monkeypatch.setattr(lifecycle, "drop", counted)
    rooms = [await breakouts.create(InternalName=f"r{i}", Capacity=60) for i in range(3)]
    services = breakouts.services
    people = [(await make_person(services, event=breakouts.world.event_a)).id for _ in range(120)]
    seats = [new_seat(services) for _ in people]
    await asyncio.gather(
        *[
            join(services, breakouts.event_id, person, rooms[i % 3]["ID"], seat=seat)
            for i, (person, seat) in enumerate(zip(people, seats, strict=True))
        ]
    )
    for seat in seats:
        instance_of(services).seated.add(seat.connection_id)
    assert await presence_count(services) == len(people)
    await asyncio.gather(
        *[
            lifecycle.on_socket_closed(services, person, breakouts.event_id, seat.connection_id)
            for person, seat in zip(people, seats, strict=True)
        ]
    )
    assert await presence_count(services) == 0
    assert sum(transactions) == len(people)
    assert len(transactions) <= 3, transactions
    for person in people:
        frames = breakouts.frames(Opcode.BREAKOUT_PRESENCE_NOTIFY, person_channel(person))
        assert frames[-1]["Reason"] == "disconnected"
    async with services.db.session() as session:
        members = await session.scalar(
            select(func.count())
            .select_from(Relation)
            .where(Relation.parent_id.in_([room["ChatroomID"] for room in rooms]))
        )
    assert members == 0


async def test_presence_of_a_process_that_stopped_beating_expires(breakouts: Breakouts) -> None:
    room = await breakouts.create(Capacity=10)
    for name in ("dead", "silent", "alive", "mine"):
        await breakouts.attendee(name)
    await _instance(breakouts, "dead-process", STALE_AFTER + timedelta(seconds=1))
    await _instance(breakouts, "alive-process", timedelta(seconds=2))
    await _seat_elsewhere(breakouts, "dead", room["ID"], "dead-process")
    # A process that died before its first beat left no row at all.
    await _seat_elsewhere(breakouts, "silent", room["ID"], "never-beat")
    await _seat_elsewhere(breakouts, "alive", room["ID"], "alive-process")
    await breakouts.join("mine", room["ID"])
    await lifecycle.keep_presence(breakouts.services)
    remaining = await inside(breakouts.services, room["ID"])
    assert sorted(remaining) == sorted([breakouts.people["alive"], breakouts.people["mine"]])
    assert _reasons(breakouts, "dead") == ["expired"]
    assert _reasons(breakouts, "silent") == ["expired"]
    async with breakouts.services.db.session() as session:
        instances = set((await session.scalars(select(BreakoutInstance.id))).all())
    # The dead process is forgotten; this one beat.
    assert instances == {"alive-process", instance_of(breakouts.services).id}


async def test_a_start_without_redis_clears_every_presence(breakouts: Breakouts) -> None:
    room = await breakouts.create(Capacity=10)
    for name in ("before", "other"):
        await breakouts.attendee(name)
    await _instance(breakouts, "previous-life", timedelta(seconds=1))
    await _seat_elsewhere(breakouts, "before", room["ID"], "previous-life")
    await lifecycle.on_start(breakouts.services)
    # Without Redis this is the only process: even a fresh heartbeat is from before the start.
    assert await inside(breakouts.services, room["ID"]) == []
    assert _reasons(breakouts, "before") == ["expired"]


async def test_a_start_with_redis_clears_only_dead_processes(breakouts: Breakouts) -> None:
    room = await breakouts.create(Capacity=10)
    for name in ("dead", "alive"):
        await breakouts.attendee(name)
    await _instance(breakouts, "dead-process", STALE_AFTER * 2)
    await _instance(breakouts, "alive-process", timedelta(seconds=1))
    await _seat_elsewhere(breakouts, "dead", room["ID"], "dead-process")
    await _seat_elsewhere(breakouts, "alive", room["ID"], "alive-process")
    services = breakouts.services
    services.settings = services.settings.model_copy(update={"redis_url": "redis://127.0.0.1:1/0"})
    await lifecycle.on_start(services)
    assert await inside(services, room["ID"]) == [breakouts.people["alive"]]


async def test_a_room_closing_by_the_clock_sends_everyone_out(breakouts: Breakouts) -> None:
    now = breakouts.services.clock.now()
    room = await breakouts.create(ClosesAt=iso(now + timedelta(minutes=10)))
    still_open = await breakouts.create(InternalName="open")
    await breakouts.attendee("ada")
    await breakouts.attendee("bob")
    await breakouts.join("ada", room["ID"])
    await breakouts.join("bob", still_open["ID"])
    breakouts.services.clock.advance(timedelta(minutes=11))  # type: ignore[attr-defined]
    await lifecycle.keep_presence(breakouts.services)
    assert await inside(breakouts.services, room["ID"]) == []
    assert await inside(breakouts.services, still_open["ID"]) == [breakouts.people["bob"]]
    assert _reasons(breakouts, "ada") == ["joined", "closed"]
