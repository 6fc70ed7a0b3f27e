"""The support room kind's rules in chat (`chat/kinds.py`), registered on import.

A ticket's conversation is written and read through chat's own routes and socket commands; these
rules are what makes it a help desk conversation:

- read without membership: the event's named agents (its admins may already, as in every room);
- before a new message, under the room's lock: a closed ticket takes none (409
  HELPDESK_TICKET_CLOSED, nothing stored), and only the requester and agents write — an earlier
  assignee who is no agent any more does not (403 HELPDESK_NOT_AGENT);
- after it, in the same transaction: the ticket's state and times follow (`state.on_message`)
  and HELPDESK_TICKET_NOTIFY goes out after the commit, behind the message's own SEND_NOTIFY;
- support rooms are the help desk's: chat does not make, wire or delete them (`owned`).
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.chat.kinds import RoomKindRules, register_room_kind
from venuely.chat.models import ChatMessage, Chatroom, ChatroomKind
from venuely.chat.publish import Effect
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.helpdesk import state
from venuely.helpdesk.access import is_agent, is_named_agent, lock_ticket, not_agent
from venuely.helpdesk.models import HelpdeskTicket, Side, TicketState
from venuely.helpdesk.notify import ticket_notice


def ticket_closed(ticket: HelpdeskTicket) -> ApiError:
    return ApiError(
        ErrorCode.HELPDESK_TICKET_CLOSED,
        "This conversation is closed; reopen it to write again",
        {"TicketID": ticket.id},
    )


async def _agents_read(session: AsyncSession, access: EventAccess, room: Chatroom) -> bool:
    return await is_named_agent(session, room.event_id, access.principal.person_id)


async def _locked_ticket(session: AsyncSession, room: Chatroom) -> HelpdeskTicket:
    ticket = await lock_ticket(session, HelpdeskTicket.chatroom_id == room.id)
    if ticket is None:  # the ticket went (its requester was deleted): the room takes nothing
        raise ApiError(
            ErrorCode.HELPDESK_TICKET_NOT_FOUND,
            "This conversation has no help desk ticket any more",
            {"ChatroomID": room.id},
        )
    return ticket


async def _before_message(session: AsyncSession, room: Chatroom, sender_id: str) -> None:
    # Locked here, before the message is stored, so a close committing meanwhile is either seen
    # now or waits for this message's transaction: no message ever lands in a closed ticket.
    ticket = await _locked_ticket(session, room)
    if ticket.state == TicketState.CLOSED:
        raise ticket_closed(ticket)
    if sender_id != ticket.requester_id and not await is_agent(session, ticket.event_id, sender_id):
        raise not_agent(ticket.event_id)


async def _after_message(
    session: AsyncSession, services: Services, room: Chatroom, message: ChatMessage
) -> list[Effect]:
    ticket = await _locked_ticket(session, room)  # still locked: the same row, read again
    side = Side.REQUESTER if message.sender_id == ticket.requester_id else Side.AGENT
    state.on_message(ticket, side, message.created_at)
    await session.flush()
    return [await ticket_notice(session, ticket)]


register_room_kind(
    ChatroomKind.SUPPORT,
    RoomKindRules(
        may_read=_agents_read,
        before_message=_before_message,
        after_message=_after_message,
        owned=True,
    ),
)
