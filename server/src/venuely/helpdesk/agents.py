"""Named agents: attendees an organizer puts on the event's help desk (docs/subsystems/helpdesk.md).

An agent is a relation ("Event", event id) —HelpdeskAgent→ ("Person", person id), the same row
the relation routes show, so it is readable and removable there too. Naming one subscribes their
open sockets to the event's help desk channel; removing one unsubscribes them (unless they are
still an agent as an admin of the event) and ends their membership of the support rooms they
claimed: they no longer read or write those conversations, and another agent takes them over.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.chat.access import ROOM_PARENT
from venuely.chat.members import remove_room_member
from venuely.chat.models import Chatroom, ChatroomKind
from venuely.chat.publish import Effect, MemberChange
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.helpdesk.access import (
    EVENT_PARENT,
    PERSON_CHILD,
    agent_relation,
    event_attendee,
    is_agent,
)
from venuely.helpdesk.models import HelpdeskTicket
from venuely.helpdesk.notify import helpdesk_channel
from venuely.helpdesk.schemas import AgentOut
from venuely.relations.models import Relation, RelationType


def agent_out(person: Person) -> AgentOut:
    return AgentOut(
        PersonID=person.id,
        Name=person.full_name,
        Email=person.login_email,
        Picture=person.picture_url,
    )


def _of_event(event_id: str) -> tuple[ColumnElement[bool], ...]:
    return (
        Relation.event_id == event_id,
        Relation.parent_type == EVENT_PARENT,
        Relation.parent_id == event_id,
        Relation.relation_type == RelationType.HELPDESK_AGENT.value,
        Relation.child_type == PERSON_CHILD,
    )


async def list_agents(session: AsyncSession, event_id: str) -> list[AgentOut]:
    """The named agents, by name."""
    named = select(Relation.child_id).where(*_of_event(event_id))
    people = await session.scalars(
        select(Person)
        .where(Person.id.in_(named))
        .order_by(Person.first_name, Person.last_name, Person.id)
    )
    return [agent_out(person) for person in people.all()]


async def add_agent(
    session: AsyncSession, services: Services, event: Event, person_id: str
) -> tuple[AgentOut, list[Effect]]:
    """Name an attendee of the event (404 PERSON_NOT_FOUND otherwise); naming one again changes
    nothing."""
    person = await event_attendee(session, event.id, person_id)
    if not await session.scalar(select(agent_relation(event.id, person_id))):
        now = services.clock.now()
        session.add(
            Relation(
                id=new_id(),
                event_id=event.id,
                parent_type=EVENT_PARENT,
                parent_id=event.id,
                relation_type=RelationType.HELPDESK_AGENT.value,
                child_type=PERSON_CHILD,
                child_id=person_id,
                sort_fields={},
                created_at=now,
                updated_at=now,
            )
        )
        await session.flush()
    return agent_out(person), [MemberChange(helpdesk_channel(event.id), person_id, added=True)]


async def remove_agent(session: AsyncSession, event: Event, person_id: str) -> list[Effect]:
    """Un-name a person: idempotent for an attendee of the event (one who is no agent changes
    nothing) and for a named agent who left it; anyone else is 404 PERSON_NOT_FOUND, as for
    naming, so the call says nothing about persons outside the event."""
    removed = await session.execute(
        delete(Relation).where(*_of_event(event.id), Relation.child_id == person_id)
    )
    if not getattr(removed, "rowcount", 0):
        await event_attendee(session, event.id, person_id)
    if await is_agent(session, event.id, person_id):  # still one, as an admin of the event
        return []
    effects: list[Effect] = [MemberChange(helpdesk_channel(event.id), person_id, added=False)]
    # The support rooms they joined by claiming (not those of their own tickets).
    rooms = await session.scalars(
        select(Chatroom)
        .join(HelpdeskTicket, HelpdeskTicket.chatroom_id == Chatroom.id)
        .where(
            Chatroom.event_id == event.id,
            Chatroom.kind == ChatroomKind.SUPPORT.value,
            HelpdeskTicket.requester_id != person_id,
            Chatroom.id.in_(
                select(Relation.parent_id).where(
                    Relation.event_id == event.id,
                    Relation.parent_type == ROOM_PARENT,
                    Relation.relation_type == RelationType.CHATROOM_ATTENDEE.value,
                    Relation.child_type == PERSON_CHILD,
                    Relation.child_id == person_id,
                )
            ),
        )
    )
    for room in rooms.all():
        effects.extend(await remove_room_member(session, room, person_id))
    return effects
