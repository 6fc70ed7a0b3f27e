"""A per-process cache of the public event metadata by name (`GET /events/name/{name}/metadata`).

The login page of every attendee reads it, anonymously, and it changes about never during an
event: a unit of work per read was most of what the read cost. So each server process keeps the
answers it read for a short while:

- Writes of this process clear it: a unit of work that wrote to `events` or `customers` (ORM
  changes of an `Event` or `Customer`, or an UPDATE/DELETE/INSERT statement on their tables)
  clears the cache of its database when it commits. A read that started before such a commit
  does not store what it read (the cache's generation moved on meanwhile).
- Writes of another process (another worker, `venuely` commands, SQL by hand) show after at most
  `TTL`: every entry is read again from the database once it is that old.

Only events that exist are kept (an unknown name is read each time), at most `MAX_ENTRIES` names
per database; the clock is the services' (`services.clock`), so tests move it on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import event as sa_event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import ORMExecuteState, Session, UOWTransaction

from venuely.core.services import Services
from venuely.events import service
from venuely.events.models import Customer, Event
from venuely.events.schemas import EventMetadata

TTL = timedelta(seconds=2)
MAX_ENTRIES = 1024

_WATCHED = (Event, Customer)
_WATCHED_TABLES = frozenset({Event.__tablename__, Customer.__tablename__})
# Set in a session's `info` by a flush or statement that wrote a watched table.
_WROTE = "venuely_events_written"


@dataclass
class _Cache:
    # Name (as looked up: stripped, lower case) -> (valid until, answer).
    entries: dict[str, tuple[datetime, EventMetadata]] = field(default_factory=dict)
    # Moves on at every clearing: a read that straddles one keeps its answer to itself.
    generation: int = 0

    def clear(self) -> None:
        self.entries.clear()
        self.generation += 1


# One cache per database (a process may hold several engines: tests, `venuely` commands).
_caches: WeakKeyDictionary[Engine, _Cache] = WeakKeyDictionary()


def _cache_for(engine: Engine) -> _Cache:
    cache = _caches.get(engine)
    if cache is None:
        cache = _caches[engine] = _Cache()
    return cache


async def metadata_by_name(services: Services, name: str) -> EventMetadata:
    """`service.find_event_by_name` as `metadata_out`, from this process's cache when it holds
    an answer younger than `TTL`. A unit of work is opened only to read a missing answer: on a
    hit, the session (and its dependency's exit stack, had the route asked for one) was a third
    of the read's CPU."""
    cache = _cache_for(services.db.engine.sync_engine)
    key = name.strip().lower()
    now = services.clock.now()
    hit = cache.entries.get(key)
    if hit is not None and hit[0] > now:
        return hit[1]
    generation = cache.generation
    async with services.db.session() as session:
        answer = service.metadata_out(await service.find_event_by_name(session, name))
    if cache.generation == generation:
        if len(cache.entries) >= MAX_ENTRIES:
            cache.entries.clear()
        cache.entries[key] = (now + TTL, answer)
    return answer


@sa_event.listens_for(Session, "after_flush")
def _note_flushed_writes(session: Session, _flush: UOWTransaction) -> None:
    for changed in (session.new, session.dirty, session.deleted):
        if any(isinstance(obj, _WATCHED) for obj in changed):
            session.info[_WROTE] = True
            return


@sa_event.listens_for(Session, "do_orm_execute")
def _note_statement_writes(state: ORMExecuteState) -> None:
    if state.is_select:
        return
    table: Any = getattr(state.statement, "table", None)
    if getattr(table, "name", None) in _WATCHED_TABLES:
        state.session.info[_WROTE] = True


# The mark is left on a unit that rolls back: its session is not used again, and a stray
# clearing costs a read, where forgetting a mark (a savepoint rolled back inside a unit that
# then commits its other writes) would keep a stale answer.
@sa_event.listens_for(Session, "after_commit")
def _clear_after_commit(session: Session) -> None:
    if session.info.pop(_WROTE, False):
        bind: Any = session.get_bind()
        _cache_for(getattr(bind, "engine", bind)).clear()
