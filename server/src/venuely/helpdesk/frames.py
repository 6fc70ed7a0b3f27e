"""The help desk's realtime frame (protocol/README.md §4, opcode 43) and the ticket model REST
answers with: one model for both, so a frame and a GET never disagree about a ticket.

HELPDESK_TICKET_NOTIFY only signals (architecture.md §5): a client that missed one re-reads the
ticket or its list over REST. The conversation's messages are chat frames of the room.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from venuely.realtime.frames import Outbound, outbound
from venuely.realtime.opcodes import Opcode

TicketStateName = Literal["new", "open", "waiting", "closed"]
SideName = Literal["requester", "agent"]


class PersonRef(Outbound):
    """A person as the ticket shows them: the name chat shows (`FullName`), the picture URL
    (`""` without one)."""

    ID: str
    Name: str
    Picture: str


@outbound(Opcode.HELPDESK_TICKET_NOTIFY)
class TicketOut(Outbound):
    """A ticket, to its requester's connections and the event's help desk channel after every
    change. `FirstResponseAt - CreatedAt` is its response time; while `LastMessageBy` is
    "requester", the requester has been waiting since `LastMessageAt`."""

    ID: str
    EventID: str
    ChatroomID: str
    Topic: str
    State: TicketStateName
    Requester: PersonRef
    Assignee: PersonRef | None
    CreatedAt: datetime
    UpdatedAt: datetime
    LastMessageAt: datetime
    LastMessageBy: SideName
    FirstResponseAt: datetime | None
    ClosedAt: datetime | None
    ReopenCount: int
    MessageCount: int
