"""Q&A's realtime frames (protocol/README.md §4, opcodes 29–30 and 40–42). Asking and moderating
are REST calls; an upvote is REST or QUESTION_UPVOTE (the socket form, for storms). The notices
only signal what changed (architecture.md §5)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from venuely.chat.frames import TmpId
from venuely.core.errors import ErrorEnvelope
from venuely.core.ids import Id
from venuely.realtime.frames import Inbound, Outbound, inbound, outbound
from venuely.realtime.opcodes import Opcode

MAX_QUESTION = 500

QuestionStatus = Literal["pending", "visible", "hidden"]


@outbound(Opcode.QUESTION_NOTIFY)
class QuestionNotice(Outbound):
    """A question as attendees may read it. Visible questions go to the whole event; pending ones
    to their author and the organizers; a hidden one reaches the event with an empty `Text` so
    clients drop it. `AuthorName` is null for an anonymous question."""

    ID: str
    EventID: str
    SessionID: str
    Text: str
    AuthorName: str | None
    Anonymous: bool
    Status: QuestionStatus
    Answered: bool
    Pinned: bool
    Votes: int
    CreatedAt: datetime
    Deleted: bool


class QuestionVotes(Outbound):
    ID: str
    Votes: int


@outbound(Opcode.QUESTION_VOTES_NOTIFY)
class VotesNotice(Outbound):
    """Upvote counts of a session's questions that changed since the last tick, recounted from
    the stored upvotes (coalesced: at most a few frames a second per session)."""

    SessionID: str
    EventID: str
    Votes: list[QuestionVotes]


@inbound(Opcode.QUESTION_UPVOTE, error=Opcode.QUESTION_UPVOTE_ERROR, echo=("QuestionID", "TmpID"))
class UpvoteIn(Inbound):
    SessionID: Id
    QuestionID: Id
    TmpID: TmpId


outbound(Opcode.QUESTION_UPVOTE_ERROR)(ErrorEnvelope)


@outbound(Opcode.QUESTION_UPVOTE_NOTIFY)
class UpvoteNotice(Outbound):
    """The caller's own upvote as stored, to every connection of theirs (`person:{PersonID}`):
    the one that sent it learns it counted (its TmpID, "" over REST), the others show it."""

    EventID: str
    SessionID: str
    QuestionID: str
    TmpID: str
    Votes: int
