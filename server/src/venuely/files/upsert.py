"""INSERT ... ON CONFLICT DO NOTHING on SQLite and PostgreSQL.

Used for rows that two requests may create at once (a content-addressed file, an event's theme).
A savepoint around a plain INSERT would do on PostgreSQL, but pysqlite opens no transaction
before a SAVEPOINT, so releasing it commits on the spot and a later rollback cannot undo it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.db import Base


async def insert_ignore(session: AsyncSession, model: type[Base], values: dict[str, Any]) -> None:
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    await session.execute(insert(model).values(**values).on_conflict_do_nothing())
