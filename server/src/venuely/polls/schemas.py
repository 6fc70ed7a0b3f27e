"""Wire shapes of the polls routes (docs/subsystems/polls.md).

The tally a route answers is the POLL_RESULTS_NOTIFY payload itself (`frames.PollResults`), so
REST and the socket cannot drift apart; `PollView` carries the POLL_NOTIFY fields plus what
depends on the caller.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from venuely.polls.frames import (
    MAX_OPTIONS,
    OptionId,
    PollOption,
    PollResults,
    PollState,
    ResultsMode,
)


class BallotIn(BaseModel):
    """`PUT .../ballot`: the chosen options and the "other" answer. The service checks them
    against the poll (the same checks as POLL_VOTE)."""

    model_config = ConfigDict(extra="forbid")

    OptionIDs: list[OptionId] = Field(default_factory=list, max_length=MAX_OPTIONS)
    Other: str | None = None


class BallotOut(BaseModel):
    """The caller's ballot as stored."""

    PollID: str
    OptionIDs: list[str]
    Other: str | None
    UpdatedAt: datetime


class PollView(BaseModel):
    """A poll as this caller reads it: the POLL_NOTIFY fields, then `IsActive` (the poll is open
    now), `ResultsVisible` (attendees may see the tally now), `Tally` (null when this caller may
    not) and `MyBallot` (the caller's own, or null)."""

    ID: str
    EventID: str
    InternalName: str
    Title: str
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
    IsActive: bool
    ResultsVisible: bool
    Tally: PollResults | None
    MyBallot: BallotOut | None
    CreatedAt: datetime
    UpdatedAt: datetime
