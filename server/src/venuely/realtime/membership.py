"""What a new connection listens on beyond its event and person channels, whose chat messages it
does not receive (mutes), and what features learn when one of this process's connections closes.

Features own their membership rules (chat decides who is in which room), so `realtime/` asks
them through hooks instead of importing them. A feature registers, at import time, a statement
of one string column that may use the bind parameters `:event_id` and `:person_id`, and what to
make of its rows:

    async def rooms(session, person_id, event_id, values) -> SocketJoin:
        return SocketJoin(channels=[room_channel(v) for v in values])

    register_socket_rows(select(Relation.parent_id).where(...), rooms)

The gateway reads every feature's rows in one statement (`join_socket`: a UNION ALL, each part
tagged), inside the connect transaction, and subscribes the connection to the union of the
channels before it starts delivering. One statement, not one per feature: a reconnect storm
opens thousands of sockets a second, and each statement's round trip through the ORM cost more
than the lookup itself.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import CompoundSelect, Integer, Select, literal_column, union_all
from sqlalchemy.ext.asyncio import AsyncSession

if TYPE_CHECKING:
    from venuely.core.services import Services

log = logging.getLogger("venuely.realtime")


@dataclass(slots=True)
class SocketJoin:
    """A feature's part of a new socket: channels to listen on, senders it must not hear (the
    hub's filter starts from them; CHAT_MUTES_NOTIFY frames keep it current while it is open)."""

    channels: list[str] = field(default_factory=list)
    mutes: list[str] = field(default_factory=list)


# (session, person_id, event_id, the part's values) -> what the socket joins. It may write (chat
# creates an old event's broadcast room), so the caller's session commits.
RowsHandler = Callable[[AsyncSession, str, str, list[str]], Awaitable[SocketJoin]]


@dataclass(frozen=True, slots=True)
class _Part:
    rows: Select[Any]
    handle: RowsHandler


_parts: list[_Part] = []
_statement: list[CompoundSelect[Any]] = []  # built at the first socket, after every registration


def register_socket_rows(rows: Select[Any], handle: RowsHandler) -> None:
    """Read `rows` (one string column) for every new socket and hand them to `handle`."""
    if any(part.handle is handle for part in _parts):
        return  # a module imported twice (tests) registers once
    _parts.append(_Part(rows, handle))
    _statement.clear()


def _socket_statement() -> CompoundSelect[Any]:
    if not _statement:
        # The part's index, written into the statement (not bound: PostgreSQL cannot type a
        # parameter that only a UNION gives a type), tags each row with its part.
        tagged = [
            part.rows.add_columns(literal_column(str(n), Integer).label("part"))
            for n, part in enumerate(_parts)
        ]
        _statement.append(union_all(*tagged))
    return _statement[0]


async def join_socket(session: AsyncSession, person_id: str, event_id: str) -> SocketJoin:
    """Every feature's channels and mutes for a new connection of `person_id` to `event_id`."""
    joined = SocketJoin()
    if not _parts:
        return joined
    values: list[list[str]] = [[] for _ in _parts]
    params = {"event_id": event_id, "person_id": person_id}
    for value, part in await session.execute(_socket_statement(), params):
        values[part].append(value)
    for part, found in zip(_parts, values, strict=True):
        feature = await part.handle(session, person_id, event_id, found)
        joined.channels.extend(feature.channels)
        joined.mutes.extend(feature.mutes)
    return joined


# -- sockets that went away ------------------------------------------------------------------

# (services, person_id, event_id, connection_id): a socket of this process closed.
ClosedHook = Callable[["Services", str, str, int], Awaitable[None]]

_closed_hooks: list[ClosedHook] = []


def register_connection_closed(hook: ClosedHook) -> ClosedHook:
    """Run `hook` after every opened socket of this process closed, once it left the hub.

    For state a feature ties to one socket (breakout presence ends when the socket that joined
    goes away). A process that dies runs no hook: such a feature also needs its own way to
    clear what a dead process left (breakouts: a heartbeat per process)."""
    if hook not in _closed_hooks:
        _closed_hooks.append(hook)
    return hook


async def connection_closed(
    services: Services, person_id: str, event_id: str, connection_id: int
) -> None:
    """Run every hook; one that fails is logged and does not keep the others from running."""
    for hook in _closed_hooks:
        try:
            await hook(services, person_id, event_id, connection_id)
        except Exception:
            log.exception("realtime: connection-closed hook failed", extra={"person": person_id})
