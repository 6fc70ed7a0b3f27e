"""Wire shapes of the help desk routes (docs/subsystems/helpdesk.md). The ticket itself is
`frames.TicketOut`, the same model HELPDESK_TICKET_NOTIFY carries."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, StringConstraints

from venuely.chat.frames import TextStr, TmpId
from venuely.helpdesk.frames import TicketOut
from venuely.helpdesk.models import MAX_TOPIC

# Trimmed first, so a topic of blanks is as empty as no topic (VALIDATION_ERROR naming Topic).
TopicStr = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_TOPIC)
]
QueueView = Literal["new", "mine", "open", "waiting", "closed"]


class TicketIn(BaseModel):
    """`POST .../helpdesk/tickets`: the question, as its topic and first message. `TmpID` makes a
    retry safe: sent again with the same one, the same ticket is answered (200)."""

    model_config = ConfigDict(extra="forbid")

    Topic: TopicStr
    Text: TextStr
    TmpID: TmpId


class QueueCounts(BaseModel):
    """How many tickets each view of the queue holds (`Mine`: the caller's open and waiting)."""

    New: int
    Mine: int
    Open: int
    Waiting: int
    Closed: int


class QueueOut(BaseModel):
    Tickets: list[TicketOut]
    Counts: QueueCounts


class MeOut(BaseModel):
    """Whether the caller answers this event's help desk (an admin of it, or a named agent)."""

    IsAgent: bool


class AgentOut(BaseModel):
    """A named agent (admins of the event answer too, without being listed here)."""

    PersonID: str
    Name: str
    Email: str
    Picture: str
