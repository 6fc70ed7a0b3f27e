"""Which server processes are alive, so presence held by a dead one can be cleared.

Presence ends when the socket that joined closes (`realtime.membership` tells this process). A
process that dies — killed, crashed, its machine gone — tells nobody, and its rows would stay
forever. So each running app instance has an id and a row in `breakout_instances` whose
`heartbeat_at` it renews every `BEAT_SECONDS` (`presence_job.py`); presence whose instance has
not renewed for `STALE_AFTER` is purged by whichever process looks next. A restarted process is
a new instance: what its previous life held goes the same way.

The clock is the services' clock, compared across processes: `STALE_AFTER` is six beats, far
more than the skew of machines that keep time with NTP.
"""

from __future__ import annotations

import asyncio
import secrets
import weakref
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.breakouts.models import BreakoutInstance
from venuely.core.background import Background
from venuely.core.services import Services

BEAT_SECONDS = 5.0
STALE_AFTER = timedelta(seconds=6 * BEAT_SECONDS)


@dataclass(slots=True)
class Instance:
    """This app instance: its id, when it last renewed its row, and the sockets of this process
    that joined a room (only those cost a database write when they close)."""

    id: str = field(default_factory=lambda: secrets.token_hex(16))
    beat_at: datetime | None = None
    seated: set[int] = field(default_factory=set)
    # One beat at a time: the first joins of a fresh process would otherwise each insert its row.
    beating: asyncio.Lock = field(default_factory=asyncio.Lock)


# Per running app (its Background), so tests' apps with their own services are instances apart.
_instances: weakref.WeakKeyDictionary[Background, Instance] = weakref.WeakKeyDictionary()


def instance_of(services: Services) -> Instance:
    found = _instances.get(services.background)
    if found is None:
        found = _instances[services.background] = Instance()
    return found


async def beat(services: Services) -> None:
    """Renew this instance's row (made on first beat), in a transaction of its own: the time is
    noted only once it is stored."""
    instance = instance_of(services)
    async with instance.beating:
        now = services.clock.now()
        async with services.db.session() as session:
            await _store_beat(session, instance.id, now)
        instance.beat_at = now


async def _store_beat(session: AsyncSession, instance_id: str, now: datetime) -> None:
    row = await session.get(BreakoutInstance, instance_id)
    if row is None:
        session.add(BreakoutInstance(id=instance_id, started_at=now, heartbeat_at=now))
    else:
        row.heartbeat_at = now


async def ensure_alive(services: Services) -> None:
    """Before this instance takes a seat: its row must be fresh, or another process could purge
    the seat at once (a process may take its first seat before its first periodic beat)."""
    instance = instance_of(services)
    if _fresh(instance, services):
        return
    async with instance.beating:
        fresh = _fresh(instance, services)  # another command may have beaten while we waited
    if not fresh:
        await beat(services)


def _fresh(instance: Instance, services: Services) -> bool:
    beat_at = instance.beat_at
    return beat_at is not None and services.clock.now() - beat_at <= timedelta(seconds=BEAT_SECONDS)


def alive_since(now: datetime) -> datetime:
    """Instances whose heartbeat is older than this are taken for dead."""
    return now - STALE_AFTER
