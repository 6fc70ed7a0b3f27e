"""The SQLite driver (core/sqlite_driver.py): reads run on the event loop, writes and commits on
the connection's thread, so a write waiting for another process's lock never stalls the loop."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import event, text
from sqlalchemy.exc import IntegrityError

from venuely.core.db import Database


@pytest.fixture
async def db(tmp_path: Path) -> Database:
    database = Database(f"sqlite+aiosqlite:///{tmp_path / 'driver.db'}")

    # A SQL function naming the thread that runs the statement calling it.
    @event.listens_for(database.engine.sync_engine, "connect")
    def _thread_name(dbapi_connection: object, _record: object) -> None:
        dbapi_connection.create_function(  # type: ignore[attr-defined]
            "thread_name", 0, lambda: threading.current_thread().name
        )

    async with database.session() as session:
        await session.execute(text("CREATE TABLE t (n INTEGER PRIMARY KEY, who TEXT)"))
    return database


async def test_reads_run_on_the_loop_and_writes_on_the_connection_thread(db: Database) -> None:
    loop_thread = threading.current_thread().name
    async with db.session() as session:
        reader = await session.scalar(text("SELECT thread_name()"))
        await session.execute(text("INSERT INTO t (n, who) VALUES (1, thread_name())"))
    async with db.session() as session:
        writer = await session.scalar(text("SELECT who FROM t WHERE n = 1"))
    assert reader == loop_thread
    assert writer == "venuely-sqlite"
    await db.dispose()


async def test_rows_errors_and_rollback_behave_as_a_dbapi_should(db: Database) -> None:
    async with db.session() as session:
        await session.execute(text("INSERT INTO t (n, who) VALUES (1, 'a'), (2, 'b')"))

    async def insert_then_collide() -> None:
        async with db.session() as session:
            await session.execute(text("INSERT INTO t (n, who) VALUES (3, 'c')"))
            await session.execute(text("INSERT INTO t (n, who) VALUES (1, 'dup')"))

    with pytest.raises(IntegrityError):
        await insert_then_collide()
    async with db.session() as session:
        rows = (await session.execute(text("SELECT n, who FROM t ORDER BY n"))).all()
        deleted = await session.execute(text("DELETE FROM t WHERE n = 2"))
    # The failed unit rolled back as a whole (no 3); DELETE reports its row count.
    assert [tuple(r) for r in rows] == [(1, "a"), (2, "b")]
    assert deleted.rowcount == 1  # type: ignore[attr-defined]
    await db.dispose()


async def test_a_write_waiting_for_another_process_does_not_stall_the_loop(
    db: Database, tmp_path: Path
) -> None:
    # Another process's writer, standing in: a plain connection holding the write lock.
    other = sqlite3.connect(tmp_path / "driver.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    async def write() -> None:
        async with db.session() as session:
            await session.execute(text("INSERT INTO t (n, who) VALUES (7, 'late')"))

    beat = asyncio.create_task(ticker())
    writing = asyncio.create_task(write())
    await asyncio.sleep(0.5)
    assert not writing.done()  # waiting in SQLite's busy handler, on the driver's thread
    assert ticks >= 20  # while the loop kept running
    other.execute("COMMIT")
    other.close()
    await asyncio.wait_for(writing, 5)
    beat.cancel()
    async with db.session() as session:
        assert await session.scalar(text("SELECT who FROM t WHERE n = 7")) == "late"
    await db.dispose()
