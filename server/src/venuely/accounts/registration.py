"""Registration and email confirmation.

Registration never tells whether an address already has an account: both cases answer Reason 10
and cost the same argon2 work; the owner of an existing account gets a mail saying someone tried.
"""

from __future__ import annotations

import re

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts import emailtokens
from venuely.accounts.mails import Outbox, already_registered_mail, verification_mail
from venuely.accounts.models import EmailTokenPurpose, Person
from venuely.accounts.passwords import hash_password_async, password_problems
from venuely.accounts.persons import enrol, find_by_login_email
from venuely.accounts.schemas import LoginReason, LoginResponse, RegisterRequest
from venuely.accounts.throttle import CONFIRM_PER_IP, REGISTER_PER_EMAIL, REGISTER_PER_IP
from venuely.accounts.whitelist import is_email_allowed
from venuely.core import ratelimit
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.customers.status import check_customer_active
from venuely.events.models import Event

_CODE_RE = re.compile(r"^\d{6}$")


async def register(
    session: AsyncSession,
    services: Services,
    outbox: Outbox,
    event: Event,
    body: RegisterRequest,
    ip: str,
) -> LoginResponse:
    now = services.clock.now()
    email = body.LoginEMail.lower()
    await ratelimit.enforce(session, REGISTER_PER_IP, ip, now)
    await ratelimit.enforce(session, REGISTER_PER_EMAIL, email, now)
    await check_customer_active(session, event.customer_id)
    if not await is_email_allowed(session, event.id, email):
        return LoginResponse.of(LoginReason.NOT_ATTENDEE, event_id=event.id)
    if problems := password_problems(body.Password, email):
        return LoginResponse.of(LoginReason.PASSWORD_RULES, event_id=event.id, rules=problems)
    password_hash = await hash_password_async(body.Password)
    done = LoginResponse.of(LoginReason.REGISTRATION_DONE, event_id=event.id)

    existing = await find_by_login_email(session, email)
    if existing is not None:
        outbox.add(already_registered_mail(services.settings, existing, event))
        return done
    person = Person(
        id=new_id(),
        login_email=email,
        email=body.LoginEMail,
        first_name=body.FirstName,
        last_name=body.LastName,
        language=body.Language or event.default_language,
        password_hash=password_hash,
        is_verified=False,
        created_at=now,
        updated_at=now,
    )
    try:
        async with session.begin_nested():
            session.add(person)
    except IntegrityError:
        # The same address registered a moment ago in another request; that one sends the mail.
        return done
    await enrol(session, services, person.id, event.id)
    await send_verification(session, services, outbox, person, event)
    return done


async def send_verification(
    session: AsyncSession, services: Services, outbox: Outbox, person: Person, event: Event
) -> None:
    secret = await emailtokens.issue(
        session, person, EmailTokenPurpose.VERIFY, event.id, services.clock.now()
    )
    assert secret.code is not None
    outbox.add(verification_mail(services.settings, person, event, secret.token, secret.code))


async def confirm_email(
    session: AsyncSession, services: Services, login_email: str, token: str, ip: str
) -> LoginResponse:
    """`token` is the link's long token or the mail's 6-digit code."""
    now = services.clock.now()
    await ratelimit.enforce(session, CONFIRM_PER_IP, ip, now)
    invalid = LoginResponse.of(LoginReason.TOKEN_INVALID)
    person = await find_by_login_email(session, login_email)
    if person is None:
        return invalid
    if _CODE_RE.match(token):
        row = await emailtokens.redeem_code(session, person, token, now)
    else:
        row = await emailtokens.redeem_link(
            session, person, (EmailTokenPurpose.VERIFY,), token, now
        )
    if row is None:
        return invalid
    row.used_at = now
    person.is_verified = True
    person.updated_at = now
    # Active now, but logging in stays a separate step with the password.
    return LoginResponse.of(LoginReason.LOGIN_OK, person_id=person.id, event_id=row.event_id)
