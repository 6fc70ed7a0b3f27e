"""Presence: joining, leaving and moving between rooms, with the capacity rule.

Rules (docs/subsystems/breakouts.md):
- A person is in at most one room per event (the primary key of `breakout_presence`): joining
  another room leaves the first, in the same transaction.
- A room never holds more people than its capacity. The seats are counted while the room's lock
  is held (`rooms.lock_rooms`), and every writer that adds someone holds it, so two joins for the
  last seat take turns and the second finds the room full — across processes too.
- Only an open room takes people (`state.py`); the state is read after the lock, so a close that
  committed first is seen.
- A refused change changes nothing: the transaction rolls back.

Each operation runs in transactions of its own (`_run`): after a race it lost (the same person
joining through two sockets at once, which meets the primary key; the person moved between the
first look and the lock) it starts again from a fresh read, at most `ATTEMPTS` times.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from sqlalchemy import delete, func, select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity
from venuely.breakouts.access import access_room, room_not_found
from venuely.breakouts.changes import Change, presence_notice
from venuely.breakouts.frames import PresenceReason
from venuely.breakouts.models import BreakoutPresence, BreakoutRoomRow
from venuely.breakouts.rooms import lock_rooms
from venuely.breakouts.state import OPEN, definition_of, state_of
from venuely.chat.members import add_room_member, remove_room_member
from venuely.chat.models import Chatroom
from venuely.chat.publish import Effect
from venuely.core.errors import ApiError, ErrorCode, server_busy
from venuely.core.services import Services

ATTEMPTS = 5
T = TypeVar("T")
# PostgreSQL's "could not serialize" and "deadlock detected": a race lost, worth a new attempt.
_RETRYABLE_STATES = frozenset({"40001", "40P01"})


@dataclass(frozen=True, slots=True)
class Seat:
    """The socket that holds a presence: a server process (app instance) and its socket number."""

    instance_id: str
    connection_id: int


class _Raced(Exception):
    """What was read before the lock changed before it was taken: start again."""


def room_closed(room: Activity, now: datetime) -> ApiError:
    state = state_of(room, now)
    return ApiError(
        ErrorCode.BREAKOUT_ROOM_CLOSED,
        f"Breakout room {room.id} is {state}: it takes nobody in",
        {"RoomID": room.id, "State": state},
    )


def not_present(person_id: str) -> ApiError:
    return ApiError(
        ErrorCode.BREAKOUT_NOT_PRESENT,
        "This person is in no breakout room of the event",
        {"PersonID": person_id},
    )


def is_lost_race(exc: DBAPIError) -> bool:
    return getattr(exc.orig, "sqlstate", None) in _RETRYABLE_STATES


async def _run(services: Services, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
    """`work` in a transaction that commits, again after a race it lost (module doc)."""
    for _ in range(ATTEMPTS):
        try:
            async with services.db.session() as session:
                return await work(session)
        except (_Raced, IntegrityError):
            continue
        except DBAPIError as exc:
            if not is_lost_race(exc):
                raise
    # Lost every race in a row: the database is overloaded with this person's commands.
    raise server_busy()


async def _presence(
    session: AsyncSession, event_id: str, person_id: str, *, fresh: bool = False
) -> BreakoutPresence | None:
    return await session.get(BreakoutPresence, (event_id, person_id), populate_existing=fresh)


async def _chat(session: AsyncSession, row: BreakoutRoomRow | None) -> Chatroom | None:
    if row is None or row.chatroom_id is None:
        return None
    return await session.get(Chatroom, row.chatroom_id)


async def _enter_chat(
    session: AsyncSession, row: BreakoutRoomRow | None, person_id: str, now: datetime
) -> list[Effect]:
    chat = await _chat(session, row)
    return [] if chat is None else await add_room_member(session, chat, person_id, now)


async def _leave_chat(
    session: AsyncSession, row: BreakoutRoomRow | None, person_id: str
) -> list[Effect]:
    chat = await _chat(session, row)
    return [] if chat is None else await remove_room_member(session, chat, person_id)


async def _seat_in(
    session: AsyncSession,
    now: datetime,
    *,
    event_id: str,
    person_id: str,
    room_id: str,
    seat: Seat | None,
    reason: PresenceReason,
    tmp_id: str,
) -> Change:
    """Put the person into the room (a join with `seat`; an organizer's move without one, which
    keeps the seat of the socket that joined). Raises the refusal, or `_Raced`."""
    first = await _presence(session, event_id, person_id)
    from_room = None if first is None else first.room_id
    if seat is None and first is None:
        raise not_present(person_id)
    locked = await lock_rooms(session, [room_id] if from_room is None else [room_id, from_room])
    current = await _presence(session, event_id, person_id, fresh=True)
    if (None if current is None else current.room_id) != from_room:
        raise _Raced
    room = await access_room(session, event_id, room_id, fresh=True)
    target = locked.get(room_id)
    if target is None:  # deleted while we waited for its lock
        raise room_not_found(room_id)
    if state_of(room, now) != OPEN:
        raise room_closed(room, now)
    if current is not None and current.room_id == room_id:
        if seat is not None:  # joined again, maybe from another socket: that one holds it now
            current.instance_id, current.connection_id = seat.instance_id, seat.connection_id
        notice = presence_notice(
            event_id=event_id,
            person_id=person_id,
            room=room,
            row=target,
            from_room=None,
            reason=reason,
            tmp_id=tmp_id,
        )
        return Change(notice, moved=False)
    capacity = definition_of(room).capacity
    inside = await session.scalar(select(func.count()).where(BreakoutPresence.room_id == room_id))
    if int(inside or 0) >= capacity:
        raise ApiError(
            ErrorCode.BREAKOUT_ROOM_FULL,
            f"Breakout room {room_id} is full",
            {"RoomID": room_id, "Capacity": capacity},
        )
    effects: list[Effect] = []
    if current is None:
        assert seat is not None  # a move of nobody was refused above
        session.add(
            BreakoutPresence(
                event_id=event_id,
                person_id=person_id,
                room_id=room_id,
                instance_id=seat.instance_id,
                connection_id=seat.connection_id,
                joined_at=now,
            )
        )
    else:
        effects += await _leave_chat(session, locked.get(current.room_id), person_id)
        current.room_id, current.joined_at = room_id, now
        if seat is not None:
            current.instance_id, current.connection_id = seat.instance_id, seat.connection_id
    # The same person joining elsewhere at this moment meets the primary key here (IntegrityError:
    # `_run` starts again and finds them there).
    await session.flush()
    effects += await _enter_chat(session, target, person_id, now)
    notice = presence_notice(
        event_id=event_id,
        person_id=person_id,
        room=room,
        row=target,
        from_room=from_room,
        reason=reason,
        tmp_id=tmp_id,
    )
    return Change(notice, effects)


async def join(
    services: Services, *, event_id: str, person_id: str, room_id: str, seat: Seat, tmp_id: str
) -> Change:
    """The person enters the room through the socket `seat`, leaving any other room."""

    async def work(session: AsyncSession) -> Change:
        return await _seat_in(
            session,
            services.clock.now(),
            event_id=event_id,
            person_id=person_id,
            room_id=room_id,
            seat=seat,
            reason="joined",
            tmp_id=tmp_id,
        )

    return await _run(services, work)


async def move(services: Services, *, event_id: str, person_id: str, room_id: str) -> Change:
    """An organizer puts a person who is in a room into another one (the same rules: open, a
    seat left). Their socket keeps the presence."""

    async def work(session: AsyncSession) -> Change:
        return await _seat_in(
            session,
            services.clock.now(),
            event_id=event_id,
            person_id=person_id,
            room_id=room_id,
            seat=None,
            reason="moved",
            tmp_id="",
        )

    return await _run(services, work)


async def where_is(
    session: AsyncSession, event_id: str, person_id: str, reason: PresenceReason, tmp_id: str
) -> Change:
    """The person's presence as it is (nothing changes): for a leave that had nothing to do."""
    current = await _presence(session, event_id, person_id)
    room = row = None
    if current is not None:
        room = await session.get(Activity, current.room_id)
        row = await session.get(BreakoutRoomRow, current.room_id)
    notice = presence_notice(
        event_id=event_id,
        person_id=person_id,
        room=room,
        row=row,
        from_room=None,
        reason=reason,
        tmp_id=tmp_id,
    )
    return Change(notice, moved=False)


async def leave(
    services: Services, *, event_id: str, person_id: str, room_id: str | None, tmp_id: str
) -> Change:
    """The person leaves their room (only `room_id`, when given). When they are in no room (or
    in another), nothing changes and the answer says where they are."""

    async def work(session: AsyncSession) -> Change:
        first = await _presence(session, event_id, person_id)
        if first is None or (room_id is not None and first.room_id != room_id):
            return await where_is(session, event_id, person_id, "left", tmp_id)
        locked = await lock_rooms(session, [first.room_id])
        current = await _presence(session, event_id, person_id, fresh=True)
        if current is None or current.room_id != first.room_id:
            raise _Raced
        await session.delete(current)
        effects = await _leave_chat(session, locked.get(current.room_id), person_id)
        notice = presence_notice(
            event_id=event_id,
            person_id=person_id,
            room=None,
            row=None,
            from_room=current.room_id,
            reason="left",
            tmp_id=tmp_id,
        )
        return Change(notice, effects)

    return await _run(services, work)


async def evict(
    session: AsyncSession,
    room_ids: Sequence[str],
    reason: PresenceReason,
    *,
    unless_open_at: datetime | None = None,
) -> list[Change]:
    """Everyone leaves these rooms (closed or deleted), in the caller's transaction; the caller
    commits, then announces. `unless_open_at`: spare the rooms open at that time, as read under
    their locks (a sweep that found them closed must not empty a room reopened meanwhile)."""
    locked = await lock_rooms(session, room_ids)
    if unless_open_at is not None:
        rooms = await session.scalars(
            select(Activity)
            .where(Activity.id.in_(list(locked)))
            .execution_options(populate_existing=True)
        )
        room_ids = [r.id for r in rooms.all() if state_of(r, unless_open_at) != OPEN]
    inside = (
        await session.scalars(
            select(BreakoutPresence).where(BreakoutPresence.room_id.in_(list(room_ids)))
        )
    ).all()
    changes = []
    for presence in inside:
        await session.delete(presence)
        effects = await _leave_chat(session, locked.get(presence.room_id), presence.person_id)
        notice = presence_notice(
            event_id=presence.event_id,
            person_id=presence.person_id,
            room=None,
            row=None,
            from_room=presence.room_id,
            reason=reason,
        )
        changes.append(Change(notice, effects))
    await session.flush()
    return changes


@dataclass(frozen=True, slots=True)
class Held:
    """A presence as read before the lock: dropped only if it is still exactly this."""

    event_id: str
    person_id: str
    room_id: str
    seat: Seat


async def drop(services: Services, held: Sequence[Held], reason: PresenceReason) -> list[Change]:
    """End these presences (their socket closed, or their process died) — each only if it is
    still in that room with that seat, so a person who moved or joined again through another
    socket meanwhile keeps their place."""
    if not held:
        return []

    async def work(session: AsyncSession) -> list[Change]:
        locked = await lock_rooms(session, {h.room_id for h in held})
        changes = []
        for h in held:
            gone = await session.execute(
                delete(BreakoutPresence)
                .where(
                    BreakoutPresence.event_id == h.event_id,
                    BreakoutPresence.person_id == h.person_id,
                    BreakoutPresence.room_id == h.room_id,
                    BreakoutPresence.instance_id == h.seat.instance_id,
                    BreakoutPresence.connection_id == h.seat.connection_id,
                )
                .execution_options(synchronize_session=False)
            )
            if not getattr(gone, "rowcount", 0):
                continue
            effects = await _leave_chat(session, locked.get(h.room_id), h.person_id)
            notice = presence_notice(
                event_id=h.event_id,
                person_id=h.person_id,
                room=None,
                row=None,
                from_room=h.room_id,
                reason=reason,
            )
            changes.append(Change(notice, effects))
        return changes

    return await _run(services, work)
