"""A customer's admins invited by mail: the person found by address or created without a
password, a Customer grant, and the mail (customers/mails.py).

A new account is unverified; the set-password link verifies it (`POST /resetpassword` redeems
invitation links, and following a mailed link proves the mailbox).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts import emailtokens
from venuely.accounts.mails import Outbox
from venuely.accounts.models import EmailTokenPurpose, Person
from venuely.accounts.persons import find_by_login_email
from venuely.admins.models import Admin, AdminType
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID, new_id
from venuely.core.ratelimit import Limit, enforce
from venuely.core.services import Services
from venuely.customers.mails import invitation_mail
from venuely.events.models import Customer

# Re-sending is a master's button: a few per hour per person, so no inbox can be flooded.
RESEND_PER_PERSON = Limit("customer_invitation", 5, timedelta(hours=1))


def _account_disabled(email: str) -> ApiError:
    return ApiError(
        ErrorCode.CONFLICT,
        f"The account of {email} is disabled: enable it before making it an admin",
        {"AdminEMail": email},
    )


async def _person(
    session: AsyncSession,
    services: Services,
    email: str,
    first_name: str,
    last_name: str,
    language: str | None,
) -> Person:
    """The account with this address, or a new one without password, not yet verified."""
    existing = await find_by_login_email(session, email)
    if existing is not None:
        if existing.is_disabled:
            raise _account_disabled(existing.login_email)
        return existing
    now = services.clock.now()
    person = Person(
        id=new_id(),
        login_email=email.lower(),
        email=email,
        first_name=first_name,
        last_name=last_name,
        language=language or "en",
        password_hash=None,
        is_verified=False,
        created_at=now,
        updated_at=now,
    )
    try:
        async with session.begin_nested():
            session.add(person)
    except IntegrityError:
        # The address registered a moment ago in another request: invite that account.
        raced = await find_by_login_email(session, email)
        if raced is None:
            raise
        return raced
    return person


async def _ensure_grant(
    session: AsyncSession, services: Services, person: Person, customer: Customer
) -> None:
    held = await session.scalar(
        select(Admin.id).where(
            Admin.person_id == person.id,
            Admin.admin_type == AdminType.CUSTOMER.value,
            Admin.customer_id == customer.id,
        )
    )
    if held is None:
        # No roles: the full admin of the customer (docs/subsystems/permissions.md).
        session.add(
            Admin(
                id=new_id(),
                person_id=person.id,
                admin_type=AdminType.CUSTOMER.value,
                customer_id=customer.id,
                event_id=None,
                roles=[],
                created_at=services.clock.now(),
            )
        )
        await session.flush()


async def send_invitation(
    session: AsyncSession, services: Services, outbox: Outbox, customer: Customer, person: Person
) -> datetime | None:
    """Queue the mail; a set-password link when the account has no password or an unconfirmed
    address. The link's expiry, or None when the person signs in as they are."""
    if person.password_hash is not None and person.is_verified:
        outbox.add(invitation_mail(services.settings, person, customer.name, None))
        return None
    secret = await emailtokens.issue(
        session, person, EmailTokenPurpose.INVITE, NULL_ID, services.clock.now()
    )
    outbox.add(invitation_mail(services.settings, person, customer.name, secret.token))
    return secret.row.expires_at


async def invite_admin(
    session: AsyncSession,
    services: Services,
    outbox: Outbox,
    customer: Customer,
    *,
    email: str,
    first_name: str = "",
    last_name: str = "",
    language: str | None = None,
) -> tuple[Person, datetime | None]:
    person = await _person(session, services, email, first_name, last_name, language)
    await _ensure_grant(session, services, person, customer)
    return person, await send_invitation(session, services, outbox, customer, person)


async def resend_invitation(
    session: AsyncSession, services: Services, outbox: Outbox, customer: Customer, email: str
) -> tuple[Person, datetime | None]:
    """Again, for someone who already is an admin of the customer (an expired link, a lost
    mail); anyone else is ADMIN_NOT_FOUND, so this never makes new admins."""
    person = await session.scalar(
        select(Person)
        .join(Admin, Admin.person_id == Person.id)
        .where(
            Person.login_email == email.lower(),
            Admin.admin_type == AdminType.CUSTOMER.value,
            Admin.customer_id == customer.id,
        )
    )
    if person is None:
        raise ApiError(
            ErrorCode.ADMIN_NOT_FOUND,
            f"{email} is not an admin of this customer",
            {"CustomerID": customer.id, "AdminEMail": email},
        )
    if person.is_disabled:
        raise _account_disabled(person.login_email)
    await enforce(session, RESEND_PER_PERSON, person.id, services.clock.now())
    return person, await send_invitation(session, services, outbox, customer, person)
