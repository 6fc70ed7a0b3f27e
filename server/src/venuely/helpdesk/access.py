"""Who answers the help desk, and the permission-checked loaders of tickets, for REST and the
support rooms' chat rules alike.

Agents of an event are its admins holding the `moderation` role (admins/roles.py: event and
customer admins whose grants include it, and masters) and the persons its organizers name: a
relation parent ("Event", event id), type `HelpdeskAgent`, child ("Person", person id). Agents read
every ticket of the event and its conversation; they write into one after claiming it. Everyone
else reaches only the tickets they opened: another person's ticket is the same 404 as a missing
one, so ticket ids cannot be probed.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import BindParameter, ColumnElement, bindparam, exists, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.accounts.permissions import EventAccess
from venuely.admins.models import Admin, AdminType
from venuely.admins.roles import Role, role_granted
from venuely.core.errors import ApiError, ErrorCode
from venuely.events.models import Attendee, Event
from venuely.helpdesk.models import HelpdeskTicket
from venuely.relations.models import Relation, RelationType

EVENT_PARENT = "Event"
PERSON_CHILD = "Person"


def ticket_not_found(ticket_id: str) -> ApiError:
    return ApiError(
        ErrorCode.HELPDESK_TICKET_NOT_FOUND,
        "No such help desk ticket in this event",
        {"TicketID": ticket_id},
    )


def not_agent(event_id: str) -> ApiError:
    return ApiError(
        ErrorCode.HELPDESK_NOT_AGENT,
        "Only the event's help desk agents may do this",
        {"EventID": event_id},
    )


def agent_relation(
    event_id: str | BindParameter[str], person_id: str | BindParameter[str]
) -> ColumnElement[bool]:
    """The `HelpdeskAgent` relation naming `person_id` in `event_id`, as a condition."""
    return exists().where(
        Relation.event_id == event_id,
        Relation.parent_type == EVENT_PARENT,
        Relation.parent_id == event_id,
        Relation.relation_type == RelationType.HELPDESK_AGENT.value,
        Relation.child_type == PERSON_CHILD,
        Relation.child_id == person_id,
    )


async def is_named_agent(session: AsyncSession, event_id: str, person_id: str) -> bool:
    return bool(await session.scalar(select(agent_relation(event_id, person_id))))


def agent_condition(
    event_id: str | BindParameter[str], person_id: str | BindParameter[str]
) -> ColumnElement[bool]:
    """`person_id` is an agent of `event_id` (`is_agent`), as a condition."""
    customer = select(Event.customer_id).where(Event.id == event_id).scalar_subquery()
    grant = exists().where(
        Admin.person_id == person_id,
        or_(
            Admin.admin_type == AdminType.MASTER.value,
            (Admin.admin_type == AdminType.CUSTOMER.value)
            & (Admin.customer_id == customer)
            & role_granted(Admin.roles, Role.MODERATION),
            (Admin.admin_type == AdminType.EVENT.value)
            & (Admin.event_id == event_id)
            & role_granted(Admin.roles, Role.MODERATION),
        ),
    )
    return or_(grant, agent_relation(event_id, person_id))


# Built once: building this statement and its cache key anew cost more than running it.
_IS_AGENT = select(agent_condition(bindparam("event_id"), bindparam("person_id")))


async def is_agent(session: AsyncSession, event_id: str, person_id: str) -> bool:
    """Any person, not only the caller (a message's sender): an admin of the event holding
    `moderation` by their grants, or a named agent. One statement."""
    params = {"event_id": event_id, "person_id": person_id}
    return bool(await session.scalar(_IS_AGENT, params))


async def caller_is_agent(session: AsyncSession, access: EventAccess) -> bool:
    """The caller of a request: its admin verdict comes from the policy, so a preview token (an
    organizer seeing the event as an attendee) is no agent, as it is no admin."""
    if access.has_role(Role.MODERATION):
        return True
    return await is_named_agent(session, access.event.id, access.principal.person_id)


async def require_agent(session: AsyncSession, access: EventAccess) -> None:
    if not await caller_is_agent(session, access):
        raise not_agent(access.event.id)


async def load_ticket(session: AsyncSession, event_id: str, ticket_id: str) -> HelpdeskTicket:
    ticket = await session.scalar(
        select(HelpdeskTicket).where(
            HelpdeskTicket.id == ticket_id, HelpdeskTicket.event_id == event_id
        )
    )
    if ticket is None:
        raise ticket_not_found(ticket_id)
    return ticket


@dataclass(slots=True)
class TicketAccess:
    ticket: HelpdeskTicket
    # The caller answers the help desk (else they are the ticket's requester).
    is_agent: bool


async def access_ticket(session: AsyncSession, access: EventAccess, ticket_id: str) -> TicketAccess:
    """A ticket of the event the caller opened, or any of them for an agent; otherwise 404."""
    ticket = await load_ticket(session, access.event.id, ticket_id)
    agent = await caller_is_agent(session, access)
    if not agent and ticket.requester_id != access.principal.person_id:
        raise ticket_not_found(ticket_id)
    return TicketAccess(ticket, agent)


async def lock_ticket(
    session: AsyncSession, condition: ColumnElement[bool]
) -> HelpdeskTicket | None:
    """The ticket matching `condition`, read fresh and locked to the end of the transaction, so
    a claim, a close and a message never decide on a state another one is changing."""
    if session.get_bind().dialect.name == "sqlite":
        # No row locks: a no-op write takes SQLite's write lock now; RETURNING reads the row.
        return await session.scalar(
            update(HelpdeskTicket)
            .where(condition)
            .values(reopen_count=HelpdeskTicket.reopen_count)
            .returning(HelpdeskTicket)
            .execution_options(populate_existing=True)
        )
    return await session.scalar(
        select(HelpdeskTicket)
        .where(condition)
        .with_for_update()
        .execution_options(populate_existing=True)
    )


async def event_attendee(session: AsyncSession, event_id: str, person_id: str) -> Person:
    """A person who may be named an agent: an attendee of the event whose account is enabled."""
    person = await session.scalar(
        select(Person).where(
            Person.id == person_id,
            Person.is_disabled.is_(False),
            exists().where(Attendee.event_id == event_id, Attendee.person_id == Person.id),
        )
    )
    if person is None:
        raise ApiError(
            ErrorCode.PERSON_NOT_FOUND,
            "This person is not an attendee of the event",
            {"PersonID": person_id},
        )
    return person
