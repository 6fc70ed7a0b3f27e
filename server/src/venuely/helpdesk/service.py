"""Tickets: opening one, claiming, closing and reopening (docs/subsystems/helpdesk.md).

Functions take what `access.py` checked and return the effects to deliver after the commit
(`chat.publish`): chat membership changes first (a new member's sockets listen on the room
before anything is said there), then the room's and the ticket's notices. A refusal raises
before anything is stored, or rolls the request's transaction back with everything in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.accounts.permissions import EventAccess
from venuely.chat.access import RoomAccess
from venuely.chat.frames import MAX_TITLE
from venuely.chat.members import add_room_member
from venuely.chat.messages import check_text, send_message
from venuely.chat.models import Chatroom, ChatroomKind
from venuely.chat.publish import Effect
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.helpdesk import state
from venuely.helpdesk.access import TicketAccess, load_ticket, lock_ticket, require_agent
from venuely.helpdesk.frames import TicketOut
from venuely.helpdesk.models import HelpdeskTicket, Side, TicketState
from venuely.helpdesk.notify import ticket_notice
from venuely.helpdesk.rules import ticket_closed
from venuely.helpdesk.views import one_ticket_out

# Tickets one person may have not closed in one event: enough for real questions, few enough
# that one attendee cannot flood the agents' queue.
MAX_OPEN = 5


@dataclass(slots=True)
class Outcome:
    ticket: TicketOut
    # False when nothing changed: a retried TmpID, claiming one's own, closing a closed ticket.
    changed: bool
    effects: list[Effect]


def support_room_name(ticket_id: str) -> str:
    return f"support:{ticket_id}"


async def _lock_person(session: AsyncSession, person_id: str) -> None:
    """Serialises one person's openings and reopenings, so two at once cannot both pass the
    limit: the person's row lock on PostgreSQL, the database's write lock on SQLite."""
    if session.get_bind().dialect.name == "sqlite":
        await session.execute(
            update(Person).where(Person.id == person_id).values(updated_at=Person.updated_at)
        )
    else:
        await session.execute(select(Person.id).where(Person.id == person_id).with_for_update())


async def _check_limit(session: AsyncSession, event_id: str, person_id: str) -> None:
    """Under `_lock_person`: refuse when the person has MAX_OPEN tickets not closed."""
    count = await session.scalar(
        select(func.count()).where(
            HelpdeskTicket.event_id == event_id,
            HelpdeskTicket.requester_id == person_id,
            HelpdeskTicket.state != TicketState.CLOSED.value,
        )
    )
    if (count or 0) >= MAX_OPEN:
        raise ApiError(
            ErrorCode.HELPDESK_TOO_MANY_OPEN,
            f"You have {MAX_OPEN} open help desk conversations; close one to open another",
            {"MaxOpen": MAX_OPEN},
        )


async def _by_tmp_id(
    session: AsyncSession, access: EventAccess, tmp_id: str
) -> HelpdeskTicket | None:
    found = await session.scalar(
        select(HelpdeskTicket).where(
            HelpdeskTicket.requester_id == access.principal.person_id,
            HelpdeskTicket.tmp_id == tmp_id,
        )
    )
    if found is not None and found.event_id != access.event.id:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "This TmpID opened a ticket in another event",
            {"TmpID": tmp_id},
        )
    return found


async def open_ticket(
    session: AsyncSession,
    services: Services,
    access: EventAccess,
    *,
    topic: str,
    text: str,
    tmp_id: str,
) -> Outcome:
    """A new ticket: its support room (the requester its member), the row and the first message,
    sent through chat (its text rules, rate limit and the support hook, which announces the
    ticket). A retry with the same TmpID answers the ticket it opened, changing nothing."""
    event_id, requester_id = access.event.id, access.principal.person_id
    # First, so the lookup below sees a twin that committed meanwhile and two openings at once
    # cannot both pass the limit.
    await _lock_person(session, requester_id)
    stored = await _by_tmp_id(session, access, tmp_id)
    if stored is not None:
        return Outcome(await one_ticket_out(session, stored), changed=False, effects=[])
    check_text(text, {"TmpID": tmp_id})
    await _check_limit(session, event_id, requester_id)
    ticket, room, effects = await new_ticket(
        session,
        event_id=event_id,
        requester_id=requester_id,
        topic=topic,
        tmp_id=tmp_id,
        now=services.clock.now(),
    )
    sent = await send_message(
        session, services, RoomAccess(access, room, is_member=True), tmp_id=tmp_id, text=text
    )
    effects.extend(sent.effects)
    return Outcome(await one_ticket_out(session, ticket), changed=True, effects=effects)


async def new_ticket(
    session: AsyncSession,
    *,
    event_id: str,
    requester_id: str,
    topic: str,
    tmp_id: str,
    now: datetime,
) -> tuple[HelpdeskTicket, Chatroom, list[Effect]]:
    """The ticket's support room, with the requester as its member, and its row, still without
    a message (the first one, sent through chat, sets its times and announces it)."""
    ticket_id = new_id()
    room = Chatroom(
        id=new_id(),
        event_id=event_id,
        title=topic[:MAX_TITLE],
        internal_name=support_room_name(ticket_id),
        kind=ChatroomKind.SUPPORT.value,
        is_private=True,
        created_by=requester_id,
        created_at=now,
    )
    session.add(room)
    await session.flush()  # the ticket names the room
    ticket = HelpdeskTicket(
        id=ticket_id,
        event_id=event_id,
        chatroom_id=room.id,
        requester_id=requester_id,
        tmp_id=tmp_id,
        topic=topic,
        state=TicketState.NEW.value,
        last_message_by=Side.REQUESTER.value,
        message_count=0,
        reopen_count=0,
        created_at=now,
        updated_at=now,
        last_message_at=now,
    )
    session.add(ticket)
    await session.flush()
    return ticket, room, await add_room_member(session, room, requester_id, now)


async def _locked(session: AsyncSession, ticket: HelpdeskTicket) -> HelpdeskTicket:
    locked = await lock_ticket(session, HelpdeskTicket.id == ticket.id)
    assert locked is not None  # loaded through access.py in this transaction
    return locked


async def claim(
    session: AsyncSession, services: Services, access: EventAccess, ticket_id: str
) -> Outcome:
    """The caller (an agent) takes the ticket: they become its assignee and a member of its room
    (their sockets then get its messages); a new ticket opens. Taking over another agent's is
    allowed; that agent stays a member."""
    await require_agent(session, access)
    ticket = await _locked(session, await load_ticket(session, access.event.id, ticket_id))
    if ticket.state == TicketState.CLOSED:
        raise ticket_closed(ticket)
    changed, effects = await assign(
        session, ticket, access.principal.person_id, services.clock.now()
    )
    return await _outcome(session, ticket, changed, effects)


async def assign(
    session: AsyncSession, ticket: HelpdeskTicket, agent_id: str, now: datetime
) -> tuple[bool, list[Effect]]:
    """`agent_id` becomes the (locked, not closed) ticket's assignee and a member of its room."""
    changed = state.on_claim(ticket, agent_id, now)
    room = await session.get(Chatroom, ticket.chatroom_id)
    assert room is not None  # the ticket's foreign key
    return changed, await add_room_member(session, room, agent_id, now)


async def close(session: AsyncSession, services: Services, found: TicketAccess) -> Outcome:
    """By the requester or an agent; closing a closed ticket answers it as it is."""
    ticket = await _locked(session, found.ticket)
    return await _outcome(session, ticket, state.on_close(ticket, services.clock.now()), [])


async def reopen(
    session: AsyncSession, services: Services, access: EventAccess, found: TicketAccess
) -> Outcome:
    """By the requester or an agent; a ticket that is not closed is answered as it is. The
    requester's reopening counts against their limit of tickets not closed, an agent's does not
    (an agent reopens to follow up, not to add to the queue's load)."""
    ticket = await _locked(session, found.ticket)
    if ticket.state == TicketState.CLOSED and access.principal.person_id == ticket.requester_id:
        await _lock_person(session, ticket.requester_id)
        await _check_limit(session, ticket.event_id, ticket.requester_id)
    changed = state.on_reopen(ticket, services.clock.now())
    return await _outcome(session, ticket, changed, [])


async def _outcome(
    session: AsyncSession, ticket: HelpdeskTicket, changed: bool, effects: list[Effect]
) -> Outcome:
    await session.flush()
    if changed:
        effects = [*effects, await ticket_notice(session, ticket)]
    return Outcome(await one_ticket_out(session, ticket), changed, effects)
