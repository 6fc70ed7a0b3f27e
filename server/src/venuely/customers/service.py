"""Creating, reading and changing customers. Routes pass customers obtained through the policies
of accounts/permissions.py; this module decides what each caller may change."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.mails import Outbox
from venuely.accounts.permissions import Principal
from venuely.admins.roles import Role
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.customers import invite
from venuely.customers.schemas import CustomerCreate, CustomerOut, CustomerUpdate
from venuely.events.models import Customer, Event


def customer_out(customer: Customer, principal: Principal) -> CustomerOut:
    return CustomerOut(
        ID=customer.id,
        Name=customer.name,
        IsDisabled=customer.is_disabled,
        # `POST /customers/{CustomerID}/events` needs the content role (admins/roles.py).
        MayCreateEvents=principal.has_customer_role(customer.id, Role.CONTENT),
        CreatedAt=customer.created_at,
    )


async def list_customers(session: AsyncSession, principal: Principal) -> list[CustomerOut]:
    """The customers an admin works for: masters all, others those they admin or admin an event
    of (an event admin sees the customer of their events but may not add events to it)."""
    query = select(Customer).order_by(Customer.name, Customer.id)
    if not principal.is_master:
        of_events = select(Event.customer_id).where(
            Event.id.in_(principal.administered_event_ids())
        )
        query = query.where(
            Customer.id.in_(principal.administered_customer_ids()) | Customer.id.in_(of_events)
        )
    customers = (await session.scalars(query.limit(1000))).all()
    return [customer_out(c, principal) for c in customers]


async def _check_name_free(session: AsyncSession, name: str, customer_id: str | None) -> None:
    # Two customers of one name could not be told apart in the console's lists. A friendly
    # check, not a constraint: two masters typing the same name at the same instant may win both.
    query = select(Customer.id).where(func.lower(Customer.name) == name.lower())
    if customer_id is not None:
        query = query.where(Customer.id != customer_id)
    taken = await session.scalar(query.limit(1))
    if taken is not None:
        raise ApiError(
            ErrorCode.CONFLICT,
            f"A customer named '{name}' already exists",
            {"Name": name, "CustomerID": taken},
        )


async def new_customer(session: AsyncSession, services: Services, name: str) -> Customer:
    await _check_name_free(session, name, None)
    now = services.clock.now()
    customer = Customer(id=new_id(), name=name, is_disabled=False, created_at=now, updated_at=now)
    session.add(customer)
    await session.flush()
    return customer


async def create_customer(
    session: AsyncSession, services: Services, outbox: Outbox, body: CustomerCreate
) -> Customer:
    customer = await new_customer(session, services, body.Name)
    await invite.invite_admin(
        session,
        services,
        outbox,
        customer,
        email=body.AdminEMail,
        first_name=body.AdminFirstName,
        last_name=body.AdminLastName,
        language=body.Language,
    )
    return customer


async def update_customer(
    session: AsyncSession,
    services: Services,
    principal: Principal,
    customer: Customer,
    body: CustomerUpdate,
) -> bool:
    """Apply the change; True when it disabled the customer (its attendees' sockets are to be
    closed once committed). Refused changes write nothing."""
    disabling = body.IsDisabled is not None and body.IsDisabled != customer.is_disabled
    if disabling and not principal.is_master:
        # A customer's own admins may not switch off (or back on) what a master switched off.
        raise ApiError(
            ErrorCode.FORBIDDEN,
            "Only master admins may disable or enable a customer",
            {"CustomerID": customer.id},
        )
    if body.Name is not None and body.Name != customer.name:
        await _check_name_free(session, body.Name, customer.id)
        customer.name = body.Name
    if disabling and body.IsDisabled is not None:
        customer.is_disabled = body.IsDisabled
    if session.is_modified(customer):
        customer.updated_at = services.clock.now()
        await session.flush()
    return disabling and customer.is_disabled
