"""Tickets as the wire shows them (`frames.TicketOut`), with the names and pictures of the
requester and the assignee read in one statement for a whole list."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.helpdesk.frames import PersonRef, SideName, TicketOut, TicketStateName
from venuely.helpdesk.models import HelpdeskTicket, Side, TicketState

# The stored values as the wire's literals (a value outside them is a bug: KeyError, logged).
_STATES: dict[str, TicketStateName] = {
    TicketState.NEW: "new",
    TicketState.OPEN: "open",
    TicketState.WAITING: "waiting",
    TicketState.CLOSED: "closed",
}
_SIDES: dict[str, SideName] = {Side.REQUESTER: "requester", Side.AGENT: "agent"}


def person_ref(person: Person) -> PersonRef:
    return PersonRef(ID=person.id, Name=person.full_name, Picture=person.picture_url)


def _ref(people: dict[str, PersonRef], person_id: str) -> PersonRef:
    # A person is never missing (the foreign keys), but a list must not fail on a race with a
    # deletion: such a person shows without a name.
    return people.get(person_id) or PersonRef(ID=person_id, Name="", Picture="")


def ticket_out(ticket: HelpdeskTicket, people: dict[str, PersonRef]) -> TicketOut:
    assignee = ticket.assignee_id
    return TicketOut(
        ID=ticket.id,
        EventID=ticket.event_id,
        ChatroomID=ticket.chatroom_id,
        Topic=ticket.topic,
        State=_STATES[ticket.state],
        Requester=_ref(people, ticket.requester_id),
        Assignee=None if assignee is None else _ref(people, assignee),
        CreatedAt=ticket.created_at,
        UpdatedAt=ticket.updated_at,
        LastMessageAt=ticket.last_message_at,
        LastMessageBy=_SIDES[ticket.last_message_by],
        FirstResponseAt=ticket.first_response_at,
        ClosedAt=ticket.closed_at,
        ReopenCount=ticket.reopen_count,
        MessageCount=ticket.message_count,
    )


async def people_of(session: AsyncSession, ids: set[str]) -> dict[str, PersonRef]:
    if not ids:
        return {}
    rows = await session.scalars(select(Person).where(Person.id.in_(sorted(ids))))
    return {person.id: person_ref(person) for person in rows.all()}


async def tickets_out(session: AsyncSession, tickets: Sequence[HelpdeskTicket]) -> list[TicketOut]:
    ids = {t.requester_id for t in tickets} | {t.assignee_id for t in tickets if t.assignee_id}
    people = await people_of(session, ids)
    return [ticket_out(ticket, people) for ticket in tickets]


async def one_ticket_out(session: AsyncSession, ticket: HelpdeskTicket) -> TicketOut:
    return (await tickets_out(session, [ticket]))[0]
