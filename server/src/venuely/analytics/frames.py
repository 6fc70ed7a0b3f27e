"""The analytics frame (protocol/README.md §4, opcode 47 ANALYTICS_TRACK).

The tracker's items over the socket the attendee already holds: the same items as
`POST /events/{EventID}/analytics` (schemas.TrackItem), checked one by one by the intake so an
odd item costs only itself. The envelope is checked here: a list of 1 to 20.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from venuely.analytics.schemas import MAX_ITEMS
from venuely.realtime.frames import Inbound, inbound
from venuely.realtime.opcodes import Opcode


@inbound(Opcode.ANALYTICS_TRACK)
class TrackFrame(Inbound):
    Events: list[dict[str, Any]] = Field(min_length=1, max_length=MAX_ITEMS)
