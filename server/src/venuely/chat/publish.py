"""Frames a chat write wants delivered, published only after its transaction committed.

Service functions return `Publication`s instead of publishing, so the caller (a REST route or
a socket handler) can commit first: a NOTIFY must never announce a message a rollback could
still take back (architecture.md §5). Membership changes travel the same way, because a new
member's sockets must listen on the room before its first notification goes out. Delivery goes
through `realtime.publish`, the one way features publish.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.services import Services
from venuely.realtime.hub import Hub
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish

log = logging.getLogger("venuely.chat")


@dataclass(frozen=True, slots=True)
class Publication:
    # One payload for several channels (a new room's members) is still encoded once.
    channels: tuple[str, ...]
    opcode: Opcode
    payload: BaseModel


@dataclass(frozen=True, slots=True)
class MemberChange:
    channel: str
    person_id: str
    added: bool


Effect = Publication | MemberChange


def publication(channels: str | Sequence[str], opcode: Opcode, payload: BaseModel) -> Publication:
    as_tuple = (channels,) if isinstance(channels, str) else tuple(channels)
    return Publication(as_tuple, opcode, payload)


def hub_of(services: Services) -> Hub:
    """The hub to deliver through (a seam tests replace with a recording hub)."""
    return services.hub


async def deliver(services: Services, effects: list[Effect]) -> None:
    """Apply membership changes, then publish, in order. A failing hub is logged, not raised:
    the write is committed and clients recover what they missed over REST."""
    hub = hub_of(services)
    for effect in effects:
        if isinstance(effect, Publication):
            await publish(hub, effect.channels, effect.opcode, effect.payload)
            continue
        try:
            if effect.added:
                await hub.add_member(effect.channel, effect.person_id)
            else:
                await hub.remove_member(effect.channel, effect.person_id)
        except Exception:
            log.exception("chat: membership change on %s failed", effect.channel)


async def commit_and_deliver(
    session: AsyncSession, services: Services, effects: list[Effect]
) -> None:
    await session.commit()
    await deliver(services, effects)
