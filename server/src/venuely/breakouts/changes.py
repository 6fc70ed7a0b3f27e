"""What a committed presence change delivers: chat membership, the person's notice, occupancy.

Presence writes (`presence.py`) return `Change`s instead of publishing, so their caller commits
first (architecture.md §5: a frame never announces what a rollback could take back). `announce`
then applies the chat membership (the person's sockets listen on the room's chat before they
learn its id), tells every connection of the person where they are now, and marks the rooms
whose occupancy changed on this process's coalescer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from venuely.activities.models import Activity
from venuely.breakouts.frames import CallInfo, PresenceNotice, PresenceReason
from venuely.breakouts.models import BreakoutRoomRow
from venuely.breakouts.occupancy import mark_rooms
from venuely.breakouts.state import definition_of
from venuely.chat.publish import Effect, deliver
from venuely.core.services import Services
from venuely.realtime.hub import person_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish


@dataclass(slots=True)
class Change:
    """One person's presence after a committed write (or, `moved` false, as it already was)."""

    notice: PresenceNotice
    # Chat membership to apply after the commit (chat/publish.py).
    effects: list[Effect] = field(default_factory=list)
    # Whether anyone's seat changed: only then do the rooms' occupancy frames follow.
    moved: bool = True

    @property
    def rooms(self) -> list[str]:
        return [r for r in (self.notice.FromRoomID, self.notice.RoomID) if r is not None]


def presence_notice(
    *,
    event_id: str,
    person_id: str,
    room: Activity | None,
    row: BreakoutRoomRow | None,
    from_room: str | None,
    reason: PresenceReason,
    tmp_id: str = "",
) -> PresenceNotice:
    """The person's presence: inside `room` (with its chat and the way into its call), or in none
    when `room` is None."""
    call = None
    if room is not None:
        found = definition_of(room).call
        call = CallInfo(
            Type=found.type, URL=found.url, MeetingID=found.meeting_id, Password=found.password
        )
    return PresenceNotice(
        EventID=event_id,
        PersonID=person_id,
        RoomID=None if room is None else room.id,
        FromRoomID=from_room,
        Reason=reason,
        TmpID=tmp_id,
        ChatroomID=None if room is None or row is None else row.chatroom_id,
        Call=call,
    )


async def announce(services: Services, changes: Sequence[Change]) -> None:
    """After the commit: membership, then each person's notice, then the occupancy marks."""
    touched: dict[str, set[str]] = {}
    for change in changes:
        await deliver(services, change.effects)
        notice = change.notice
        channel = person_channel(notice.PersonID)
        await publish(services.hub, channel, Opcode.BREAKOUT_PRESENCE_NOTIFY, notice)
        if change.moved:
            touched.setdefault(notice.EventID, set()).update(change.rooms)
    for event_id, room_ids in touched.items():
        mark_rooms(services, event_id, room_ids)
