"""Customers: the console's list, creating one with its first admin's invitation (masters),
reading and changing one (its admins; disabling is a master's), re-sending an invitation.

What disabling does to a customer's events is in customers/status.py. The event requests'
router is mounted here as well (events/requests_router.py), next to the customers they create.
"""

from __future__ import annotations

from fastapi import APIRouter

from venuely.accounts.mails import OutboxDep
from venuely.accounts.permissions import (
    AnyAdmin,
    CustomerAdmin,
    CustomerIdPath,
    MasterAdmin,
    load_admined_customer,
)
from venuely.core.deps import ServicesDep, SessionDep
from venuely.customers import invite, service
from venuely.customers.schemas import (
    CustomerCreate,
    CustomerOut,
    CustomerUpdate,
    InvitationIn,
    InvitationOut,
)
from venuely.customers.status import close_attendee_connections
from venuely.events.requests_router import requests_router

router = APIRouter(tags=["customers"])


@router.get("/customers", response_model=list[CustomerOut])
async def list_customers(principal: AnyAdmin, session: SessionDep) -> list[CustomerOut]:
    return await service.list_customers(session, principal)


@router.post("/customers", status_code=201, response_model=CustomerOut)
async def create_customer(
    principal: MasterAdmin,
    body: CustomerCreate,
    session: SessionDep,
    services: ServicesDep,
    outbox: OutboxDep,
) -> CustomerOut:
    customer = await service.create_customer(session, services, outbox, body)
    return service.customer_out(customer, principal)


@router.get("/customers/{CustomerID}", response_model=CustomerOut)
async def get_customer(access: CustomerAdmin) -> CustomerOut:
    return service.customer_out(access.customer, access.principal)


@router.put("/customers/{CustomerID}", response_model=CustomerOut)
async def update_customer(
    access: CustomerAdmin, body: CustomerUpdate, session: SessionDep, services: ServicesDep
) -> CustomerOut:
    customer = access.customer
    disabled = await service.update_customer(session, services, access.principal, customer, body)
    if disabled:
        # Committed first, so a socket that reconnects at once meets the disabled customer.
        await session.commit()
        await close_attendee_connections(session, services, customer.id)
    return service.customer_out(customer, access.principal)


@router.post("/customers/{CustomerID}/invitation", response_model=InvitationOut)
async def resend_invitation(
    principal: MasterAdmin,
    customer_id: CustomerIdPath,
    body: InvitationIn,
    session: SessionDep,
    services: ServicesDep,
    outbox: OutboxDep,
) -> InvitationOut:
    """The invitation mail again, for an admin of the customer (a new set-password link when
    they still need one: the old link stops working)."""
    customer = await load_admined_customer(session, principal, customer_id)
    person, expires_at = await invite.resend_invitation(
        session, services, outbox, customer, body.AdminEMail
    )
    return InvitationOut(PersonID=person.id, LoginEMail=person.login_email, ExpiresAt=expires_at)


router.include_router(requests_router)
