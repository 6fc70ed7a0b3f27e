"""Rows written into a database migrated only part of the way, for tests of later migrations."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from tests.conftest import TEST_SECRET
from tests.factories import make_event
from venuely.core.clock import FrozenClock
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
        return (await make_event(services, customer)).id
    finally:
        await services.db.dispose()
