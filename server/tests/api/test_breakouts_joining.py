"""Joins stored in batches (`breakouts/joining.py`): one batch gives each join the outcome it
would get stored alone, in arrival order — a refused caller, a full room, a move within the
batch and a join again all answered apart — and the path a join takes alone (after a race
with another process) keeps the capacity rule too."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import delete

from tests.api.breakouts_support import (
    Breakouts,
    breakouts,
    caller_session,
    inside,
    join,
    new_seat,
)
from tests.factories import make_person
from venuely.accounts.models import AuthSession
from venuely.breakouts import joining
from venuely.breakouts.changes import Change
from venuely.chat.access import is_room_member
from venuely.chat.models import Chatroom
from venuely.core.errors import ApiError

__all__ = ["breakouts"]


async def _request(
    breakouts: Breakouts, who: str, room_id: str, tmp_id: str
) -> joining.JoinRequest:
    services = breakouts.services
    return joining.JoinRequest(
        event_id=breakouts.event_id,
        session_id=await caller_session(services, breakouts.event_id, breakouts.people[who]),
        room_id=room_id,
        seat=new_seat(services),
        tmp_id=tmp_id,
        at=services.clock.now(),
    )


async def _members(breakouts: Breakouts, chatroom_id: str) -> set[str]:
    async with breakouts.services.db.session() as session:
        chat = await session.get(Chatroom, chatroom_id)
        assert chat is not None
        return {
            name
            for name, person in breakouts.people.items()
            if await is_room_member(session, chat, person)
        }


async def test_one_batch_answers_each_join_as_if_stored_alone(breakouts: Breakouts) -> None:
    small = await breakouts.create(InternalName="small", Capacity=2)
    big = await breakouts.create(InternalName="big", Capacity=10)
    for name in ("ada", "bob", "cyd", "dan", "eve"):
        await breakouts.attendee(name)
    requests = [
        await _request(breakouts, "ada", small["ID"], "1"),
        await _request(breakouts, "bob", small["ID"], "2"),
        await _request(breakouts, "cyd", small["ID"], "3"),  # full by now
        await _request(breakouts, "ada", big["ID"], "4"),  # moves: a seat frees in small
        await _request(breakouts, "cyd", small["ID"], "5"),  # takes it
        await _request(breakouts, "bob", small["ID"], "6"),  # again: nothing moves
        await _request(breakouts, "dan", small["ID"], "7"),  # revoked below
        await _request(breakouts, "eve", "0" * 24, "8"),  # no such room
    ]
    async with breakouts.services.db.session() as session:
        await session.execute(delete(AuthSession).where(AuthSession.id == requests[6].session_id))
        await session.commit()

    outcomes = await joining.write_joins(breakouts.services, requests)

    def shape(outcome: Change | ApiError | None) -> object:
        if isinstance(outcome, ApiError):
            return outcome.code
        assert outcome is not None
        return (outcome.notice.RoomID, outcome.notice.FromRoomID, outcome.moved)

    assert [shape(o) for o in outcomes] == [
        (small["ID"], None, True),
        (small["ID"], None, True),
        "BREAKOUT_ROOM_FULL",
        (big["ID"], small["ID"], True),
        (small["ID"], None, True),
        (small["ID"], None, False),
        "TOKEN_REVOKED",
        "BREAKOUT_ROOM_NOT_FOUND",
    ]
    people = breakouts.people
    assert await inside(breakouts.services, small["ID"]) == sorted([people["bob"], people["cyd"]])
    assert await inside(breakouts.services, big["ID"]) == [people["ada"]]
    # The chat rooms hold exactly the people inside.
    assert await _members(breakouts, small["ChatroomID"]) == {"bob", "cyd"}
    assert await _members(breakouts, big["ChatroomID"]) == {"ada"}


@pytest.mark.parametrize("alone", [False, True])
async def test_concurrent_joins_fill_a_room_exactly(breakouts: Breakouts, alone: bool) -> None:
    room = await breakouts.create(Capacity=7)
    services = breakouts.services
    people = [(await make_person(services, event=breakouts.world.event_a)).id for _ in range(30)]
    outcomes = await asyncio.gather(
        *[join(services, breakouts.event_id, p, room["ID"], alone=alone) for p in people],
        return_exceptions=True,
    )
    admitted = [o.notice.PersonID for o in outcomes if isinstance(o, Change)]
    refused = {o.code for o in outcomes if isinstance(o, ApiError)}
    assert len(admitted) == 7, outcomes
    assert refused == {"BREAKOUT_ROOM_FULL"}
    assert await inside(services, room["ID"]) == sorted(admitted)
