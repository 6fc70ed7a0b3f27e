"""Database engine, session factory and the column types every model shares.

SQLite (WAL, through `sqlite_driver`) is the embedded default; PostgreSQL (asyncpg) is the
production choice.
Models only use portable types from here so both behave the same.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import JSON, DateTime, String, event
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.dialects.sqlite.aiosqlite import AsyncAdapt_aiosqlite_dbapi
from sqlalchemy.engine import Dialect, make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase, MappedColumn, mapped_column
from sqlalchemy.types import TypeDecorator
from sqlalchemy.util import await_

from venuely.core import sqlite_driver
from venuely.core.ids import new_id

JsonType = JSON().with_variant(JSONB(), "postgresql")


class UTCDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC datetimes on every backend (SQLite would hand back naive values)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime refused: use an aware UTC datetime")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: UTCDateTime(),
        dict[str, Any]: JsonType,
        list[Any]: JsonType,
    }


def id_column() -> MappedColumn[str]:
    return mapped_column(String(24), primary_key=True, default=new_id)


class Database:
    """Owns the engine; `session()` yields a unit of work that commits or rolls back as a whole."""

    def __init__(self, url: str, *, echo: bool = False) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {"echo": echo}
        if self.is_sqlite:
            # One thread hop per statement instead of aiosqlite's four (core/sqlite_driver.py).
            kwargs["module"] = AsyncAdapt_aiosqlite_dbapi(sqlite_driver, sqlite3)
            if _file_database(url):
                # Connections are held by units waiting for their write turn (at most
                # WRITE_WAIT_SECONDS each); waiting longer than that for a connection means the
                # server is overloaded, answered as SERVER_BUSY, not after 30 s (the default).
                # (An in-memory database has one shared connection and no pool to wait on.)
                kwargs["pool_timeout"] = WRITE_WAIT_SECONDS
        else:
            kwargs.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
        self.engine: AsyncEngine = create_async_engine(url, **kwargs)
        self.write_queue: SqliteWriteQueue | None = None
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
            event.listen(self.engine.sync_engine, "savepoint", _sqlite_begin_before_savepoint)
            self.write_queue = SqliteWriteQueue(WRITE_WAIT_SECONDS)
            self.write_queue.install(self.engine)
        self.sessionmaker = async_sessionmaker(self.engine, expire_on_commit=False)

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        async with self.sessionmaker() as session:
            try:
                yield session
                await session.commit()
            except BaseException:
                await session.rollback()
                raise

    async def dispose(self) -> None:
        await self.engine.dispose()


def _file_database(url: str) -> bool:
    database = make_url(url).database
    return bool(database) and database != ":memory:" and "mode=memory" not in url


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run while one writer commits; busy_timeout makes concurrent writers wait
    # instead of failing with "database is locked"; foreign keys are off by default in SQLite.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


WRITE_WAIT_SECONDS = 5.0  # as long as busy_timeout: how long a writer waits for its turn


class DatabaseBusy(Exception):
    """The database could not take a write in time: the server is overloaded, the request was
    fine. Callers answer SERVER_BUSY (HTTP 503 with Retry-After) and log no trace."""


def is_busy(exc: BaseException) -> bool:
    """Our write queue timing out, no pooled connection free in time, or SQLite's own busy
    handler giving up (another process)."""
    if isinstance(exc, DatabaseBusy | PoolTimeout):
        return True
    return isinstance(exc, OperationalError) and "database is locked" in str(exc.orig)


_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "BEGIN IMMEDIATE")


class SqliteWriteQueue:
    """Writers of this process take turns on SQLite's single write lock in arrival order.

    SQLite lets one connection write at a time; the others wait in its busy handler, which polls
    by sleeping (1, 2, 5 … up to 100 ms between tries) and gives up with "database is locked"
    after busy_timeout. Under load — a broadcast room sending 80 messages a second while the
    event loop also fans them out — the waits stacked to seconds and sends failed. An asyncio
    lock taken just before a connection's first write, and handed on when the connection goes
    back to the pool (after its COMMIT or ROLLBACK), makes waiting FIFO and wakes the next
    writer at once. Readers never take it (WAL lets them run beside the writer). Other
    processes on the same file still meet the busy handler, as before.
    """

    def __init__(self, wait_seconds: float) -> None:
        self.wait_seconds = wait_seconds
        self.lock = asyncio.Lock()

    def install(self, engine: AsyncEngine) -> None:
        event.listen(engine.sync_engine, "before_cursor_execute", self._before_execute)
        event.listen(engine.sync_engine.pool, "checkin", self._checkin)

    def _before_execute(self, conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if conn.info.get("venuely_writer") or not statement.lstrip()[:15].upper().startswith(
            _WRITES
        ):
            return
        try:
            # Runs inside SQLAlchemy's greenlet, so it may wait on the event loop.
            await_(asyncio.wait_for(self.lock.acquire(), self.wait_seconds))
        except TimeoutError as exc:
            raise DatabaseBusy(f"no write turn within {self.wait_seconds} s") from exc
        conn.info["venuely_writer"] = True

    def _checkin(self, _dbapi_connection: Any, record: Any) -> None:
        if record.info.pop("venuely_writer", False):
            self.lock.release()


def _sqlite_begin_before_savepoint(conn: Any, _name: str) -> None:
    # pysqlite opens a transaction only at the first INSERT/UPDATE/DELETE. A SAVEPOINT issued
    # before that becomes the outermost transaction, so its RELEASE commits at once and a later
    # rollback of the unit of work cannot undo it. A savepoint means the unit is about to write,
    # so start the real transaction first; IMMEDIATE takes the write lock now (waiting up to
    # busy_timeout) instead of failing later when a read snapshot would have to be upgraded.
    _sqlite_begin_immediate(conn)


def _sqlite_begin_immediate(conn: Any) -> None:
    driver = conn.connection.driver_connection
    if driver is not None and not driver.in_transaction:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


async def begin_write(session: AsyncSession) -> None:
    """Take the unit of work's turn to write now, before it reads what its writes decide on (a
    group commit validating a batch): on SQLite the one write lock (through the write queue),
    so nothing it reads changes before it commits. PostgreSQL needs nothing here: the unit
    locks the rows it reads (FOR SHARE, FOR UPDATE)."""
    connection = await session.connection()
    if connection.dialect.name == "sqlite":
        await connection.run_sync(_sqlite_begin_immediate)
