"""Who sees which locations of a customer.

Customer (and master) admins see and filter everything of the customer. Anyone else reads
through one event of that customer: the `EventID` they pass, or else the event their token was
issued for. Its admins see that event's locations; its attendees (the `check_event_member` rule,
whitelist included) see only the enabled ones. A location outside what the caller may see is
reported as not found.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import Principal, check_event_member, load_event
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID
from venuely.events.models import Customer
from venuely.locations.models import Location


@dataclass(frozen=True, slots=True)
class ReadScope:
    customer_id: str
    # None: the whole customer (customer admins); else only this event's locations.
    event_id: str | None
    include_disabled: bool


async def load_customer(session: AsyncSession, customer_id: str) -> Customer:
    customer = await session.get(Customer, customer_id)
    if customer is None:
        raise ApiError(
            ErrorCode.CUSTOMER_NOT_FOUND,
            f"Customer {customer_id} not found",
            {"CustomerID": customer_id},
        )
    return customer


async def read_scope(
    session: AsyncSession, principal: Principal, customer_id: str, event_id: str | None
) -> ReadScope:
    customer = await load_customer(session, customer_id)
    if principal.admins_customer(customer.id):
        return ReadScope(customer.id, None, include_disabled=True)
    wanted = event_id or principal.token_event_id
    if wanted == NULL_ID:
        raise ApiError(
            ErrorCode.FORBIDDEN, "Customer admin rights required", {"CustomerID": customer.id}
        )
    event = await load_event(session, wanted)
    if event.customer_id != customer.id:
        raise ApiError(
            ErrorCode.FORBIDDEN,
            "This event does not belong to the customer",
            {"CustomerID": customer.id, "EventID": event.id},
        )
    access = await check_event_member(session, principal, event)
    return ReadScope(customer.id, event.id, include_disabled=access.is_admin)


def location_not_found(location_id: str) -> ApiError:
    return ApiError(
        ErrorCode.LOCATION_NOT_FOUND,
        f"Location {location_id} not found",
        {"LocationID": location_id},
    )


async def access_location(session: AsyncSession, customer_id: str, location_id: str) -> Location:
    location = await session.scalar(
        select(Location).where(Location.id == location_id, Location.customer_id == customer_id)
    )
    if location is None:
        raise location_not_found(location_id)
    return location


def check_visible(location: Location, scope: ReadScope) -> None:
    if scope.event_id is not None and location.event_id != scope.event_id:
        raise location_not_found(location.id)
    if location.is_disabled and not scope.include_disabled:
        raise location_not_found(location.id)
