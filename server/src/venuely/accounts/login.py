"""Logging in to an event and to the admin area.

Order matters: throttling is decided before the password is looked at (a throttled account costs
no argon2 work and learns nothing); the password is checked before anything about the account is
revealed (disabled, unverified, whitelist), and an unknown address costs the same as a known one.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts import emailtokens
from venuely.accounts.mails import Outbox
from venuely.accounts.models import EmailTokenPurpose, Person
from venuely.accounts.passwords import hash_password_async, verify_password_async
from venuely.accounts.permissions import Principal, check_not_removed
from venuely.accounts.persons import enrol, find_by_login_email
from venuely.accounts.registration import send_verification
from venuely.accounts.schemas import LoginReason, LoginRequest, LoginResponse
from venuely.accounts.throttle import LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_IP
from venuely.accounts.tokens import issue_token
from venuely.accounts.whitelist import is_email_allowed
from venuely.admins.models import Admin
from venuely.core import ratelimit
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID
from venuely.core.security import needs_rehash
from venuely.core.services import Services
from venuely.customers.status import check_customer_active
from venuely.events.models import Event

# An unverified person trying again and again gets one fresh verification mail per this interval.
VERIFICATION_RESEND_INTERVAL = timedelta(minutes=10)


def _throttled(limit: ratelimit.Limit, services: Services) -> ApiError:
    now = services.clock.now()
    retry = int((limit.window_start(now) + limit.window - now).total_seconds()) + 1
    return ApiError(
        ErrorCode.RATE_LIMITED,
        "Too many failed login attempts, try again later or reset your password",
        {"Limit": limit.name, "RetryAfterSeconds": retry},
        headers={"Retry-After": str(retry)},
    )


async def _check_password(
    session: AsyncSession, services: Services, body: LoginRequest, ip: str
) -> Person | LoginReason:
    now = services.clock.now()
    email = body.LoginEMail.lower()
    for limit, subject in ((LOGIN_FAILURES_PER_ACCOUNT, email), (LOGIN_FAILURES_PER_IP, ip)):
        if await ratelimit.is_exceeded(session, limit, subject, now):
            raise _throttled(limit, services)
    person = await find_by_login_email(session, email)
    stored = person.password_hash if person else None
    if person is None or not await verify_password_async(stored, body.Password):
        # Counted for unknown addresses too, so throttling does not reveal which exist. The
        # answer is a 200, so these counts are committed.
        await ratelimit.record(session, LOGIN_FAILURES_PER_ACCOUNT, email, now)
        await ratelimit.record(session, LOGIN_FAILURES_PER_IP, ip, now)
        return LoginReason.WRONG_CREDENTIALS
    if stored is not None and needs_rehash(stored):
        person.password_hash = await hash_password_async(body.Password)
    if person.is_disabled:
        return LoginReason.ACCOUNT_DISABLED
    return person


async def _grants(session: AsyncSession, person: Person) -> list[Admin]:
    return list((await session.scalars(select(Admin).where(Admin.person_id == person.id))).all())


async def login_to_event(
    session: AsyncSession,
    services: Services,
    outbox: Outbox,
    event: Event,
    body: LoginRequest,
    ip: str,
) -> LoginResponse:
    checked = await _check_password(session, services, body, ip)
    if isinstance(checked, LoginReason):
        return LoginResponse.of(checked, event_id=event.id)
    person = checked
    if not person.is_verified:
        await _maybe_resend_verification(session, services, outbox, person, event)
        return LoginResponse.of(LoginReason.EMAIL_NOT_VERIFIED, event_id=event.id)
    # Same rule as event access (permissions.check_event_member): the event's admins pass the
    # whitelist, everyone else must be admitted by it.
    as_principal = Principal(
        person=person, session_id="", token_event_id=NULL_ID, grants=await _grants(session, person)
    )
    if not as_principal.admins_event(event):
        # A disabled customer's events admit only their admins (who may be fixing them); said
        # after the password, like every other fact about this login.
        await check_customer_active(session, event.customer_id)
        if not await is_email_allowed(session, event.id, person.login_email):
            return LoginResponse.of(LoginReason.NOT_ATTENDEE, event_id=event.id)
        # Said after the password too: a removed person learns it only with their password.
        await check_not_removed(session, event.id, person.id)
    # The whitelist is the gate; whoever passes it becomes an attendee on first login.
    await enrol(session, services, person.id, event.id)
    token = await issue_token(session, services, person, event.id)
    return LoginResponse.of(
        LoginReason.LOGIN_OK, token=token, person_id=person.id, event_id=event.id
    )


async def _maybe_resend_verification(
    session: AsyncSession, services: Services, outbox: Outbox, person: Person, event: Event
) -> None:
    last = await emailtokens.latest_issued_at(session, person.id, EmailTokenPurpose.VERIFY)
    if last is None or services.clock.now() - last >= VERIFICATION_RESEND_INTERVAL:
        await send_verification(session, services, outbox, person, event)


async def login_admin(
    session: AsyncSession, services: Services, body: LoginRequest, ip: str
) -> LoginResponse:
    checked = await _check_password(session, services, body, ip)
    if isinstance(checked, LoginReason):
        return LoginResponse.of(checked)
    person = checked
    if not person.is_verified:
        return LoginResponse.of(LoginReason.EMAIL_NOT_VERIFIED)
    if not await _grants(session, person):
        return LoginResponse.of(LoginReason.ADMIN_REQUIRED)
    token = await issue_token(session, services, person, NULL_ID)
    return LoginResponse.of(
        LoginReason.LOGIN_OK, token=token, person_id=person.id, event_id=NULL_ID
    )
