"""The help desk on the socket: agents' connections listen on the event's help desk channel.

The gateway asks every feature's hook once per new connection (`realtime.membership`); this one
answers `helpdesk:<event id>` for the event's admins and named agents, so HELPDESK_TICKET_NOTIFY
reaches every agent's open console and help desk page. Naming or removing an agent changes the
channel's members of their open sockets at once (`agents.py`); a new or withdrawn admin grant
takes effect at their next connection, as the staff channel does (docs/subsystems/realtime.md).
There are no help desk commands: tickets change over REST, messages are chat's.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.helpdesk.access import is_agent
from venuely.helpdesk.notify import helpdesk_channel
from venuely.realtime.membership import register_initial_channels


@register_initial_channels
async def helpdesk_channels(session: AsyncSession, person_id: str, event_id: str) -> list[str]:
    if await is_agent(session, event_id, person_id):
        return [helpdesk_channel(event_id)]
    return []
