"""The SQLite driver behind SQLAlchemy's async engine: one thread hop per statement.

SQLAlchemy's `sqlite+aiosqlite` dialect drives aiosqlite, which runs every call on the
connection's own thread: creating a cursor, executing, fetching, closing the cursor, committing
and the rollback that resets a connection returned to the pool are each a hop there and back
(a queue put, a thread wake-up, a GIL hand-over and a loop wake-up). Measured here, a unit of
work reading one row cost 1.3 ms of CPU, against 4 µs for the statement itself; the socket
handshake's five reads cost 8 ms, which capped a connection ramp near 100 sockets/s a core.

This module stands in for the aiosqlite module that dialect is given (`module=` of
`create_async_engine`, see `db.Database`). What may wait runs on the connection's thread, once
per statement (`execute` runs it and fetches its rows in the same hop): a write can wait for
the write lock another process holds, and COMMIT can checkpoint the WAL, and neither may stall
the event loop. What cannot wait runs where it is called, on the loop: reads (under WAL a reader
never waits for a writer; an indexed lookup takes microseconds, less than the hop), cursor
creation and closing, and COMMIT or ROLLBACK of a connection with no open transaction (most
units only read, and pysqlite opens a transaction at the first write).

The price is that a long read — a CSV export of a large event — holds the loop while it runs;
large installations run PostgreSQL (docs/decisions/0002-sqlite-driver.md).

The sqlite3 connection is opened with `check_same_thread=False` for those inline calls; the
connection is never used by two calls at once (SQLAlchemy's adapter serializes a connection's
statements, and a pooled connection belongs to one unit of work at a time).
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable, Sequence
from queue import SimpleQueue
from typing import Any, TypeVar

T = TypeVar("T")

# A call and the future awaiting it (None: nobody awaits, as in `stop`); no call ends the thread.
_Job = tuple[asyncio.Future[Any] | None, Callable[[], Any] | None]
_STOP: _Job = (None, None)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():  # the awaiting task was cancelled meanwhile
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _worker(jobs: SimpleQueue[_Job]) -> None:
    while True:
        future, call = jobs.get()
        if call is None:
            return
        result: Any = None
        error: BaseException | None = None
        try:
            result = call()
        except BaseException as exc:  # handed to the awaiting coroutine, never lost here
            error = exc
        if future is not None:
            future.get_loop().call_soon_threadsafe(_settle, future, result, error)


def _reads_only(operation: str) -> bool:
    """Statements that run where they are called: reads never wait for a lock under WAL."""
    return operation.lstrip()[:6].upper() in ("SELECT", "PRAGMA")


class Cursor:
    """A sqlite3 cursor whose `execute` fetches the whole result in the same hop."""

    def __init__(self, connection: Connection, cursor: sqlite3.Cursor) -> None:
        self._connection = connection
        self._cursor = cursor
        self._rows: list[Any] = []

    async def __aenter__(self) -> Cursor:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    @property
    def description(self) -> Any:
        return self._cursor.description

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    @property
    def arraysize(self) -> int:
        return self._cursor.arraysize

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        self._cursor.arraysize = value

    def _run(self, operation: str, parameters: Any) -> list[Any]:
        cursor = self._cursor
        cursor.execute(operation, parameters)
        return cursor.fetchall() if cursor.description is not None else []

    async def execute(self, operation: str, parameters: Any = ()) -> Cursor:
        if _reads_only(operation):
            self._rows = self._run(operation, parameters)
        else:
            self._rows = await self._connection._call(lambda: self._run(operation, parameters))
        return self

    async def executemany(self, operation: str, seq_of_parameters: Sequence[Any]) -> Cursor:
        await self._connection._call(lambda: self._cursor.executemany(operation, seq_of_parameters))
        self._rows = []
        return self

    async def fetchall(self) -> list[Any]:
        rows, self._rows = self._rows, []
        return rows

    async def fetchone(self) -> Any:
        return self._rows.pop(0) if self._rows else None

    async def fetchmany(self, size: int | None = None) -> list[Any]:
        count = self._cursor.arraysize if size is None else size
        rows, self._rows = self._rows[:count], self._rows[count:]
        return rows

    async def setinputsizes(self, *_: Any) -> None:
        return None

    async def nextset(self) -> None:
        return None

    async def close(self) -> None:
        self._rows = []
        self._cursor.close()


class Connection:
    """One sqlite3 connection and the thread its statements run on."""

    def __init__(self, database: str, kwargs: dict[str, Any]) -> None:
        self._database = database
        self._kwargs = {**kwargs, "check_same_thread": False}
        self._jobs: SimpleQueue[_Job] = SimpleQueue()
        self._thread = threading.Thread(
            target=_worker, args=(self._jobs,), name="venuely-sqlite", daemon=True
        )
        self._conn: sqlite3.Connection | None = None

    async def _open(self) -> Connection:
        self._thread.start()
        self._conn = await self._call(lambda: sqlite3.connect(self._database, **self._kwargs))
        return self

    def __await__(self) -> Any:
        return self._open().__await__()

    async def _call(self, call: Callable[[], T]) -> T:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._jobs.put((future, call))
        return await future

    @property
    def _tx(self) -> SimpleQueue[_Job]:
        # SQLAlchemy's adapter sets `isolation_level` by queueing a call here, as on aiosqlite.
        return self._jobs

    @property
    def _connection(self) -> sqlite3.Connection | None:
        # SQLAlchemy's adapter tests this to know whether the connection is still open.
        return self._conn

    def _live(self) -> sqlite3.Connection:
        if self._conn is None:
            raise ValueError("Connection closed")
        return self._conn

    @property
    def in_transaction(self) -> bool:
        return self._live().in_transaction

    @property
    def isolation_level(self) -> str | None:
        return self._live().isolation_level

    def cursor(self) -> Cursor:
        return Cursor(self, self._live().cursor())

    async def execute(self, operation: str, parameters: Any = ()) -> Cursor:
        cursor = self.cursor()
        return await cursor.execute(operation, parameters)

    async def commit(self) -> None:
        conn = self._live()
        if conn.in_transaction:  # COMMIT may checkpoint the WAL: on the thread
            await self._call(conn.commit)

    async def rollback(self) -> None:
        conn = self._live()
        if conn.in_transaction:
            await self._call(conn.rollback)

    async def create_function(self, *args: Any, **kwargs: Any) -> None:
        self._live().create_function(*args, **kwargs)

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            await self._call(conn.close)
        finally:
            self._jobs.put(_STOP)

    def stop(self) -> None:
        """Close without waiting (SQLAlchemy's terminate of a connection it gave up on)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            self._jobs.put((None, conn.close))
        self._jobs.put(_STOP)


def connect(database: str, **kwargs: Any) -> Connection:
    return Connection(database, kwargs)


# The DB-API names SQLAlchemy's aiosqlite dialect reads from the module it is given.
DatabaseError = sqlite3.DatabaseError
Error = sqlite3.Error
IntegrityError = sqlite3.IntegrityError
NotSupportedError = sqlite3.NotSupportedError
OperationalError = sqlite3.OperationalError
ProgrammingError = sqlite3.ProgrammingError
sqlite_version = sqlite3.sqlite_version
sqlite_version_info = sqlite3.sqlite_version_info
