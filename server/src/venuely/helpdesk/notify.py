"""Who hears about a ticket: HELPDESK_TICKET_NOTIFY to the requester's connections and to the
event's help desk channel, which every agent's socket of the event listens on (`realtime.py`).

Service functions return the notice as an effect (`chat.publish`), delivered after the commit
together with the chat membership changes a claim makes, in order.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.chat.publish import Publication, publication
from venuely.helpdesk.models import HelpdeskTicket
from venuely.helpdesk.views import one_ticket_out
from venuely.realtime.hub import person_channel
from venuely.realtime.opcodes import Opcode


def helpdesk_channel(event_id: str) -> str:
    """The connections of the event's agents (its admins and named agents)."""
    return f"helpdesk:{event_id}"


async def ticket_notice(session: AsyncSession, ticket: HelpdeskTicket) -> Publication:
    """The ticket as it is now (flushed or not), for after the commit."""
    channels = [person_channel(ticket.requester_id), helpdesk_channel(ticket.event_id)]
    payload = await one_ticket_out(session, ticket)
    return publication(channels, Opcode.HELPDESK_TICKET_NOTIFY, payload)
