"""SQLite writers of one process take turns in arrival order on an asyncio lock instead of
polling SQLite's busy handler (core/db.py, SqliteWriteQueue)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import cast

import pytest
from sqlalchemy import text
from sqlalchemy.pool import QueuePool

from venuely.core import db as db_module
from venuely.core.db import Database, DatabaseBusy, SqliteWriteQueue, is_busy


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    database = Database(f"sqlite+aiosqlite:///{tmp_path / 'queue.db'}")
    async with database.session() as session:
        await session.execute(text("CREATE TABLE log (n INTEGER)"))
    return database


def _queue(db: Database) -> SqliteWriteQueue:
    assert db.write_queue is not None
    return db.write_queue


async def _write(db: Database, n: int, hold: float = 0.0) -> None:
    async with db.session() as session:
        await session.execute(text("INSERT INTO log (n) VALUES (:n)"), {"n": n})
        await asyncio.sleep(hold)  # still in the transaction: the turn is held


async def _waiting(db: Database, count: int) -> None:
    """Until `count` writers wait for the turn. Arrival is the moment a writer queues on the lock,
    not when its task was made: opening a connection takes a thread hop first, and on a loaded
    machine a fixed sleep let a later task overtake an earlier one."""
    lock = _queue(db).lock
    for _ in range(1000):
        # asyncio.Lock keeps its waiters in `_waiters` (None until the first one).
        if len(lock._waiters or ()) >= count:
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"{count} writers never queued")


async def _held(db: Database) -> None:
    for _ in range(1000):
        if _queue(db).lock.locked():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the first writer never took the turn")


async def test_writers_go_in_arrival_order(db: Database) -> None:
    first = asyncio.create_task(_write(db, 0, hold=0.5))
    await _held(db)
    others = []
    for n in range(1, 6):
        others.append(asyncio.create_task(_write(db, n)))
        await _waiting(db, n)
    await asyncio.gather(first, *others)
    async with db.session() as session:
        order = (await session.scalars(text("SELECT n FROM log ORDER BY rowid"))).all()
    assert order == [0, 1, 2, 3, 4, 5]
    await db.dispose()


async def test_a_writer_that_waits_too_long_fails_cleanly(db: Database) -> None:
    _queue(db).wait_seconds = 0.1
    holder = asyncio.create_task(_write(db, 1, hold=0.5))
    await asyncio.sleep(0.05)
    with pytest.raises(DatabaseBusy):
        await _write(db, 2)
    await holder
    # The turn was handed on: a writer after the holder gets in, and nothing of the failed one.
    await _write(db, 3)
    async with db.session() as session:
        rows = (await session.scalars(text("SELECT n FROM log ORDER BY rowid"))).all()
    assert rows == [1, 3]
    await db.dispose()


class Boom(Exception):
    pass


async def _write_then_fail(db: Database) -> None:
    async with db.session() as session:
        await session.execute(text("INSERT INTO log (n) VALUES (1)"))
        raise Boom


async def test_a_rolled_back_writer_hands_the_turn_on(db: Database) -> None:
    with pytest.raises(Boom):
        await _write_then_fail(db)
    assert not _queue(db).lock.locked()
    await _write(db, 2)
    assert not _queue(db).lock.locked()
    await db.dispose()


async def test_readers_do_not_queue(db: Database) -> None:
    holder = asyncio.create_task(_write(db, 1, hold=0.3))
    await asyncio.sleep(0.05)
    assert _queue(db).lock.locked()
    async with asyncio.timeout(0.2):  # well before the writer lets go
        async with db.session() as session:
            assert (await session.scalar(text("SELECT count(*) FROM log"))) == 0
    await holder
    await db.dispose()


async def test_no_free_connection_in_time_is_busy_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a storm, units waiting for their write turn hold every pooled connection; one that
    finds none free within the write wait is SERVER_BUSY (is_busy), not a 30 s hang and a 500."""
    monkeypatch.setattr(db_module, "WRITE_WAIT_SECONDS", 0.1)
    database = Database(f"sqlite+aiosqlite:///{tmp_path / 'pool.db'}")
    held = []
    try:
        pool = cast(QueuePool, database.engine.pool)
        for _ in range(pool.size() + pool._max_overflow):  # every connection the pool may open
            held.append(await database.engine.connect())
        with pytest.raises(Exception) as refused:  # noqa: PT011 - which one is is_busy's call
            async with database.session() as session:
                await session.execute(text("SELECT 1"))
        assert is_busy(refused.value)
    finally:
        for connection in held:
            await connection.close()
        await database.dispose()
