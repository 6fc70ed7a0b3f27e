"""Whitelist changes take effect on open sockets too (quality-bar.md §4: whitelist removal
revokes access for REST *and* realtime). REST already answers 401 NOT_WHITELISTED on the next
call; this closes the realtime connections of attendees the new list no longer admits."""

from __future__ import annotations

from sqlalchemy import and_, exists, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.accounts.whitelist import entry_admits
from venuely.admins.models import Admin, AdminType
from venuely.core.services import Services
from venuely.events.models import Attendee, Event, WhitelistEntry
from venuely.people.models import EventInvitation
from venuely.realtime.errors import CloseCode
from venuely.realtime.hub import close_person_connections


async def refused_attendees(session: AsyncSession, event: Event) -> list[str]:
    """Attendees the event's current whitelist does not admit, event admins excepted (they pass
    the whitelist everywhere, as in permissions.check_event_member). An empty whitelist admits
    everyone, unless the event is restricted: then it admits no attendee."""
    entries = list(
        await session.scalars(
            select(WhitelistEntry.entry).where(WhitelistEntry.event_id == event.id)
        )
    )
    if not entries and not event.is_restricted:
        return []
    # An invitation admits its address whatever the list says (accounts/whitelist.py).
    invited = exists().where(
        EventInvitation.event_id == event.id, EventInvitation.email == Person.login_email
    )
    rows = await session.execute(
        select(Person.id, Person.login_email)
        .join(Attendee, Attendee.person_id == Person.id)
        .where(Attendee.event_id == event.id, ~invited)
    )
    refused = [pid for pid, email in rows if not any(entry_admits(e, email) for e in entries)]
    if not refused:
        return []
    admins = set(
        await session.scalars(
            select(Admin.person_id).where(
                Admin.person_id.in_(refused),
                or_(
                    Admin.admin_type == AdminType.MASTER.value,
                    and_(
                        Admin.admin_type == AdminType.CUSTOMER.value,
                        Admin.customer_id == event.customer_id,
                    ),
                    and_(Admin.admin_type == AdminType.EVENT.value, Admin.event_id == event.id),
                ),
            )
        )
    )
    return [pid for pid in refused if pid not in admins]


async def close_refused_connections(
    session: AsyncSession, services: Services, event: Event
) -> None:
    """Call after the whitelist change is committed."""
    for person_id in await refused_attendees(session, event):
        await close_person_connections(services, person_id, code=CloseCode.NOT_WHITELISTED)
