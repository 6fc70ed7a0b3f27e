"""The ANALYTICS_TRACK socket command (protocol/README.md §4, opcode 47).

The socket form of `POST /events/{EventID}/analytics`, so that pings at 10,000 attendees cost a
frame rather than an HTTP request each (intake.py says what that saves). The caller is checked as
REST checks it, with the batch; an accepted frame gets no answer, and items dropped are counted,
not answered, as over HTTP. A refused caller's `ApiError` is answered by the registry with ERROR,
or closes the socket when its code says so (a revoked token, a removed attendee).
"""

from __future__ import annotations

from venuely.analytics.frames import TrackFrame
from venuely.analytics.intake import SocketItems, take_socket_items
from venuely.realtime.opcodes import Opcode
from venuely.realtime.registry import ConnectionContext, handles


@handles(Opcode.ANALYTICS_TRACK, TrackFrame)
async def on_track(ctx: ConnectionContext, body: TrackFrame) -> None:
    await take_socket_items(ctx.services, SocketItems(ctx.event_id, ctx.session_id, body.Events))
