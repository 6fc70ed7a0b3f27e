"""Migrations and models agree on every backend, and upgrading is idempotent."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, create_engine, text
from sqlalchemy.ext.asyncio import create_async_engine

from tests.migration_support import old_customer_with_event
from venuely.core.db import Base
from venuely.core.migrate import upgrade
from venuely.models import import_all_models

import_all_models()


def _diff(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


def test_sqlite_migrations_build_exactly_the_models_schema(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    upgrade(f"sqlite+aiosqlite:///{path}")
    upgrade(f"sqlite+aiosqlite:///{path}")  # a second run changes nothing and does not fail
    engine = create_engine(f"sqlite:///{path}")
    with engine.connect() as connection:
        assert _diff(connection) == []
    engine.dispose()


def test_postgresql_migrations_build_exactly_the_models_schema() -> None:
    url = os.environ.get("VENUELY_TEST_DATABASE_URL", "")
    if not url:
        # Without PostgreSQL configured, prove at least that the SQL for it renders.
        upgrade_sql = _render_offline("postgresql+asyncpg://venuely@localhost/none")
        assert "CREATE TABLE persons" in upgrade_sql
        return
    schema = "venuely_migration_check"

    async def run() -> list[Any]:
        engine = create_async_engine(url)
        async with engine.begin() as conn:
            await conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
            await conn.execute(text(f"CREATE SCHEMA {schema}"))
        await engine.dispose()
        scoped = create_async_engine(url, connect_args={"server_settings": {"search_path": schema}})
        try:
            async with scoped.begin() as conn:
                await conn.run_sync(_upgrade_on)
            async with scoped.connect() as conn:
                return await conn.run_sync(_diff)
        finally:
            async with scoped.begin() as conn:
                await conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
            await scoped.dispose()

    assert asyncio.run(run()) == []


def _upgrade_on(connection: Connection) -> None:
    from alembic import command

    from venuely.core.migrate import alembic_config

    config = alembic_config("postgresql://unused")
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _render_offline(url: str) -> str:
    import io

    from alembic import command

    from venuely.core.migrate import alembic_config

    buffer = io.StringIO()
    config = alembic_config(url)
    config.output_buffer = buffer
    command.upgrade(config, "head", sql=True)
    return buffer.getvalue()


def test_sqlite_rebuilding_a_parent_table_keeps_the_rows_that_reference_it(
    tmp_path: Path,
) -> None:
    """The customers migration rebuilds `customers` on SQLite (batch mode: copy, drop, rename).
    Events reference it with ON DELETE CASCADE, so with foreign keys on during migrations the
    drop would have deleted every event of an upgraded installation."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'm.db'}"
    upgrade(url, "f3a4b5c6d7e8")  # the revision before the customers migration
    event_id = asyncio.run(old_customer_with_event(url, tmp_path))
    upgrade(url)
    engine = create_engine(f"sqlite:///{tmp_path / 'm.db'}")
    with engine.connect() as conn:
        events = conn.execute(text("SELECT id FROM events")).scalars().all()
        disabled = conn.execute(text("SELECT is_disabled FROM customers")).scalars().all()
    engine.dispose()
    assert events == [event_id]
    assert disabled == [0]
