"""Which channels a new connection listens on, beyond its event and person channels.

Features own their membership rules (chat decides who is in which room), so `realtime/` asks
them through hooks instead of importing them. A feature registers a function at import time:

    @register_initial_channels
    async def chat_rooms(session, person_id, event_id) -> list[str]:
        return [room_channel(r) for r in ...]

The gateway calls every hook once per new connection, inside the connect transaction, and
subscribes the connection to the union before it starts delivering.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from sqlalchemy.ext.asyncio import AsyncSession

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
