"""The polls' realtime frames (protocol/README.md §4, opcodes 24–28): one payload model each.

POLL_VOTE is the socket form of `PUT /events/{EventID}/polls/{PollID}/ballot`: both run the same
service, so they accept and refuse alike. POLL_NOTIFY and POLL_RESULTS_NOTIFY only signal
(architecture.md §5): a client that missed one re-reads the poll over REST.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field

from venuely.chat.frames import TmpId
from venuely.core.errors import ErrorEnvelope
from venuely.core.ids import Id
from venuely.realtime.frames import Inbound, Outbound, inbound, outbound
from venuely.realtime.opcodes import Opcode

MAX_OPTIONS = 20
MAX_OTHER = 200

PollState = Literal["draft", "open", "closed"]
# Who sees the tally: attendees while the poll is open, once it has closed, or never (organizers
# always do).
ResultsMode = Literal["live", "closed", "hidden"]
OptionId = Annotated[str, Field(min_length=1, max_length=64)]


# -- client → server -----------------------------------------------------------------------------


@inbound(Opcode.POLL_VOTE, error=Opcode.POLL_VOTE_ERROR, echo=("PollID", "TmpID"))
class VoteIn(Inbound):
    PollID: Id
    # The chosen options; empty when the ballot is only an "other" answer.
    OptionIDs: list[OptionId] = Field(max_length=MAX_OPTIONS)
    # The free-text "other" answer, when the poll allows one; the service checks its length.
    Other: str | None = None
    TmpID: TmpId


# -- server → client -----------------------------------------------------------------------------

outbound(Opcode.POLL_VOTE_ERROR)(ErrorEnvelope)


@outbound(Opcode.POLL_BALLOT_NOTIFY)
class BallotNotice(Outbound):
    """The caller's own ballot as stored, to every connection of theirs (`person:{PersonID}`):
    the one that voted learns it counted (its TmpID), the others show the same choice."""

    PollID: str
    EventID: str
    TmpID: str
    OptionIDs: list[str]
    Other: str | None
    UpdatedAt: datetime


class PollOption(Outbound):
    ID: str
    Text: str


@outbound(Opcode.POLL_NOTIFY)
class PollNotice(Outbound):
    """A poll as attendees read it, when it opens, closes, changes or goes (`Deleted`). Drafts go
    to the event's organizers only."""

    ID: str
    EventID: str
    Question: str
    Options: list[PollOption]
    Multiple: bool
    AllowOther: bool
    AllowChange: bool
    Results: ResultsMode
    State: PollState
    OpensAt: datetime | None
    ClosesAt: datetime | None
    PanoNodeID: str
    SessionID: str | None
    Deleted: bool


class OptionCount(Outbound):
    OptionID: str
    Count: int


@outbound(Opcode.POLL_RESULTS_NOTIFY)
class PollResults(Outbound):
    """The tally, recounted from the stored ballots at most a few times a second per poll.
    `AsOf` is the newest ballot counted: a client keeps the frame with the latest `AsOf`, since
    frames from several processes may arrive out of order."""

    PollID: str
    EventID: str
    Ballots: int
    Counts: list[OptionCount]
    Other: int
    AsOf: datetime | None
