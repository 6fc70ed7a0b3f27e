"""The events an admin manages, for the organizer console's list (`GET /events/managed`).

One query for every kind of admin, scoped by the permission module's rules: a master sees every
event, a customer admin their customers' events, an event admin their events. Ordered like the
public lists (upcoming: not yet ended, soonest first; past: most recent first; without a
timeframe: by begin), with keyset paging after the event `StartID`.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ColumnElement, false, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import Principal
from venuely.admins.roles import Role
from venuely.events.models import Customer, Event
from venuely.events.schemas import EventOut
from venuely.events.service import Timeframe, event_out, page_by_time


class ManagedEventOut(EventOut):
    """An event as `GET /events/{EventID}` returns it, plus what the list shows beside it."""

    CustomerName: str
    # Deleting needs customer or master rights (events/access.py `check_can_delete_event`) and
    # the `content` role in the event (admins/roles.py).
    MayDelete: bool


def _scope(principal: Principal) -> ColumnElement[bool] | None:
    """The events this admin manages; None: all of them."""
    if principal.is_master:
        return None
    customers, events = principal.administered_customer_ids(), principal.administered_event_ids()
    if not customers and not events:
        return false()
    return or_(Event.customer_id.in_(customers), Event.id.in_(events))


async def list_managed_events(
    session: AsyncSession,
    principal: Principal,
    *,
    timeframe: Timeframe | None,
    now: datetime,
    search: str | None,
    customer_id: str | None,
    start_id: str | None,
    limit: int,
) -> list[ManagedEventOut]:
    query = select(Event)
    scope = _scope(principal)
    if scope is not None:
        query = query.where(scope)
    if customer_id is not None:
        query = query.where(Event.customer_id == customer_id)
    events = await page_by_time(session, query, timeframe, now, search, start_id, limit)
    rows = await session.execute(
        select(Customer.id, Customer.name).where(Customer.id.in_({e.customer_id for e in events}))
    )
    # Rows unpack like tuples (SQLAlchemy 2.1 deprecates `.tuples()`, and tests fail on warnings).
    names = dict(rows.all())
    return [
        ManagedEventOut(
            **event_out(event).model_dump(),
            CustomerName=names.get(event.customer_id, ""),
            MayDelete=principal.admins_customer(event.customer_id)
            and principal.has_role(event.id, event.customer_id, Role.CONTENT),
        )
        for event in events
    ]
