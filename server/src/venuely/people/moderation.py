"""An organizer's actions on one attendee: remove from the event (and restore), ban from its
chat (and lift the ban), and mail a password-reset link.

Removal is not deletion: the account and everything the person wrote stay; they can no longer
get in (login, SSO, tickets and every member check answer ATTENDEE_REMOVED) until restored. Their
tokens for the event are deleted here and their open sockets closed after the commit, so it
takes effect at once. Organizers (any grant on the event) are never removed or banned: their
grant admits them anyway, so the flag would promise what it cannot do (409).
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts import emailtokens
from venuely.accounts.mails import Outbox, reset_mail
from venuely.accounts.models import AuthSession, EmailTokenPurpose, Person
from venuely.accounts.permissions import Principal
from venuely.admins.models import Admin
from venuely.core import ratelimit
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID
from venuely.core.services import Services
from venuely.events.models import Attendee, Event
from venuely.people.schemas import PersonFlagsOut
from venuely.realtime.errors import CloseCode
from venuely.realtime.hub import close_person_connections

# Per attendee: an organizer's button cannot flood one inbox.
RESET_MAILS = ratelimit.Limit("people_reset_mail", 3, timedelta(hours=1))


def _not_attendee(person_id: str) -> ApiError:
    return ApiError(
        ErrorCode.PERSON_NOT_FOUND,
        "No such attendee in this event",
        {"PersonID": person_id},
    )


async def load_attendee(session: AsyncSession, event: Event, person_id: str) -> Attendee:
    attendee = await session.get(Attendee, (event.id, person_id))
    if attendee is None:
        raise _not_attendee(person_id)
    return attendee


async def _check_not_organizer(session: AsyncSession, event: Event, person_id: str) -> None:
    person = await session.get(Person, person_id)
    if person is None:
        raise _not_attendee(person_id)
    grants = list(await session.scalars(select(Admin).where(Admin.person_id == person_id)))
    if Principal(person, "", NULL_ID, grants).admins_event(event):
        raise ApiError(
            ErrorCode.CONFLICT,
            "This person organizes the event: take their admin rights away first",
            {"PersonID": person_id},
        )


def flags(attendee: Attendee) -> PersonFlagsOut:
    return PersonFlagsOut(
        PersonID=attendee.person_id,
        Removed=attendee.removed_at is not None,
        ChatBanned=attendee.chat_banned_at is not None,
    )


async def remove(
    session: AsyncSession, services: Services, event: Event, person_id: str
) -> tuple[Attendee, list[str]]:
    """Mark the attendee removed and delete their auth sessions for the event; the ids of those
    sessions, whose sockets the caller closes after its commit (`close_sockets`)."""
    attendee = await load_attendee(session, event, person_id)
    await _check_not_organizer(session, event, person_id)
    if attendee.removed_at is None:  # a repeated removal keeps the first time
        attendee.removed_at = services.clock.now()
    revoked = list(
        await session.scalars(
            delete(AuthSession)
            .where(AuthSession.person_id == person_id, AuthSession.event_id == event.id)
            .returning(AuthSession.id)
        )
    )
    return attendee, revoked


async def close_sockets(services: Services, person_id: str, session_ids: list[str]) -> None:
    """After the commit: end the sockets opened with the revoked sessions (4005, no longer
    admitted; a reconnect meets ATTENDEE_REMOVED)."""
    for session_id in session_ids:
        await close_person_connections(
            services, person_id, session_id, code=CloseCode.NOT_WHITELISTED
        )


async def restore(session: AsyncSession, event: Event, person_id: str) -> Attendee:
    attendee = await load_attendee(session, event, person_id)
    attendee.removed_at = None
    return attendee


async def ban_from_chat(
    session: AsyncSession, services: Services, event: Event, person_id: str
) -> Attendee:
    """Takes effect on the next write over either wire: each one re-runs the member check,
    whose statement carries the flag (accounts/permissions.py)."""
    attendee = await load_attendee(session, event, person_id)
    await _check_not_organizer(session, event, person_id)
    if attendee.chat_banned_at is None:
        attendee.chat_banned_at = services.clock.now()
    return attendee


async def lift_chat_ban(session: AsyncSession, event: Event, person_id: str) -> Attendee:
    attendee = await load_attendee(session, event, person_id)
    attendee.chat_banned_at = None
    return attendee


async def send_password_reset(
    session: AsyncSession, services: Services, outbox: Outbox, event: Event, person_id: str
) -> None:
    """The same link "forgot password" mails (accounts/reset.py), asked for by an organizer."""
    await load_attendee(session, event, person_id)
    person = await session.get(Person, person_id)
    if person is None:
        raise _not_attendee(person_id)
    if person.is_disabled:
        raise ApiError(ErrorCode.CONFLICT, "This account is disabled", {"PersonID": person_id})
    now = services.clock.now()
    await ratelimit.enforce(session, RESET_MAILS, f"{event.id}:{person_id}", now)
    secret = await emailtokens.issue(session, person, EmailTokenPurpose.RESET, event.id, now)
    outbox.add(reset_mail(services.settings, person, event, secret.token))
