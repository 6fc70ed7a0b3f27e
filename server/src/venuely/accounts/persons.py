"""Persons: lookup, listing, admin-created accounts, changes, removal and the key-value store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson
from sqlalchemy import exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts import emailtokens
from venuely.accounts.access import PersonAccess, covered_by, forbidden, may_administer
from venuely.accounts.mails import Outbox, invitation_mail
from venuely.accounts.models import EmailTokenPurpose, Person, PersonValue
from venuely.accounts.passwords import hash_password_async, password_problems
from venuely.accounts.permissions import Principal, load_event, role_required
from venuely.accounts.schemas import PersonCreate, PersonOut
from venuely.accounts.throttle import PERSONS_CREATED_PER_ADMIN
from venuely.accounts.tokens import revoke_all
from venuely.admins.models import Admin
from venuely.admins.roles import Role
from venuely.core import ratelimit
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID, new_id
from venuely.core.pagination import page_by_id
from venuely.core.services import Services
from venuely.events.models import Attendee, Event

MAX_VALUE_BYTES = 64 * 1024


async def find_by_login_email(session: AsyncSession, email: str) -> Person | None:
    return await session.scalar(select(Person).where(Person.login_email == email.lower()))


async def admin_ids(session: AsyncSession, person_ids: Sequence[str]) -> set[str]:
    if not person_ids:
        return set()
    rows = await session.scalars(
        select(Admin.person_id).where(Admin.person_id.in_(person_ids)).distinct()
    )
    return set(rows.all())


async def person_out(session: AsyncSession, person: Person) -> PersonOut:
    return PersonOut.of(person, is_admin=bool(await admin_ids(session, [person.id])))


async def enrol(session: AsyncSession, services: Services, person_id: str, event_id: str) -> None:
    """Make the person an attendee of the event, once."""
    if await session.get(Attendee, (event_id, person_id)) is None:
        session.add(
            Attendee(event_id=event_id, person_id=person_id, created_at=services.clock.now())
        )
        await session.flush()


async def list_persons(
    session: AsyncSession,
    principal: Principal,
    *,
    start_id: str | None,
    max_count: int,
    event_id: str | None,
) -> list[PersonOut]:
    query = select(Person).where(covered_by(principal))
    if event_id is not None:
        event = await load_event(session, event_id)
        if not principal.admins_event(event):
            raise forbidden("Event admin rights required for this EventID")
        query = query.where(
            exists().where(Attendee.person_id == Person.id, Attendee.event_id == event.id)
        )
    persons = (await session.scalars(page_by_id(query, Person.id, start_id, max_count))).all()
    admins = await admin_ids(session, [p.id for p in persons])
    return [PersonOut.of(p, is_admin=p.id in admins) for p in persons]


async def create_person(
    session: AsyncSession,
    services: Services,
    outbox: Outbox,
    principal: Principal,
    body: PersonCreate,
) -> Person:
    now = services.clock.now()
    event: Event | None = None
    if body.EventID is not None:
        event = await load_event(session, body.EventID)
        if not principal.admins_event(event):
            raise forbidden("Event admin rights required for this EventID")
        if not principal.has_role(event.id, event.customer_id, Role.PEOPLE):
            raise role_required(Role.PEOPLE, "event", {"EventID": event.id})
    elif not principal.is_master:
        # Without an event the new person would be invisible to everyone but master admins.
        raise forbidden("Only master admins may create a person outside an event")
    await ratelimit.enforce(session, PERSONS_CREATED_PER_ADMIN, principal.person_id, now)
    email = body.LoginEMail.lower()
    password_hash: str | None = None
    if body.Password is not None:
        if problems := password_problems(body.Password, email):
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                "Password does not observe the password rules",
                {"Rules": problems},
            )
        password_hash = await hash_password_async(body.Password)
    if await find_by_login_email(session, email) is not None:
        raise _email_used(email)
    person = Person(
        id=new_id(),
        login_email=email,
        email=body.LoginEMail,
        first_name=body.FirstName,
        last_name=body.LastName,
        language=body.Language or (event.default_language if event else "en"),
        password_hash=password_hash,
        is_verified=True,  # an admin vouches for the address; a password still has to be set
        created_at=now,
        updated_at=now,
    )
    try:
        async with session.begin_nested():
            session.add(person)
    except IntegrityError as exc:  # registered concurrently
        raise _email_used(email) from exc
    if event is not None:
        await enrol(session, services, person.id, event.id)
    if password_hash is None:
        secret = await emailtokens.issue(
            session, person, EmailTokenPurpose.INVITE, event.id if event else NULL_ID, now
        )
        outbox.add(invitation_mail(services.settings, person, event, secret.token))
    return person


def _email_used(email: str) -> ApiError:
    return ApiError(
        ErrorCode.EMAIL_ALREADY_USED, "This email address is already in use", {"LoginEMail": email}
    )


async def update_person(
    session: AsyncSession,
    services: Services,
    principal: Principal,
    access: PersonAccess,
    changes: dict[str, Any],
) -> Person:
    person = access.person
    new_email = changes.get("LoginEMail")
    email_changes = new_email is not None and new_email.lower() != person.login_email
    disabled = changes.get("IsDisabled")
    disabled_changes = disabled is not None and disabled != person.is_disabled
    if (email_changes or disabled_changes) and not await may_administer(
        session, principal, person, customer_level=False
    ):
        raise forbidden("Only an admin responsible for this account may change its login")
    now = services.clock.now()
    for field, attribute in _PLAIN_FIELDS.items():
        if field in changes:
            setattr(person, attribute, changes[field])
    if email_changes:
        assert new_email is not None
        await _change_login_email(session, person, new_email)
    if disabled_changes:
        person.is_disabled = bool(disabled)
        if person.is_disabled:
            await revoke_all(session, person.id)
    person.updated_at = now
    await session.flush()
    return person


_PLAIN_FIELDS = {
    "FirstName": "first_name",
    "LastName": "last_name",
    "Language": "language",
    "PictureURL": "picture_url",
    "TimezoneName": "timezone_name",
    "TimezoneShift": "timezone_shift",
}


async def _change_login_email(session: AsyncSession, person: Person, new_email: str) -> None:
    lowered = new_email.lower()
    if await find_by_login_email(session, lowered) is not None:
        raise _email_used(lowered)
    if person.email.lower() == person.login_email:
        person.email = new_email
    person.login_email = lowered
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError as exc:
        raise _email_used(lowered) from exc


async def delete_person(
    session: AsyncSession, principal: Principal, access: PersonAccess
) -> list[str]:
    """Erase the account and everything naming it (privacy/erase.py); the blobs whose bytes the
    caller removes after its commit. Every token of the person stops working at once."""
    if not access.is_self and not await may_administer(
        session, principal, access.person, customer_level=True
    ):
        raise forbidden("Only the person or a customer or master admin may remove this account")
    # Imported here: the erasure reaches into every feature, which import accounts.
    from venuely.privacy.erase import erase_person

    return (await erase_person(session, access.person.id)).blobs


async def get_value(session: AsyncSession, person: Person, key: str) -> Any:
    row = await session.get(PersonValue, (person.id, key))
    if row is None:
        raise ApiError(
            ErrorCode.VALUE_NOT_FOUND,
            f"No value {key} for person {person.id}",
            {"PersonID": person.id, "Key": key},
        )
    return row.value


def parse_value(raw: bytes) -> Any:
    if not raw.strip():
        raise ApiError(
            ErrorCode.MISSING_PARAMETER,
            "Missing required parameter value for operation set_person_value",
            {"Operation": "set_person_value", "Parameters": ["value"]},
        )
    if len(raw) > MAX_VALUE_BYTES:
        raise ApiError(
            ErrorCode.BODY_TOO_LARGE,
            f"A value may have at most {MAX_VALUE_BYTES} bytes",
            {"MaxBytes": MAX_VALUE_BYTES},
        )
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "Invalid parameter value for operation set_person_value: not JSON",
            {"Operation": "set_person_value"},
        ) from exc


async def set_value(
    session: AsyncSession, services: Services, person: Person, key: str, value: Any
) -> Any:
    now = services.clock.now()
    row = await session.get(PersonValue, (person.id, key))
    if row is None:
        session.add(PersonValue(person_id=person.id, key=key, value=value, updated_at=now))
    else:
        row.value = value
        row.updated_at = now
    await session.flush()
    return value
