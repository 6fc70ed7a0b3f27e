"""The Wall of Fame's migration keeps what was public public: projects made before moderation
existed (rows of an event's `walloffame` table) get an approved review; other tables' rows and
global tables get none."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy import create_engine, text

from tests.migration_support import old_customer_with_event
from venuely.core.migrate import upgrade

BEFORE = "c8d2e4f6a1b3"  # the help desk's, the revision before the Wall of Fame's
ROWS = [("a" * 24, "w" * 24), ("b" * 24, "s" * 24), ("c" * 24, "g" * 24)]


def test_existing_projects_stay_public(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    url = f"sqlite+aiosqlite:///{path}"
    upgrade(url, BEFORE)
    event_id = asyncio.run(old_customer_with_event(url, tmp_path))
    engine = create_engine(f"sqlite:///{path}")
    at = "2026-11-01 10:00:00.000000"
    with engine.begin() as conn:
        for table_id, event, name in (
            ("w" * 24, event_id, "walloffame"),
            ("s" * 24, event_id, "scores"),
            ("g" * 24, None, "walloffame"),
        ):
            conn.execute(
                text("INSERT INTO vtables VALUES (:id, :event, :name, :at, :at)"),
                {"id": table_id, "event": event, "name": name, "at": at},
            )
        for row_id, table_id in ROWS:
            conn.execute(
                text("INSERT INTO vtable_rows VALUES (:id, :table, NULL, '{}', :at, :at)"),
                {"id": row_id, "table": table_id, "at": at},
            )
    upgrade(url)
    with engine.connect() as conn:
        reviews = conn.execute(
            text("SELECT row_id, event_id, state, reason, featured FROM walloffame_reviews")
        ).all()
    engine.dispose()
    assert [tuple(r) for r in reviews] == [("a" * 24, event_id, "approved", "", 0)]
