"""Forgotten passwords: requesting a reset link and setting a new password with it.

The request always answers Reason 5, whether or not the address has an account, and is throttled
separately from login, so a locked-out owner can still reset.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts import emailtokens
from venuely.accounts.mails import Outbox, reset_mail
from venuely.accounts.models import EmailTokenPurpose
from venuely.accounts.passwords import hash_password_async, password_problems
from venuely.accounts.persons import find_by_login_email
from venuely.accounts.schemas import LoginReason, LoginResponse, ResetPasswordRequest
from venuely.accounts.throttle import (
    FORGOT_PER_EMAIL,
    FORGOT_PER_IP,
    RESET_PER_IP,
    forget_login_failures,
)
from venuely.accounts.tokens import revoke_all
from venuely.core import ratelimit
from venuely.core.services import Services
from venuely.events.models import Event

_REDEEMABLE = (EmailTokenPurpose.RESET, EmailTokenPurpose.INVITE)


async def request_reset(
    session: AsyncSession,
    services: Services,
    outbox: Outbox,
    event: Event,
    login_email: str,
    ip: str,
) -> LoginResponse:
    now = services.clock.now()
    await ratelimit.enforce(session, FORGOT_PER_IP, ip, now)
    # Per address the limit is silent: a 429 here would say no more than Reason 5 does, but
    # answering the same keeps clients simple; only the mails stop.
    sent_recently = await ratelimit.record(session, FORGOT_PER_EMAIL, login_email.lower(), now)
    person = await find_by_login_email(session, login_email)
    if person is not None and not person.is_disabled and sent_recently <= FORGOT_PER_EMAIL.max_hits:
        secret = await emailtokens.issue(session, person, EmailTokenPurpose.RESET, event.id, now)
        outbox.add(reset_mail(services.settings, person, event, secret.token))
    return LoginResponse.of(LoginReason.PASSWORD_MAIL_REQUESTED, event_id=event.id)


async def reset_password(
    session: AsyncSession, services: Services, body: ResetPasswordRequest, ip: str
) -> LoginResponse:
    now = services.clock.now()
    await ratelimit.enforce(session, RESET_PER_IP, ip, now)
    invalid = LoginResponse.of(LoginReason.TOKEN_INVALID)
    person = await find_by_login_email(session, body.LoginEMail)
    if person is None:
        return invalid
    row = await emailtokens.redeem_link(session, person, _REDEEMABLE, body.Token, now)
    if row is None:
        return invalid
    if problems := password_problems(body.Password, person.login_email):
        # The link stays usable, so the person can try a better password right away.
        return LoginResponse.of(LoginReason.PASSWORD_RULES, rules=problems)
    person.password_hash = await hash_password_async(body.Password)
    # Following the link proved the mailbox, which is what verification asks for.
    person.is_verified = True
    person.updated_at = now
    row.used_at = now
    for purpose in _REDEEMABLE:
        await emailtokens.retire(session, person.id, purpose, now)
    await revoke_all(session, person.id)
    await forget_login_failures(session, person.login_email)
    return LoginResponse.of(LoginReason.PASSWORD_SET, person_id=person.id, event_id=row.event_id)
