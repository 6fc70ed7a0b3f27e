"""Frames a chat write wants delivered, published only after its transaction committed.

Service functions return `Publication`s instead of publishing, so the caller (a REST route or
a socket handler) can commit first: a NOTIFY must never announce a message a rollback could
still take back (architecture.md §5). Membership changes travel the same way, because a new
member's sockets must listen on the room before its first notification goes out.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.services import Services
from venuely.realtime.codec import encode_json_frame
from venuely.realtime.hub import Hub
from venuely.realtime.opcodes import Opcode

log = logging.getLogger("venuely.chat")


@dataclass(frozen=True, slots=True)
class Publication:
    channel: str
    frame: bytes


@dataclass(frozen=True, slots=True)
class MemberChange:
    channel: str
    person_id: str
    added: bool


Effect = Publication | MemberChange


def frame(opcode: Opcode, payload: BaseModel | dict[str, Any]) -> bytes:
    """Encode once; the same bytes go to every recipient."""
    value = payload.model_dump(mode="json") if isinstance(payload, BaseModel) else payload
    return encode_json_frame(opcode, value)


def publication(channel: str, opcode: Opcode, payload: BaseModel) -> Publication:
    return Publication(channel, frame(opcode, payload))


def hub_of(services: Services) -> Hub | None:
    """The hub to deliver through (a seam tests replace with a recording hub)."""
    return services.hub


async def deliver(services: Services, effects: list[Effect]) -> None:
    """Apply membership changes, then publish, in order. A failing hub is logged, not raised:
    the write is committed and clients recover what they missed over REST."""
    hub = hub_of(services)
    if hub is None:
        return
    for effect in effects:
        try:
            if isinstance(effect, MemberChange):
                if effect.added:
                    await hub.add_member(effect.channel, effect.person_id)
                else:
                    await hub.remove_member(effect.channel, effect.person_id)
            else:
                await hub.publish(effect.channel, effect.frame)
        except Exception:
            log.exception("chat: delivering to %s failed", effect.channel)


async def commit_and_deliver(
    session: AsyncSession, services: Services, effects: list[Effect]
) -> None:
    await session.commit()
    await deliver(services, effects)
