"""Reactions' realtime frames (protocol/README.md §4, opcodes 31–33).

A reaction is sent over the socket only: it is a tap that lasts a second on screen, so nothing of
it is stored; the server counts taps per session and emits one burst per tick.
"""

from __future__ import annotations

from typing import Literal

from venuely.core.errors import ErrorEnvelope
from venuely.core.ids import Id
from venuely.realtime.frames import Inbound, Outbound, inbound, outbound
from venuely.realtime.opcodes import Opcode

# The fixed set; clients draw each name as their emoji (👏 ❤️ 😂 🎉 👍 😮).
Reaction = Literal["applause", "heart", "laugh", "celebrate", "thumbsup", "wow"]
REACTIONS: tuple[Reaction, ...] = ("applause", "heart", "laugh", "celebrate", "thumbsup", "wow")


@inbound(Opcode.REACTION_SEND, error=Opcode.REACTION_ERROR, echo=("SessionID",))
class ReactionIn(Inbound):
    SessionID: Id
    Reaction: Reaction


outbound(Opcode.REACTION_ERROR)(ErrorEnvelope)


class ReactionCount(Outbound):
    Reaction: str
    Count: int


@outbound(Opcode.REACTION_BURST_NOTIFY)
class ReactionBurst(Outbound):
    """The taps of one session counted over the last tick on one server process (each process
    sends its own; clients show every burst they get)."""

    SessionID: str
    EventID: str
    Counts: list[ReactionCount]
