"""The help desk on the socket: agents' connections listen on the event's help desk channel.

The gateway asks every feature's hook once per new connection (`realtime.membership`); this one
answers `helpdesk:<event id>` for the event's admins and named agents, so HELPDESK_TICKET_NOTIFY
reaches every agent's open console and help desk page. Naming or removing an agent changes the
channel's members of their open sockets at once (`agents.py`); a new or withdrawn admin grant
takes effect at their next connection, as the staff channel does (docs/subsystems/realtime.md).
There are no help desk commands: tickets change over REST, messages are chat's.
"""

from __future__ import annotations

from sqlalchemy import bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.events.models import Event
from venuely.helpdesk.access import agent_condition
from venuely.helpdesk.notify import helpdesk_channel
from venuely.realtime.membership import SocketJoin, register_socket_rows

# The event's id when the socket's person is one of its agents: no row otherwise.
_AGENT_OF_EVENT = select(Event.id).where(
    Event.id == bindparam("event_id"),
    agent_condition(bindparam("event_id"), bindparam("person_id")),
)


async def _agent_channel(
    _session: AsyncSession, _person_id: str, _event_id: str, events: list[str]
) -> SocketJoin:
    return SocketJoin(channels=[helpdesk_channel(event_id) for event_id in events])


register_socket_rows(_AGENT_OF_EVENT, _agent_channel)
