"""A unit of work is all or nothing on both backends, savepoints included."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from tests.factories import make_customer
from venuely.core.services import Services
from venuely.locations.models import Location


class Boom(Exception):
    pass


async def test_released_savepoint_is_undone_when_the_unit_rolls_back(services: Services) -> None:
    customer_id = (await make_customer(services)).id

    # The savepoint is the first thing this unit does: on SQLite it used to become the outer
    # transaction, so RELEASE committed the row and the rollback below left it behind.
    async def write_then_fail() -> None:
        async with services.db.session() as session:
            async with session.begin_nested():
                session.add(
                    Location(
                        customer_id=customer_id,
                        name="Hall",
                        location_type="Room",
                        created_at=services.clock.now(),
                        updated_at=services.clock.now(),
                    )
                )
            raise Boom

    with pytest.raises(Boom):
        await write_then_fail()

    async with services.db.session() as session:
        count = await session.scalar(select(func.count()).select_from(Location))
    assert count == 0
