"""The breakout socket commands (protocol/README.md §4, opcodes 34 and 36).

BREAKOUT_JOIN: stored with the joins sent meanwhile (`joining.py`), where the caller is
reloaded from its auth session and checked as REST checks it, the room must be one of the
socket's event, and the presence is taken for this very socket (process instance and socket
number), so it ends when the socket does (`lifecycle.on_socket_closed`). Refusals are raised as
`ApiError`; the registry answers them with BREAKOUT_JOIN_ERROR echoing RoomID and TmpID.
BREAKOUT_LEAVE has no error opcode of its own: a refusal is ERROR naming opcode 36.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import socket_event_member
from venuely.breakouts import joining, presence
from venuely.breakouts import lifecycle as _lifecycle  # noqa: F401 - socket close and purge jobs
from venuely.breakouts import notify as _notify  # noqa: F401 - registers the change hook
from venuely.breakouts.access import access_room
from venuely.breakouts.changes import announce
from venuely.breakouts.frames import JoinIn, LeaveIn
from venuely.breakouts.instances import ensure_alive, instance_of
from venuely.realtime.opcodes import Opcode
from venuely.realtime.registry import ConnectionContext, handles


async def _person(session: AsyncSession, ctx: ConnectionContext) -> str:
    # Reloaded per command, so a revoked token or a changed role applies to the next one.
    access = await socket_event_member(session, ctx.services, ctx.session_id, ctx.event_id)
    return access.principal.person_id


@handles(Opcode.BREAKOUT_JOIN, JoinIn)
async def on_join(ctx: ConnectionContext, body: JoinIn) -> None:
    services = ctx.services
    await ensure_alive(services)
    instance = instance_of(services)
    request = joining.JoinRequest(
        event_id=ctx.event_id,
        session_id=ctx.session_id,
        room_id=body.RoomID,
        seat=presence.Seat(instance.id, ctx.connection_id),
        tmp_id=body.TmpID,
        at=services.clock.now(),
    )
    # Stored with the joins sent meanwhile, the caller checked there (joining.py).
    change = await joining.join(services, request)
    # Noted after the commit: this socket's close now has something to clear.
    instance.seated.add(ctx.connection_id)
    await announce(services, [change])


@handles(Opcode.BREAKOUT_LEAVE, LeaveIn)
async def on_leave(ctx: ConnectionContext, body: LeaveIn) -> None:
    async with ctx.services.db.session() as session:
        person_id = await _person(session, ctx)
        if body.RoomID is not None:
            await access_room(session, ctx.event_id, body.RoomID)
    change = await presence.leave(
        ctx.services,
        event_id=ctx.event_id,
        person_id=person_id,
        room_id=body.RoomID,
        tmp_id=body.TmpID,
    )
    if change.moved:
        await announce(ctx.services, [change])
    else:  # nothing changed: only the asking connection hears where the person is
        ctx.send(Opcode.BREAKOUT_PRESENCE_NOTIFY, change.notice)
