"""The treasure hunt's realtime frame (protocol/README.md §4, opcode 44) and the ranking row
REST answers with: one model for both, so a frame and a GET never disagree about a row.

TREASURE_HUNT_RANKING_NOTIFY only signals (architecture.md §5): the top of one hunt's board as
a member sees it, at most a few times a second per hunt whatever the rate of finds
(`notify.py`). Each client shows `Top` as it is and re-reads its own `/me`; nobody refetches the
whole board per find.
"""

from __future__ import annotations

from datetime import datetime

from venuely.realtime.frames import Outbound, outbound
from venuely.realtime.opcodes import Opcode


class RankingOut(Outbound):
    """A ranked person. A hidden row (the person asked) shows `FullName` and `PictureURL` as
    `""` to everyone but the person and the event's organizers; `PersonID` stays, since it is
    the paging key."""

    Rank: int
    PersonID: str
    FullName: str
    # The person's picture URL, "" without one.
    PictureURL: str
    Score: int
    # When the person reached this score; pass it back as LastUpdatedAt to page on.
    UpdatedAt: datetime
    Hidden: bool


@outbound(Opcode.TREASURE_HUNT_RANKING_NOTIFY)
class RankingNotice(Outbound):
    """One hunt's board after finds, point edits or a name hidden, to every connection of the
    event. `Version` is when the server read it (ms since the epoch): a client keeps the frame
    with the highest Version when frames of several processes cross."""

    EventID: str
    HuntID: str
    # The first ten rows, names of hidden rows blanked (as for an attendee).
    Top: list[RankingOut]
    # How many people have a score above 0 in the hunt.
    Ranked: int
    Version: int
