"""Demo persons: found by login email, made once (the demo seed and the features' demo steps)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.core.ids import new_id


async def demo_person(
    session: AsyncSession, email: str, first: str, last: str, now: datetime
) -> Person:
    """The person with this login email, made without a password when missing (flushed)."""
    person = await session.scalar(select(Person).where(Person.login_email == email))
    if person is None:
        person = Person(
            id=new_id(),
            login_email=email,
            email=email,
            first_name=first,
            last_name=last,
            language="en",
            created_at=now,
            updated_at=now,
        )
        session.add(person)
        await session.flush()
    return person
