"""Permission-checked loading of persons: the only way a route gets a person it acts on.

Who sees whom: everyone sees themselves; a master admin sees every person; a customer admin sees
persons attending an event of their customers; an event admin persons attending their events.
A person outside that is answered with 404, exactly like one that does not exist, so ids and
addresses cannot be probed.

Seeing is not administering. Changing someone's login address or disabled flag could take over
or lock out an account that other organisers rely on, so a non-master admin may do it only when
every event the person attends is theirs, with the `people` role (admins/roles.py), and the
person holds no admin rights (`may_administer`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ColumnElement, exists, false, or_, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.accounts.permissions import Principal
from venuely.admins.models import Admin
from venuely.admins.roles import Role
from venuely.core.errors import ApiError, ErrorCode, not_found
from venuely.events.models import Attendee, Event


@dataclass(frozen=True, slots=True)
class PersonAccess:
    person: Person
    is_self: bool


def _covered_events(principal: Principal) -> ColumnElement[bool]:
    conditions: list[ColumnElement[bool]] = []
    if customer_ids := principal.administered_customer_ids():
        conditions.append(Event.customer_id.in_(customer_ids))
    if event_ids := principal.administered_event_ids():
        conditions.append(Event.id.in_(event_ids))
    return or_(*conditions) if conditions else false()


def covered_by(principal: Principal) -> ColumnElement[bool]:
    """SQL condition on `Person`: the persons `principal` administers as attendees."""
    if principal.is_master:
        return true()
    return exists(
        select(Attendee.person_id)
        .join(Event, Event.id == Attendee.event_id)
        .where(Attendee.person_id == Person.id, _covered_events(principal))
    )


def visible_to(principal: Principal) -> ColumnElement[bool]:
    return or_(Person.id == principal.person_id, covered_by(principal))


def person_not_found(ident: str) -> ApiError:
    return not_found(ErrorCode.PERSON_NOT_FOUND, "Person", ident)


async def access_person(
    session: AsyncSession, principal: Principal, person_id: str
) -> PersonAccess:
    person = await session.scalar(
        select(Person).where(Person.id == person_id, visible_to(principal))
    )
    if person is None:
        raise person_not_found(person_id)
    return PersonAccess(person=person, is_self=person.id == principal.person_id)


async def access_person_by_email(
    session: AsyncSession, principal: Principal, email: str
) -> PersonAccess:
    person = await session.scalar(
        select(Person).where(Person.login_email == email.lower(), visible_to(principal))
    )
    if person is None:
        raise not_found(ErrorCode.PERSON_NOT_FOUND, "Person", email)
    return PersonAccess(person=person, is_self=person.id == principal.person_id)


async def may_administer(
    session: AsyncSession, principal: Principal, person: Person, *, customer_level: bool
) -> bool:
    """Whether `principal` may change `person`'s login or remove the account. With
    `customer_level`, event admins do not qualify even for their own events' attendees."""
    if principal.is_master:
        return True
    if not principal.is_admin:
        return False
    if await session.scalar(select(exists().where(Admin.person_id == person.id))):
        return False
    events = (
        await session.scalars(
            select(Event)
            .join(Attendee, Attendee.event_id == Event.id)
            .where(Attendee.person_id == person.id)
        )
    ).all()
    if not events:
        return False
    if customer_level:
        return all(principal.has_customer_role(e.customer_id, Role.PEOPLE) for e in events)
    return all(principal.has_role(e.id, e.customer_id, Role.PEOPLE) for e in events)


def forbidden(message: str) -> ApiError:
    return ApiError(ErrorCode.FORBIDDEN, message)
