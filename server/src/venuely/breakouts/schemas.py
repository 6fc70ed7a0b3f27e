"""Wire shapes of the breakouts routes (docs/subsystems/breakouts.md).

A room's definition is written as `activities.schemas.BreakoutRoomIn` (the same document the
generic activity routes store). `RoomView` is a room as one caller reads it: the
BREAKOUT_ROOM_NOTIFY fields, the occupancy of BREAKOUT_OCCUPANCY_NOTIFY, and the way into the
call only for organizers and the people inside.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict

from venuely.breakouts.frames import CallInfo, RoomStateName
from venuely.chat.frames import TextStr, TmpId
from venuely.core.ids import Id


class RoomView(BaseModel):
    ID: str
    EventID: str
    InternalName: str
    Title: str
    Topic: str
    Capacity: int
    State: RoomStateName
    OpensAt: datetime | None
    ClosesAt: datetime | None
    ConferenceType: str
    PanoNodeID: str
    # The room's chat room (members: the people inside); null until the room's first write.
    ChatroomID: str | None
    Version: int
    Occupancy: int
    SeatsLeft: int
    PersonIDs: list[str]
    # Organizers, and attendees inside this room; null for everyone else.
    Call: CallInfo | None
    CreatedAt: datetime
    UpdatedAt: datetime


class MoveIn(BaseModel):
    """`POST .../{RoomID}/move`: the person to put into this room."""

    model_config = ConfigDict(extra="forbid")

    PersonID: Id


class BroadcastIn(BaseModel):
    """`POST .../breakouts/broadcast`: a message for the chat of every room of the event.
    `TmpID` makes a retry safe: sent again with the same one, nothing is posted twice."""

    model_config = ConfigDict(extra="forbid")

    Text: TextStr
    TmpID: TmpId | None = None


class PostedMessage(BaseModel):
    RoomID: str
    ChatroomID: str
    MessageID: str


class BroadcastOut(BaseModel):
    """One message per room, in the rooms' order."""

    Messages: list[PostedMessage]
