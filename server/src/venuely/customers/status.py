"""Whether a customer's events are open: a master admin can disable a customer (its bills unpaid,
its contract over, abuse), which closes every event of it to attendees at once.

The member checks of accounts/permissions.py fold the flag into the statements they already run
(the socket paths are hot); this helper is for the places that have no such statement: logins,
registration, realtime tickets and the identity module's sign-in callbacks.
"""

from __future__ import annotations

from sqlalchemy import and_, exists, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import AuthSession
from venuely.admins.models import Admin, AdminType
from venuely.core.error_codes import ErrorCode
from venuely.core.errors import ApiError
from venuely.core.services import Services
from venuely.events.models import Customer, Event
from venuely.realtime.errors import CloseCode
from venuely.realtime.hub import close_person_connections

DISABLED_MESSAGE = "This event is not available: its organizer's account is disabled"


def customer_disabled(customer_id: str) -> ApiError:
    return ApiError(ErrorCode.CUSTOMER_DISABLED, DISABLED_MESSAGE, {"CustomerID": customer_id})


async def check_customer_active(session: AsyncSession, customer_id: str) -> None:
    """Raise CUSTOMER_DISABLED (403) when the customer is disabled; an unknown id passes (the
    caller has already found the event, whose customer row cascades with it)."""
    disabled = await session.scalar(select(Customer.is_disabled).where(Customer.id == customer_id))
    if disabled:
        raise customer_disabled(customer_id)


async def close_attendee_connections(
    session: AsyncSession, services: Services, customer_id: str
) -> None:
    """After the commit that disabled the customer: end the open sockets of attendees of its
    events (4005, "no longer admitted"; a reconnect meets CUSTOMER_DISABLED). The events'
    admins keep theirs, as their calls keep passing."""
    now = services.clock.now()
    organizer = exists().where(
        Admin.person_id == AuthSession.person_id,
        or_(
            Admin.admin_type == AdminType.MASTER.value,
            and_(Admin.admin_type == AdminType.CUSTOMER.value, Admin.customer_id == customer_id),
            and_(Admin.admin_type == AdminType.EVENT.value, Admin.event_id == Event.id),
        ),
    )
    rows = await session.execute(
        select(AuthSession.person_id, AuthSession.id)
        .join(Event, Event.id == AuthSession.event_id)
        .where(Event.customer_id == customer_id, AuthSession.expires_at > now, ~organizer)
    )
    for person_id, session_id in rows.all():
        await close_person_connections(
            services, person_id, session_id, code=CloseCode.NOT_WHITELISTED
        )
