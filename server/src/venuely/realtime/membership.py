"""Which channels a new connection listens on, beyond its event and person channels; whose chat
messages it does not receive (mutes); and what features learn when one of this process's
connections closes.

Features own their membership rules (chat decides who is in which room), so `realtime/` asks
them through hooks instead of importing them. A feature registers a function at import time:

    @register_initial_channels
    async def chat_rooms(session, person_id, event_id) -> list[str]:
        return [room_channel(r) for r in ...]

The gateway calls every hook once per new connection, inside the connect transaction, and
subscribes the connection to the union before it starts delivering.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Collection
from typing import TYPE_CHECKING

from sqlalchemy.ext.asyncio import AsyncSession

if TYPE_CHECKING:
    from venuely.core.services import Services

log = logging.getLogger("venuely.realtime")

ChannelHook = Callable[[AsyncSession, str, str], Awaitable[list[str]]]

_hooks: list[ChannelHook] = []


def register_initial_channels(hook: ChannelHook) -> ChannelHook:
    if hook not in _hooks:
        _hooks.append(hook)
    return hook


async def initial_channels(session: AsyncSession, person_id: str, event_id: str) -> list[str]:
    channels: list[str] = []
    for hook in _hooks:
        channels.extend(await hook(session, person_id, event_id))
    return channels


# -- whom a new connection does not hear --------------------------------------------------------

# (session, person_id, event_id) -> ids of the senders whose chat messages the person muted.
MutesHook = Callable[[AsyncSession, str, str], Awaitable[Collection[str]]]

_mutes_hooks: list[MutesHook] = []


def register_initial_mutes(hook: MutesHook) -> MutesHook:
    """Say whom a new connection's person muted (chat keeps the list): the hub's filter starts
    from it, and CHAT_MUTES_NOTIFY frames keep it current while the socket is open."""
    if hook not in _mutes_hooks:
        _mutes_hooks.append(hook)
    return hook


async def initial_mutes(session: AsyncSession, person_id: str, event_id: str) -> frozenset[str]:
    muted: set[str] = set()
    for hook in _mutes_hooks:
        muted.update(await hook(session, person_id, event_id))
    return frozenset(muted)


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
