"""The socket handler of reactions (protocol/README.md §4, opcode 31 REACTION_SEND).

Checks the caller exactly as chat does (the auth session reloaded, `socket_event_member` on the
socket's event), then the session through the same loader REST uses: a session of the socket's
event, else ACTIVITY_NOT_FOUND. Then, in this order, REACTIONS_OFF (switched off, or not running
now) and the tap allowance (RATE_LIMITED), so a refused tap never spends it. An accepted tap gets
no answer of its own: the caller hears it in the next REACTION_BURST_NOTIFY like everybody.
"""

from __future__ import annotations

from venuely.accounts.permissions import socket_event_member
from venuely.activities.access import access_activity
from venuely.activities.models import EntityType
from venuely.reactions import service
from venuely.reactions.frames import ReactionIn
from venuely.realtime.opcodes import Opcode
from venuely.realtime.registry import ConnectionContext, handles


@handles(Opcode.REACTION_SEND, ReactionIn)
async def on_reaction(ctx: ConnectionContext, body: ReactionIn) -> None:
    services = ctx.services
    async with services.db.session() as session:
        access = await socket_event_member(session, services, ctx.session_id, ctx.event_id)
        activity = await access_activity(
            session, access.event, body.SessionID, entity_type=EntityType.SESSION
        )
    now = services.clock.now()
    service.check_open(activity, now)
    service.take_turn(access.principal.person_id, activity.id, now)
    service.count(services, activity, body.Reaction)
