"""Frame handlers by opcode. Features register theirs here (`<feature>/realtime.py`); the
gateway looks them up. A registry instead of a switch keeps `realtime/` free of feature imports.

A handler receives the connection's context and the decoded frame. It loads what it acts on
through the feature's `access_*` functions (the same ones REST uses), writes, commits, then
publishes through `ctx.services.hub` and/or answers the caller with `ctx.send`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.realtime.codec import Frame
from venuely.realtime.opcodes import Opcode

if TYPE_CHECKING:
    from venuely.accounts.permissions import Principal
    from venuely.core.services import Services


@dataclass(slots=True)
class ConnectionContext:
    """What a handler knows about the socket a frame came from."""

    services: Services
    person_id: str
    event_id: str
    # The auth session (token jti) the socket was opened with: revoking it closes the socket.
    session_id: str
    send: Callable[[bytes], Awaitable[None]]
    # Re-checks the token's session row and loads the caller with their admin grants, so a
    # revoked token or a changed role applies to the very next command.
    load_principal: Callable[[AsyncSession], Awaitable[Principal]]


Handler = Callable[[ConnectionContext, Frame], Awaitable[None]]

_handlers: dict[Opcode, Handler] = {}


def handles(opcode: Opcode) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        if opcode in _handlers and _handlers[opcode] is not handler:
            raise RuntimeError(f"two handlers for {opcode.name}")
        _handlers[opcode] = handler
        return handler

    return register


def handler_for(opcode: Opcode) -> Handler | None:
    return _handlers.get(opcode)


def registered_opcodes() -> frozenset[Opcode]:
    return frozenset(_handlers)
