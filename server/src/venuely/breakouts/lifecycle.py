"""Presence that outlives its socket: cleared when the socket closes, when its process stops
renewing its heartbeat, at start-up, and when its room stops being open.

- **A socket closes** (`realtime.membership` tells this process, `on_socket_closed`): the
  presence it holds ends, "disconnected". Only sockets of this process that joined a room cost a
  database read (`Instance.seated`), and the sockets closing meanwhile are cleared together
  (group commit, `end_seats`).
- **Every `BEAT_SECONDS`** (`keep_presence`, a periodic job in every process): this instance
  renews its heartbeat; presence held by instances whose heartbeat is older than `STALE_AFTER`
  ends, "expired"; people inside rooms that are no longer open (closed or rescheduled by the
  clock or through the generic activity routes) leave them, "closed".
- **Start-up** (`on_start`, from the app's lifespan): without Redis this is the only process
  serving sockets (`venuely serve` refuses more workers), so every presence in the database is
  left over from before the restart and ends at once; with Redis, the dead instances' presence
  ends as in the periodic job.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from sqlalchemy import or_, select, tuple_

from venuely.activities.models import Activity
from venuely.breakouts.changes import Change, announce
from venuely.breakouts.instances import (
    BEAT_SECONDS,
    alive_since,
    beat,
    instance_of,
)
from venuely.breakouts.models import BreakoutInstance, BreakoutPresence
from venuely.breakouts.presence import ATTEMPTS, Held, Seat, drop, evict
from venuely.core.background import periodic_job
from venuely.core.batching import Batcher
from venuely.core.services import Services
from venuely.realtime.membership import register_connection_closed

log = logging.getLogger("venuely.breakouts")
# Rooms evicted per transaction: bounds how long one purge holds the locks.
ROOMS_PER_TRANSACTION = 50
DISCONNECTS = "breakouts.disconnects"


def _held(row: BreakoutPresence) -> Held:
    return Held(row.event_id, row.person_id, row.room_id, Seat(row.instance_id, row.connection_id))


@register_connection_closed
async def on_socket_closed(
    services: Services, person_id: str, event_id: str, connection_id: int
) -> None:
    instance = instance_of(services)
    if connection_id not in instance.seated:
        return
    instance.seated.discard(connection_id)
    changes = await _disconnects(services).submit(Seat(instance.id, connection_id))
    await announce(services, changes)


def _disconnects(services: Services) -> Batcher[Seat, list[Change]]:
    async def write(seats: Sequence[Seat]) -> list[list[Change]]:
        return await end_seats(services, seats)

    return services.background.batcher(DISCONNECTS, write)


async def end_seats(services: Services, seats: Sequence[Seat]) -> list[list[Change]]:
    """The presence these sockets hold ends, "disconnected" — read and dropped together, since
    sockets close by the thousand at once (a network blip, a proxy restarting, the end of a
    keynote); one transaction each ran the connection pool dry. A row an organizer moved between
    the read and the delete is read again. Each seat's changes, in order."""
    ended: dict[Seat, list[Change]] = {seat: [] for seat in seats}
    for _ in range(ATTEMPTS):
        async with services.db.session() as session:
            rows = (
                await session.scalars(
                    select(BreakoutPresence).where(
                        tuple_(BreakoutPresence.instance_id, BreakoutPresence.connection_id).in_(
                            sorted({(seat.instance_id, seat.connection_id) for seat in seats})
                        )
                    )
                )
            ).all()
            held = [_held(row) for row in rows]
        if not held:
            break
        seat_of = {(h.event_id, h.person_id): h.seat for h in held}
        for change in await drop(services, held, "disconnected"):
            ended[seat_of[(change.notice.EventID, change.notice.PersonID)]].append(change)
    return [ended[seat] for seat in seats]


async def _drop_instances(services: Services, *, everyone_else: bool) -> None:
    """End the presence held by dead instances (or, `everyone_else`, by any other instance)."""
    me, now = instance_of(services).id, services.clock.now()
    async with services.db.session() as session:
        query = select(BreakoutPresence).where(BreakoutPresence.instance_id != me)
        if not everyone_else:
            alive = select(BreakoutInstance.id).where(
                BreakoutInstance.heartbeat_at >= alive_since(now)
            )
            query = query.where(BreakoutPresence.instance_id.not_in(alive))
        held = [_held(row) for row in (await session.scalars(query)).all()]
    by_room: dict[str, list[Held]] = {}
    for h in held:
        by_room.setdefault(h.room_id, []).append(h)
    rooms = sorted(by_room)
    for start in range(0, len(rooms), ROOMS_PER_TRANSACTION):
        batch = [h for room in rooms[start : start + ROOMS_PER_TRANSACTION] for h in by_room[room]]
        await announce(services, await drop(services, batch, "expired"))
    async with services.db.session() as session:
        # Dead instances that hold nothing any more are forgotten.
        stale = await session.scalars(
            select(BreakoutInstance).where(
                BreakoutInstance.id != me, BreakoutInstance.heartbeat_at < alive_since(now)
            )
        )
        for instance in stale.all():
            await session.delete(instance)


async def _evict_not_open(services: Services) -> None:
    """People inside rooms that are not open now leave them."""
    now = services.clock.now()
    async with services.db.session() as session:
        room_ids = (
            await session.scalars(
                select(BreakoutPresence.room_id)
                .join(Activity, Activity.id == BreakoutPresence.room_id)
                .where(or_(Activity.date_end <= now, Activity.date_begin > now))
                .distinct()
            )
        ).all()
    for start in range(0, len(room_ids), ROOMS_PER_TRANSACTION):
        batch = sorted(room_ids)[start : start + ROOMS_PER_TRANSACTION]
        async with services.db.session() as session:
            changes = await evict(session, batch, "closed", unless_open_at=now)
        await announce(services, changes)


@periodic_job("breakouts.presence", BEAT_SECONDS)
async def keep_presence(services: Services) -> None:
    await beat(services)
    await _drop_instances(services, everyone_else=False)
    await _evict_not_open(services)


async def on_start(services: Services) -> None:
    """Run from the app's start; a failure is logged, never stops the server from serving."""
    try:
        await beat(services)
        await _drop_instances(services, everyone_else=not services.settings.redis_url)
    except Exception:
        log.exception("breakouts: clearing presence left from before the start failed")
