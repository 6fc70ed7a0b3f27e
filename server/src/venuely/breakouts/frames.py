"""The breakout rooms' realtime frames (protocol/README.md §4, opcodes 34–39).

Joining and leaving happen over the socket only, because presence belongs to the socket that
joined: it ends when that socket goes away. Everything else an attendee sees comes as signals
(architecture.md §5): a client that missed one re-reads `GET /events/{EventID}/breakouts`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from venuely.chat.frames import TmpId
from venuely.core.errors import ErrorEnvelope
from venuely.core.ids import Id
from venuely.realtime.frames import Inbound, Outbound, inbound, outbound
from venuely.realtime.opcodes import Opcode

RoomStateName = Literal["scheduled", "open", "closed"]
# Why the person's presence changed: their own join or leave, an organizer's move, the room
# closing or being deleted, the joining socket closing, or its server process having stopped.
PresenceReason = Literal["joined", "left", "moved", "closed", "deleted", "disconnected", "expired"]


# -- client → server -----------------------------------------------------------------------------


@inbound(Opcode.BREAKOUT_JOIN, error=Opcode.BREAKOUT_JOIN_ERROR, echo=("RoomID", "TmpID"))
class JoinIn(Inbound):
    RoomID: Id
    TmpID: TmpId


@inbound(Opcode.BREAKOUT_LEAVE, echo=("RoomID", "TmpID"))
class LeaveIn(Inbound):
    TmpID: TmpId
    # Leave only this room: a late leave from one tab cannot end a presence another tab (or an
    # organizer's move) has since taken elsewhere. Absent: whichever room the person is in.
    RoomID: Id | None = None


# -- server → client -----------------------------------------------------------------------------

outbound(Opcode.BREAKOUT_JOIN_ERROR)(ErrorEnvelope)


class CallInfo(Outbound):
    """The way into the room's call: `Type` None, Zoom, Jitsi, BigBlueButton or Iframe."""

    Type: str
    URL: str
    MeetingID: str
    Password: str


@outbound(Opcode.BREAKOUT_PRESENCE_NOTIFY)
class PresenceNotice(Outbound):
    """Where the person is now, to every connection of theirs (`person:{PersonID}`): the one
    that joined recognises its `TmpID` (`""` when no command of theirs caused it). `RoomID` null:
    in no room. `Call` and `ChatroomID` are the new room's, null outside one."""

    EventID: str
    PersonID: str
    RoomID: str | None
    FromRoomID: str | None
    Reason: PresenceReason
    TmpID: str
    ChatroomID: str | None
    Call: CallInfo | None


class RoomOccupancy(Outbound):
    """Who is inside one room. `Version` grows with every change of its presence: a client keeps,
    per room, the entry with the highest `Version` (frames of several processes may cross)."""

    RoomID: str
    Version: int
    Capacity: int
    Occupancy: int
    SeatsLeft: int
    PersonIDs: list[str]


@outbound(Opcode.BREAKOUT_OCCUPANCY_NOTIFY)
class OccupancyNotice(Outbound):
    """The rooms of an event whose presence changed since the last tick (coalesced), to the
    event's channel."""

    EventID: str
    Rooms: list[RoomOccupancy]


@outbound(Opcode.BREAKOUT_ROOM_NOTIFY)
class RoomNotice(Outbound):
    """A room as attendees read it, when it is made, changed, opened, closed or deleted. The way
    into its call is not here: only people inside get it."""

    ID: str
    EventID: str
    Title: str
    Topic: str
    Capacity: int
    State: RoomStateName
    OpensAt: datetime | None
    ClosesAt: datetime | None
    ConferenceType: str
    PanoNodeID: str
    Deleted: bool
