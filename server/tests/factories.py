"""Builders that put rows straight into the database, so a test states only what it is about."""

from __future__ import annotations

from datetime import timedelta
from functools import lru_cache
from typing import Any

from venuely.accounts.models import Person
from venuely.accounts.tokens import issue_token
from venuely.admins.models import Admin, AdminType
from venuely.core.ids import NULL_ID, new_id
from venuely.core.security import hash_password
from venuely.core.services import Services
from venuely.events.models import Attendee, Customer, Event, WhitelistEntry

DEFAULT_PASSWORD = "correct horse battery"


@lru_cache(maxsize=16)
def _hash(password: str) -> str:
    # A real argon2id hash, computed once per password per run: tests create hundreds of people
    # and hashing each one would dominate the suite's run time.
    return hash_password(password)


async def make_customer(services: Services, name: str = "Acme Events") -> Customer:
    async with services.db.session() as session:
        now = services.clock.now()
        customer = Customer(id=new_id(), name=name, created_at=now, updated_at=now)
        session.add(customer)
    return customer


async def make_event(
    services: Services,
    customer: Customer | None = None,
    *,
    internal_name: str | None = None,
    whitelist: list[str] | None = None,
    **fields: Any,
) -> Event:
    customer = customer or await make_customer(services)
    now = services.clock.now()
    event_id = new_id()
    values: dict[str, Any] = {
        "title": "Test Event",
        "date_begin": now - timedelta(hours=1),
        "date_end": now + timedelta(days=2),
    }
    values.update(fields)
    async with services.db.session() as session:
        event = Event(
            id=event_id,
            customer_id=customer.id,
            internal_name=internal_name or f"event-{event_id[-8:]}",
            created_at=now,
            updated_at=now,
            **values,
        )
        session.add(event)
        await session.flush()
        for entry in whitelist or []:
            session.add(WhitelistEntry(event_id=event_id, entry=entry.lower()))
    return event


async def make_person(
    services: Services,
    email: str | None = None,
    *,
    password: str = DEFAULT_PASSWORD,
    verified: bool = True,
    language: str = "en",
    event: Event | None = None,
    **fields: Any,
) -> Person:
    now = services.clock.now()
    person_id = new_id()
    # The whole id: its last eight digits are a per-second counter that restarts at a random
    # value, so two persons made in different seconds could share them (a matrix test did).
    email = email or f"person-{person_id}@example.com"
    async with services.db.session() as session:
        person = Person(
            id=person_id,
            login_email=email.lower(),
            email=email,
            first_name=fields.pop("first_name", "Ada"),
            last_name=fields.pop("last_name", "Lovelace"),
            language=language,
            password_hash=_hash(password),
            is_verified=verified,
            created_at=now,
            updated_at=now,
            **fields,
        )
        session.add(person)
        await session.flush()
        if event is not None:
            session.add(Attendee(event_id=event.id, person_id=person_id, created_at=now))
    return person


async def grant_admin(
    services: Services,
    person: Person,
    admin_type: AdminType,
    *,
    customer_id: str | None = None,
    event_id: str | None = None,
    roles: list[str] | None = None,
) -> Admin:
    async with services.db.session() as session:
        admin = Admin(
            id=new_id(),
            person_id=person.id,
            admin_type=admin_type.value,
            customer_id=customer_id,
            event_id=event_id,
            roles=roles or [],
            created_at=services.clock.now(),
        )
        session.add(admin)
    return admin


async def token_for(services: Services, person: Person, event: Event | None = None) -> str:
    async with services.db.session() as session:
        return await issue_token(session, services, person, event.id if event else NULL_ID)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
