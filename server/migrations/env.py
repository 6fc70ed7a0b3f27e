"""Alembic environment: runs migrations over the async engine Venuely itself uses."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from venuely.core.db import Base, Database
from venuely.models import import_all_models
from venuely.settings import load_settings

import_all_models()
config = context.config
target_metadata = Base.metadata


def _database_url() -> str:
    return config.get_main_option("sqlalchemy.url") or load_settings().effective_database_url


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_online() -> None:
    db = Database(_database_url())
    try:
        async with db.engine.connect() as connection:
            sqlite = connection.dialect.name == "sqlite"
            if sqlite:
                # A batch migration rebuilds a SQLite table: a copy, DROP of the old one, rename.
                # With foreign keys on, that DROP deletes every row referencing the table through
                # ON DELETE CASCADE (rebuilding `customers` would empty `events`). Off, outside a
                # transaction (the pragma is ignored inside one), and checked afterwards.
                await connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            await connection.run_sync(_run)
            await connection.commit()
            if sqlite:
                broken = (await connection.exec_driver_sql("PRAGMA foreign_key_check")).all()
                await connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                if broken:
                    raise RuntimeError(f"migrations left broken foreign keys: {broken[:5]}")
    finally:
        await db.dispose()


if config.attributes.get("connection") is not None:
    # Handed a live connection (tests that migrate into a scratch schema).
    _run(config.attributes["connection"])
elif context.is_offline_mode():
    context.configure(url=_database_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    asyncio.run(_run_online())
