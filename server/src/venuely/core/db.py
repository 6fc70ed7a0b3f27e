"""Database engine, session factory and the column types every model shares.

SQLite (aiosqlite, WAL) is the embedded default; PostgreSQL (asyncpg) is the production choice.
Models only use portable types from here so both behave the same.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import JSON, DateTime, String, event
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase, MappedColumn, mapped_column
from sqlalchemy.types import TypeDecorator

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
        if not self.is_sqlite:
            kwargs.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
        self.engine: AsyncEngine = create_async_engine(url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
            event.listen(self.engine.sync_engine, "savepoint", _sqlite_begin_before_savepoint)
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


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run while one writer commits; busy_timeout makes concurrent writers wait
    # instead of failing with "database is locked"; foreign keys are off by default in SQLite.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _sqlite_begin_before_savepoint(conn: Any, _name: str) -> None:
    # pysqlite opens a transaction only at the first INSERT/UPDATE/DELETE. A SAVEPOINT issued
    # before that becomes the outermost transaction, so its RELEASE commits at once and a later
    # rollback of the unit of work cannot undo it. A savepoint means the unit is about to write,
    # so start the real transaction first; IMMEDIATE takes the write lock now (waiting up to
    # busy_timeout) instead of failing later when a read snapshot would have to be upgraded.
    driver = conn.connection.driver_connection
    if driver is not None and not driver.in_transaction:
        conn.exec_driver_sql("BEGIN IMMEDIATE")
