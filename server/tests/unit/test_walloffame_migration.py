"""The Wall of Fame's migration keeps what was public public: projects made before moderation
existed (rows of an event's `walloffame` table) get an approved review; other tables' rows and
global tables get none."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy import create_engine, text

from tests.conftest import TEST_SECRET
from tests.factories import make_event
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.core.migrate import upgrade
from venuely.core.services import build_services
from venuely.events.models import Customer
from venuely.settings import Environment, Settings

BEFORE = "c8d2e4f6a1b3"  # the help desk's, the revision before the Wall of Fame's
ROWS = [("a" * 24, "w" * 24), ("b" * 24, "s" * 24), ("c" * 24, "g" * 24)]


async def _event_id(url: str, tmp_path: Path) -> str:
    settings = Settings(
        env=Environment.TEST,
        data_dir=tmp_path / "var",
        database_url=url,
        secret_key=TEST_SECRET,
        public_url="http://venuely.test",
    )
    services = build_services(settings, clock=FrozenClock())
    # The customer in this revision's columns: the ORM model has columns added since.
    customer = Customer(id=new_id(), name="Acme Events")
    try:
        async with services.db.session() as session:
            await session.execute(
                text("INSERT INTO customers (id, name, created_at) VALUES (:id, :name, :at)"),
                {"id": customer.id, "name": customer.name, "at": services.clock.now()},
            )
        event = await make_event(services, customer)
    finally:
        await services.db.dispose()
    return event.id


def test_existing_projects_stay_public(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    url = f"sqlite+aiosqlite:///{path}"
    upgrade(url, BEFORE)
    event_id = asyncio.run(_event_id(url, tmp_path))
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
