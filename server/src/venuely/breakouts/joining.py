"""Joins in batches: every join sent meanwhile stored in one transaction (group commit).

A breakout storm is thousands of people picking a room within seconds. Stored one transaction
each (`presence.py`'s path), a join costs a dozen statements and a commit, which capped intake
near 125 joins a second on SQLite. `join` queues the request on the process's group commit
(core/batching.py); `write_joins` stores a batch with a handful of statements, whatever its
size, and gives the same outcome as the joins stored one after the other, in arrival order:

1. The write turn (`begin_write`), then the callers checked together as REST checks one
   (`resolve_command_callers`), the batch's rooms read once, and each person's presence.
2. Every room involved (the targets and the rooms people leave) is locked once, in id order
   (`rooms.lock_rooms`), then presence and the seats taken are read again under the locks: the
   capacity rule holds across processes as it does for a single join.
3. The joins are applied in order against those counts in memory: a refused join (closed,
   full, unknown room, a refused caller) answers its sender alone and changes nothing.
4. New presence rows and chat memberships go in together; the transaction commits.

On PostgreSQL another process may move a person between the first read and the locks; such a
join (rare: the same person on two processes at once) is taken out of the batch and stored on
its own by `presence.join`, which retries after lost races.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select, tuple_
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventCaller, resolve_command_callers
from venuely.activities.models import Activity, EntityType
from venuely.breakouts import presence
from venuely.breakouts.access import access_room, room_not_found
from venuely.breakouts.changes import Change, presence_notice
from venuely.breakouts.models import BreakoutPresence, BreakoutRoomRow
from venuely.breakouts.rooms import ensure_room, lock_rooms
from venuely.breakouts.state import OPEN, definition_of, state_of
from venuely.chat.members import add_room_members, remove_room_member
from venuely.chat.models import Chatroom
from venuely.chat.publish import Effect, deliver
from venuely.core.batching import Batcher
from venuely.core.db import begin_write
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services

NAME = "breakouts.joins"


@dataclass(frozen=True, slots=True)
class JoinRequest:
    event_id: str
    # The socket's auth session id: checked in the batch, so a revoked token stops the next join.
    session_id: str
    room_id: str
    seat: presence.Seat
    tmp_id: str
    at: datetime


class _Alone(Exception):
    """This join met a change by another process: it is stored on its own after the batch."""


async def join(services: Services, request: JoinRequest) -> Change:
    """The caller enters the room through the socket `request.seat`, leaving any other room,
    stored with the joins sent meanwhile. Hold no database connection while awaiting it."""
    outcome = await _writer(services).submit(request)
    if outcome is not None:
        return outcome
    return await _join_alone(services, request)


async def _join_alone(services: Services, request: JoinRequest) -> Change:
    """The join as one transaction of its own, retried after lost races (`presence.join`)."""
    async with services.db.session() as session:
        callers = await resolve_command_callers(
            session, services, [(request.event_id, request.session_id)]
        )
        caller = callers[0]
        if isinstance(caller, ApiError):
            raise caller
        room = await access_room(session, request.event_id, request.room_id)
        _, effects = await ensure_room(session, room, services.clock.now())
        await session.commit()
    await deliver(services, effects)
    return await presence.join(
        services,
        event_id=request.event_id,
        person_id=caller.person_id,
        room_id=request.room_id,
        seat=request.seat,
        tmp_id=request.tmp_id,
    )


def _writer(services: Services) -> Batcher[JoinRequest, Change | None]:
    async def write(requests: Sequence[JoinRequest]) -> list[Change | ApiError | None]:
        return await write_joins(services, requests)

    return services.background.batcher(NAME, write)


@dataclass(slots=True)
class _Batch:
    """What the batch reads once and then changes in memory as its joins apply."""

    session: AsyncSession
    rooms: dict[str, Activity]
    locked: dict[str, BreakoutRoomRow]
    chats: dict[str, Chatroom]
    # (event, person) -> the room they are in (None: in none), as the joins so far left it.
    where: dict[tuple[str, str], str | None]
    held: dict[tuple[str, str], BreakoutPresence]
    seats_taken: dict[str, int]
    # Chat memberships to add, each with the change whose effects deliver it.
    entering: list[tuple[Chatroom, str, Change]]


async def write_joins(
    services: Services, requests: Sequence[JoinRequest]
) -> list[Change | ApiError | None]:
    """One outcome per request, in order: its change, its refusal, or None (store it alone)."""
    outcomes: list[Change | ApiError | None] = [None] * len(requests)
    effects: list[Effect] = []
    async with services.db.session() as session:
        await begin_write(session)
        callers = await resolve_command_callers(
            session, services, [(r.event_id, r.session_id) for r in requests]
        )
        admitted: list[tuple[int, EventCaller]] = []
        for index, caller in enumerate(callers):
            if isinstance(caller, ApiError):
                outcomes[index] = caller
            else:
                admitted.append((index, caller))
        if not admitted:
            return outcomes
        try:
            batch, effects = await _read(session, services, requests, admitted)
            for index, caller in admitted:
                try:
                    outcomes[index] = await _apply(batch, requests[index], caller.person_id)
                except ApiError as refusal:
                    outcomes[index] = refusal
                except _Alone:
                    outcomes[index] = None
            entering = batch.entering
            added = await add_room_members(
                session, [(chat, person) for chat, person, _ in entering], services.clock.now()
            )
            for (_, _, change), member in zip(entering, added, strict=True):
                change.effects[:0] = member
            await session.commit()
        except (IntegrityError, DBAPIError) as exc:
            # Another process stored a presence of one of these people meanwhile (PostgreSQL
            # only: on SQLite the batch holds the write lock): each join goes alone, retried.
            if isinstance(exc, DBAPIError) and not _retryable(exc):
                raise
            return [None if isinstance(o, Change) or o is None else o for o in outcomes]
    # Chat rooms made for rooms that had none reach their members with the first join's change.
    first = next((o for o in outcomes if isinstance(o, Change)), None)
    if first is not None:
        first.effects[:0] = effects
    return outcomes


async def _read(
    session: AsyncSession,
    services: Services,
    requests: Sequence[JoinRequest],
    admitted: list[tuple[int, EventCaller]],
) -> tuple[_Batch, list[Effect]]:
    room_ids = sorted({requests[i].room_id for i, _ in admitted})
    rooms = {
        room.id: room
        for room in (
            await session.scalars(
                select(Activity).where(
                    Activity.id.in_(room_ids),
                    Activity.entity_type == EntityType.BREAKOUT_ROOM.value,
                )
            )
        ).all()
    }
    # A room made before this feature, or whose chat room was deleted, gets them now.
    effects: list[Effect] = []
    rows = {
        row.room_id: row
        for row in (
            await session.scalars(
                select(BreakoutRoomRow).where(BreakoutRoomRow.room_id.in_(list(rooms)))
            )
        ).all()
    }
    for room in rooms.values():
        row = rows.get(room.id)
        if row is None or row.chatroom_id is None:
            _, made = await ensure_room(session, room, services.clock.now())
            effects += made
    keys = sorted({(requests[i].event_id, caller.person_id) for i, caller in admitted})
    before = await _presences(session, keys)
    locked = await lock_rooms(session, set(rooms) | {p.room_id for p in before.values()})
    held = await _presences(session, keys)
    seats = await _seats_taken(session, list(locked))
    chat_ids = [row.chatroom_id for row in locked.values() if row.chatroom_id is not None]
    chats = {
        chat.id: chat
        for chat in (await session.scalars(select(Chatroom).where(Chatroom.id.in_(chat_ids))))
    }
    batch = _Batch(
        session=session,
        rooms=rooms,
        locked=locked,
        chats=chats,
        where={key: (held[key].room_id if key in held else None) for key in keys},
        held=held,
        seats_taken=seats,
        entering=[],
    )
    return batch, effects


async def _presences(
    session: AsyncSession, keys: list[tuple[str, str]]
) -> dict[tuple[str, str], BreakoutPresence]:
    rows = await session.scalars(
        select(BreakoutPresence)
        .where(tuple_(BreakoutPresence.event_id, BreakoutPresence.person_id).in_(keys))
        .execution_options(populate_existing=True)
    )
    return {(p.event_id, p.person_id): p for p in rows.all()}


def _retryable(exc: DBAPIError) -> bool:
    return isinstance(exc, IntegrityError) or presence.is_lost_race(exc)


async def _seats_taken(session: AsyncSession, room_ids: list[str]) -> dict[str, int]:
    rows = await session.execute(
        select(BreakoutPresence.room_id, func.count())
        .where(BreakoutPresence.room_id.in_(room_ids))
        .group_by(BreakoutPresence.room_id)
    )
    return {room_id: int(count) for room_id, count in rows}


def _chat_of(batch: _Batch, room_id: str) -> Chatroom | None:
    row = batch.locked.get(room_id)
    if row is None or row.chatroom_id is None:
        return None
    return batch.chats.get(row.chatroom_id)


async def _apply(batch: _Batch, request: JoinRequest, person_id: str) -> Change:
    """`presence._seat_in`'s rules for one join, against the batch's state."""
    key = (request.event_id, person_id)
    room = batch.rooms.get(request.room_id)
    if room is None or room.event_id != request.event_id:
        raise room_not_found(request.room_id)
    target = batch.locked.get(room.id)
    if target is None:  # deleted while the batch waited for its lock
        raise room_not_found(room.id)
    if state_of(room, request.at) != OPEN:
        raise presence.room_closed(room, request.at)
    if key not in batch.where:
        raise _Alone
    from_room = batch.where[key]
    if from_room is not None and from_room not in batch.locked:
        raise _Alone  # another process moved them into a room this batch did not lock
    seat = request.seat
    current = batch.held.get(key)

    def notice(moved_from: str | None) -> Change:
        return Change(
            presence_notice(
                event_id=request.event_id,
                person_id=person_id,
                room=room,
                row=target,
                from_room=moved_from,
                reason="joined",
                tmp_id=request.tmp_id,
            )
        )

    if from_room == room.id:
        assert current is not None
        # Joined again, maybe from another socket: that one holds the seat now.
        current.instance_id, current.connection_id = seat.instance_id, seat.connection_id
        change = notice(None)
        change.moved = False
        return change
    capacity = definition_of(room).capacity
    if batch.seats_taken.get(room.id, 0) >= capacity:
        raise ApiError(
            ErrorCode.BREAKOUT_ROOM_FULL,
            f"Breakout room {room.id} is full",
            {"RoomID": room.id, "Capacity": capacity},
        )
    change = notice(from_room)
    if current is None:
        current = BreakoutPresence(
            event_id=request.event_id,
            person_id=person_id,
            room_id=room.id,
            instance_id=seat.instance_id,
            connection_id=seat.connection_id,
            joined_at=request.at,
        )
        batch.session.add(current)
        batch.held[key] = current
    else:
        assert from_room is not None
        batch.seats_taken[from_room] -= 1
        left = _chat_of(batch, from_room)
        if left is not None:
            batch.entering = [e for e in batch.entering if (e[0].id, e[1]) != (left.id, person_id)]
            change.effects += await remove_room_member(batch.session, left, person_id)
        current.room_id, current.joined_at = room.id, request.at
        current.instance_id, current.connection_id = seat.instance_id, seat.connection_id
    batch.where[key] = room.id
    batch.seats_taken[room.id] = batch.seats_taken.get(room.id, 0) + 1
    entered = _chat_of(batch, room.id)
    if entered is not None:
        batch.entering.append((entered, person_id, change))
    return change
