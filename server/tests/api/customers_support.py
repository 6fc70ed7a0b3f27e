"""Shared steps of the customer and event-request tests: admins of each kind, by their headers."""

from __future__ import annotations

from tests.factories import bearer, grant_admin, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Customer, Event


async def master_headers(services: Services) -> dict[str, str]:
    master = await make_person(services)
    await grant_admin(services, master, AdminType.MASTER)
    return bearer(await token_for(services, master))


async def customer_admin_headers(services: Services, customer: Customer) -> dict[str, str]:
    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.CUSTOMER, customer_id=customer.id)
    return bearer(await token_for(services, admin))


async def event_admin_headers(services: Services, event: Event) -> dict[str, str]:
    admin = await make_person(services)
    await grant_admin(
        services, admin, AdminType.EVENT, event_id=event.id, customer_id=event.customer_id
    )
    return bearer(await token_for(services, admin))
