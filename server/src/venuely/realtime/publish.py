"""The one way a feature publishes a realtime frame.

    await publish(services.hub, event_channel(event_id), Opcode.ACTIVITY_SYNC_NOTIFY, payload)

`payload` must be an instance of the model declared for the opcode (`frames.py`); it is encoded
once, however many channels and sockets it goes to. Publishing only signals (architecture.md §5):
call it after the commit, and a hub that fails is logged, never raised — the write is durable and
clients catch up over REST — so the caller learns only whether the hub took the frame.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from pydantic import BaseModel

from venuely.realtime.frames import encode
from venuely.realtime.hub import Publisher
from venuely.realtime.opcodes import Opcode

log = logging.getLogger("venuely.realtime")


async def publish(
    hub: Publisher, channels: str | Sequence[str], opcode: Opcode, payload: BaseModel
) -> bool:
    """Publish to one channel or several; True when the hub took it for every channel."""
    frame = encode(opcode, payload)
    published = True
    for channel in (channels,) if isinstance(channels, str) else channels:
        try:
            await hub.publish(channel, frame)
        except Exception:
            log.exception("realtime: %s to %s not published", opcode.name, channel)
            published = False
    return published
