"""The demo event's help desk: a named agent (whose login `venuely demo` prints) and two
conversations — the demo attendee's, answered by the agent a few minutes after asking, and one
nobody has claimed yet, waiting in the queue.

Called by `demo/seed.py`. Conversations are found by their requester and TmpID and made only
when missing, so seeding again changes nothing and what someone did with them since (answered,
closed) stays. They are written through the same functions and chat hook as the API, each step
at its own moment in the past (a clock of its own), so their states, response times and
"waiting for" read as they would after a real exchange.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.chat.messages import post_message
from venuely.core.clock import FrozenClock
from venuely.core.services import Services
from venuely.demo.people import demo_person
from venuely.events.models import Attendee, Event
from venuely.helpdesk.agents import add_agent
from venuely.helpdesk.models import HelpdeskTicket
from venuely.helpdesk.service import assign, new_ticket

ASKER = ("jordan.lee@demo.venuely.example", "Jordan", "Lee")


@dataclass(frozen=True, slots=True)
class Line:
    by_agent: bool
    text: str
    minutes_ago: int


@dataclass(frozen=True, slots=True)
class Conversation:
    tmp_id: str
    topic: str
    lines: tuple[Line, ...]


ANSWERED = Conversation(
    "demo-helpdesk-sound",
    "No sound on the keynote stream",
    (
        Line(
            False,
            "Hi! The keynote video plays, but I hear nothing, although the player's volume is up."
            " I'm on Firefox on a laptop.",
            minutes_ago=34,
        ),
        Line(
            True,
            "Hi Alex, thanks for the details! Firefox keeps a page silent until you click it once:"
            " click the speaker icon in the corner of the player and the sound starts. If it stays"
            " silent, write here and we'll look further.",
            minutes_ago=29,
        ),
    ),
)
UNCLAIMED = Conversation(
    "demo-helpdesk-certificate",
    "Certificate of attendance",
    (
        Line(
            False,
            "Hello, my employer needs a certificate of attendance for the three days. Can I get"
            " one after the event, and will it list the sessions I joined?",
            minutes_ago=7,
        ),
    ),
)


async def _attending(
    session: AsyncSession, event: Event, person: Person, services: Services
) -> None:
    if await session.get(Attendee, (event.id, person.id)) is None:
        session.add(
            Attendee(event_id=event.id, person_id=person.id, created_at=services.clock.now())
        )
        await session.flush()


def _at(services: Services, minutes_ago: int) -> Services:
    """The services with a clock stopped `minutes_ago` before now, for one past step."""
    moment = services.clock.now() - timedelta(minutes=minutes_ago)
    return Services(
        services.settings, services.db, FrozenClock(moment), services.mailer, services.hub
    )


async def _ensure_conversation(
    session: AsyncSession,
    services: Services,
    event: Event,
    conversation: Conversation,
    *,
    requester: Person,
    agent: Person,
) -> None:
    found = await session.scalar(
        select(HelpdeskTicket.id).where(
            HelpdeskTicket.requester_id == requester.id,
            HelpdeskTicket.tmp_id == conversation.tmp_id,
        )
    )
    if found is not None:
        return
    first = _at(services, conversation.lines[0].minutes_ago)
    ticket, room, _ = await new_ticket(
        session,
        event_id=event.id,
        requester_id=requester.id,
        topic=conversation.topic,
        tmp_id=conversation.tmp_id,
        now=first.clock.now(),
    )
    for number, line in enumerate(conversation.lines, start=1):
        then = _at(services, line.minutes_ago)
        sender = agent if line.by_agent else requester
        if line.by_agent and ticket.assignee_id is None:
            await assign(session, ticket, agent.id, then.clock.now())  # claimed, then answered
        await post_message(
            session,
            then,
            room,
            sender_id=sender.id,
            tmp_id=f"{conversation.tmp_id}-{number}",
            text=line.text,
        )


async def ensure_demo_helpdesk(
    session: AsyncSession, services: Services, event: Event, *, agent: Person, attendee: Person
) -> None:
    """`agent` (a person with the published demo login) becomes the event's named agent."""
    await _attending(session, event, agent, services)
    await add_agent(session, services, event, agent.id)
    email, first, last = ASKER
    asker = await demo_person(session, email, first, last, services.clock.now())
    await _attending(session, event, asker, services)
    await _ensure_conversation(session, services, event, ANSWERED, requester=attendee, agent=agent)
    await _ensure_conversation(session, services, event, UNCLAIMED, requester=asker, agent=agent)
