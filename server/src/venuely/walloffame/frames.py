"""The Wall of Fame's realtime frame (protocol/README.md §4, opcode 45).

WALLOFFAME_PROJECT_NOTIFY only signals (architecture.md §5): it says which project moved to
which state, so the moderators' queue and the author's "My projects" update live; a client
re-reads the project or its list over REST for everything else (a rejection's reason included,
which the frame does not carry: the staff channel is shared by every organizer's socket, the
reason is the author's to read).
"""

from __future__ import annotations

from typing import Literal

from venuely.realtime.frames import Outbound, outbound
from venuely.realtime.opcodes import Opcode

StateName = Literal["pending", "approved", "rejected"]


@outbound(Opcode.WALLOFFAME_PROJECT_NOTIFY)
class ProjectNotice(Outbound):
    """A project after a change (submitted, edited, approved, rejected, featured or not,
    removed), to the event's staff channel and the author's connections. `AuthorID` is ""
    for a project nobody authored (an organizer's table row); `Deleted` is true once it is
    gone (`State` is then the state it had)."""

    EventID: str
    ProjectID: str
    State: StateName
    Featured: bool
    AuthorID: str
    Deleted: bool = False
