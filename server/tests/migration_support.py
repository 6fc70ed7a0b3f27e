"""Rows written into a database migrated only part of the way, for tests of later migrations."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import Boolean, String, column, insert, table, text
from sqlalchemy.ext.asyncio import AsyncSession

from tests.conftest import TEST_SECRET
from venuely.core.clock import FrozenClock
from venuely.core.db import JsonType, UTCDateTime
from venuely.core.ids import new_id
from venuely.core.services import build_services
from venuely.events.models import Customer
from venuely.settings import Environment, Settings


async def old_customer_with_event(url: str, tmp_path: Path) -> str:
    """A customer in the columns it had before the customers migration (the ORM model has
    columns added since, so it is written in SQL), and an event of it; the event's id."""
    settings = Settings(
        env=Environment.TEST,
        data_dir=tmp_path / "var",
        database_url=url,
        secret_key=TEST_SECRET,
        public_url="http://venuely.test",
    )
    services = build_services(settings, clock=FrozenClock())
    customer = Customer(id=new_id(), name="Acme Events")
    try:
        async with services.db.session() as session:
            await session.execute(
                text("INSERT INTO customers (id, name, created_at) VALUES (:id, :name, :at)"),
                {"id": customer.id, "name": customer.name, "at": services.clock.now()},
            )
            return await _old_event(session, customer.id, services.clock.now())
    finally:
        await services.db.dispose()


# `events` in the columns every schema since the first has, written through a table of its own:
# the ORM model also writes the columns added since (privacy's retention), which an old schema
# lacks.
_OLD_EVENTS = table(
    "events",
    *(column(name, String()) for name in ("id", "customer_id", "internal_name", "title")),
    *(column(name, String()) for name in ("description", "time_zone", "default_language")),
    *(column(name, String()) for name in ("default_page", "pano_url", "treasure_hunt_id")),
    *(column(name, Boolean()) for name in ("is_listed", "is_use_isolation")),
    *(column(name, JsonType) for name in ("isolations", "tracking", "event_modules")),
    *(column(name, JsonType) for name in ("pano_event_vars", "pano_event_modules_vars")),
    column("pano_custom_vars", JsonType),
    *(column(name, UTCDateTime()) for name in ("date_begin", "date_end")),
    *(column(name, UTCDateTime()) for name in ("created_at", "updated_at")),
)


async def _old_event(session: AsyncSession, customer_id: str, now: datetime) -> str:
    event_id = new_id()
    await session.execute(
        insert(_OLD_EVENTS).values(
            id=event_id,
            customer_id=customer_id,
            internal_name=f"event-{event_id[-8:]}",
            title="Test Event",
            description="",
            time_zone="UTC",
            default_language="en",
            default_page="0" * 24,
            pano_url="",
            treasure_hunt_id="0" * 24,
            is_listed=False,
            is_use_isolation=False,
            isolations=[],
            tracking={},
            event_modules={},
            pano_event_vars={},
            pano_event_modules_vars={},
            pano_custom_vars={},
            date_begin=now - timedelta(hours=1),
            date_end=now + timedelta(days=2),
            created_at=now,
            updated_at=now,
        )
    )
    return event_id
