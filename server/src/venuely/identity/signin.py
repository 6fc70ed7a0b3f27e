"""Who signed in: the person an assertion stands for (an ID token, or a portal's hand-off), found,
linked or created, under the rules of a password login (accounts/login.py).

In order, and nothing is written before every check has passed:
1. the person linked to this provider account (provider, `sub`); otherwise the person with the
   asserted address, which the provider must vouch for (`email_verified` true), else refused —
   an unverified address never finds, links or creates anyone;
2. a disabled person is refused;
3. reach (below), for providers the customer runs itself;
4. the event's whitelist, which the event's admins pass, as at login.
Then the person is created (verified, no password, names from the assertion, the event's
language), or the identity linked. An account registered but never confirmed loses its
password when a provider proves the address: whoever chose it never proved the mailbox, and
must not keep a way into the account its owner now uses.

Reach. A customer configures its own providers and portal, and those can assert any address.
Accounts are platform-wide, so linking by address must not let one customer's provider sign in
an account that matters elsewhere: a person holding an admin grant outside the customer is
refused, and so is (when linking for the first time) a person attending another customer's
events. Such people sign in with their password. Issuers that vouch for addresses they do not
run for a customer (`TRUSTED_ISSUERS`: Google) are exempt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError
from sqlalchemy import and_, exists, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.accounts.permissions import Principal
from venuely.accounts.persons import find_by_login_email
from venuely.accounts.schemas import EmailAddress
from venuely.accounts.whitelist import is_email_allowed
from venuely.admins.models import Admin, AdminType
from venuely.core.errors import ErrorCode
from venuely.core.ids import NULL_ID, new_id
from venuely.core.services import Services
from venuely.events.models import Attendee, Event
from venuely.identity.models import PersonIdentity

TRUSTED_ISSUERS = frozenset({"https://accounts.google.com"})
MAX_NAME = 100
_EMAIL = TypeAdapter(EmailAddress)


class SignInRefused(Exception):
    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Assertion:
    """What a provider or portal says about who signed in."""

    subject: str
    email: str | None
    email_verified: bool
    given_name: str
    family_name: str


def _text(claims: dict[str, Any], name: str) -> str:
    value = claims.get(name)
    return value.strip()[:MAX_NAME] if isinstance(value, str) else ""


def assertion_of(claims: dict[str, Any], *, vouched: bool = False) -> Assertion:
    """From ID token claims (or a portal's, whose address is `vouched` for by the portal)."""
    verified = claims.get("email_verified")
    # Some providers send the flag as a string; nothing but true counts.
    is_verified = verified is True or (isinstance(verified, str) and verified.lower() == "true")
    given, family = _text(claims, "given_name"), _text(claims, "family_name")
    if not given and not family:
        given, _, family = _text(claims, "name").partition(" ")
    email = claims.get("email")
    return Assertion(
        subject=str(claims.get("sub", "")),
        email=email if isinstance(email, str) else None,
        email_verified=vouched or is_verified,
        given_name=given.strip(),
        family_name=family.strip(),
    )


def _verified_email(assertion: Assertion) -> str:
    if assertion.email is None or not assertion.email_verified:
        raise SignInRefused(
            ErrorCode.SSO_EMAIL_UNVERIFIED,
            "The sign-in provider does not confirm that this email address is yours",
        )
    try:
        return _EMAIL.validate_python(assertion.email).lower()
    except ValidationError:
        raise SignInRefused(
            ErrorCode.SSO_TOKEN_INVALID, "The sign-in provider sent no usable email address"
        ) from None


async def _by_identity(session: AsyncSession, provider_id: str, subject: str) -> Person | None:
    return await session.scalar(
        select(Person)
        .join(PersonIdentity, PersonIdentity.person_id == Person.id)
        .where(PersonIdentity.provider_id == provider_id, PersonIdentity.subject == subject)
    )


async def _outside_reach(
    session: AsyncSession, person: Person, customer_id: str, *, first_link: bool
) -> bool:
    own_events = select(Event.id).where(Event.customer_id == customer_id)
    foreign_grant = exists().where(
        Admin.person_id == person.id,
        ~or_(
            and_(Admin.admin_type == AdminType.CUSTOMER.value, Admin.customer_id == customer_id),
            and_(Admin.admin_type == AdminType.EVENT.value, Admin.event_id.in_(own_events)),
        ),
    )
    checks = [foreign_grant]
    if first_link:
        checks.append(
            exists()
            .where(Attendee.person_id == person.id)
            .where(Attendee.event_id.not_in(own_events))
        )
    return bool(await session.scalar(select(or_(*checks))))


async def _admins_event(session: AsyncSession, person: Person, event: Event) -> bool:
    grants = list((await session.scalars(select(Admin).where(Admin.person_id == person.id))).all())
    return Principal(person, "", NULL_ID, grants).admins_event(event)


async def sign_in(
    session: AsyncSession,
    services: Services,
    event: Event,
    assertion: Assertion,
    *,
    provider_id: str | None,
    trusted: bool,
    organizers_only: bool = False,
) -> Person:
    """The person `assertion` signs in to `event`, created or linked; SignInRefused otherwise.
    `organizers_only`: only the event's admins may pass (a test of a disabled provider)."""
    try:
        async with session.begin_nested():
            return await _sign_in(
                session, services, event, assertion, provider_id, trusted, organizers_only
            )
    except IntegrityError:
        # The same person or identity was created by a concurrent sign-in: the second pass
        # finds it and applies the checks to it.
        return await _sign_in(
            session, services, event, assertion, provider_id, trusted, organizers_only
        )


async def _sign_in(
    session: AsyncSession,
    services: Services,
    event: Event,
    assertion: Assertion,
    provider_id: str | None,
    trusted: bool,
    organizers_only: bool,
) -> Person:
    person = None
    if provider_id is not None and assertion.subject:
        person = await _by_identity(session, provider_id, assertion.subject)
    linked = person is not None
    email = None
    if person is None:
        email = _verified_email(assertion)
        person = await find_by_login_email(session, email)
    admins = False
    if person is not None:
        if person.is_disabled:
            raise SignInRefused(ErrorCode.ACCOUNT_DISABLED, "This account is disabled")
        if not trusted and await _outside_reach(
            session, person, event.customer_id, first_link=not linked
        ):
            raise SignInRefused(
                ErrorCode.SSO_ACCOUNT_ELSEWHERE,
                "An account with this email address is used elsewhere on this platform: "
                "sign in with its password",
            )
        admins = await _admins_event(session, person, event)
    if organizers_only and not admins:
        raise SignInRefused(
            ErrorCode.SSO_PROVIDER_DISABLED,
            "This sign-in method is switched off; only the event's organizers may try it",
        )
    login_email = person.login_email if person is not None else email
    assert login_email is not None
    if not admins and not await is_email_allowed(session, event.id, login_email):
        raise SignInRefused(ErrorCode.NOT_WHITELISTED, "Your email is not admitted to this event")
    # Every check passed: from here on, writes.
    now = services.clock.now()
    if person is None:
        assert email is not None
        person = _new_person(services, event, assertion, email)
        session.add(person)
    elif not person.is_verified:
        person.is_verified = True
        person.password_hash = None
        person.updated_at = now
    if provider_id is not None and assertion.subject and not linked:
        session.add(
            PersonIdentity(
                provider_id=provider_id,
                subject=assertion.subject,
                person_id=person.id,
                created_at=now,
            )
        )
    await session.flush()
    return person


def _new_person(services: Services, event: Event, assertion: Assertion, email: str) -> Person:
    now = services.clock.now()
    assert assertion.email is not None
    return Person(
        id=new_id(),
        login_email=email,
        email=assertion.email.strip(),
        first_name=assertion.given_name or email.partition("@")[0][:MAX_NAME],
        last_name=assertion.family_name,
        language=event.default_language,
        password_hash=None,
        is_verified=True,
        created_at=now,
        updated_at=now,
    )
