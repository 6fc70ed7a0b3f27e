"""`GET /customers`: the customers an admin works for, for the organizer console.

Customers are stored with events (`events/models.py`); creating and editing them is the identity
and tenancy work still to come. This list is what the console needs today: which customers to
show events of, and in which the caller may create events (customer rights; an event admin sees
the customers of their events but may not add events to them).
"""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel
from sqlalchemy import select

from venuely.accounts.permissions import AnyAdmin
from venuely.core.deps import SessionDep
from venuely.events.models import Customer, Event

router = APIRouter(tags=["customers"])


class CustomerOut(BaseModel):
    ID: str
    Name: str
    # Customer or master rights: `POST /customers/{CustomerID}/events` would be allowed.
    MayCreateEvents: bool


@router.get("/customers", response_model=list[CustomerOut])
async def list_customers(principal: AnyAdmin, session: SessionDep) -> list[CustomerOut]:
    query = select(Customer).order_by(Customer.name, Customer.id)
    if not principal.is_master:
        of_events = select(Event.customer_id).where(
            Event.id.in_(principal.administered_event_ids())
        )
        query = query.where(
            Customer.id.in_(principal.administered_customer_ids()) | Customer.id.in_(of_events)
        )
    customers = (await session.scalars(query.limit(1000))).all()
    return [
        CustomerOut(ID=c.id, Name=c.name, MayCreateEvents=principal.admins_customer(c.id))
        for c in customers
    ]
