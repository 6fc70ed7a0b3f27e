"""POLL_NOTIFY: who hears that a poll was made, changed, opened, closed or deleted.

Every committed write of a Poll activity, through the polls routes or the generic activities
routes, reaches `publish_change` (registered as the activities change hook for polls), and the
schedule job (`schedule.py`) calls `publish_poll` when an `OpensAt` or `ClosesAt` passes.

- A poll that is open or closed goes to `event:{EventID}`: every connection of the event,
  organizers' included (so they need no second copy on the staff channel).
- A draft goes to `staff:{EventID}` only: attendees never learn of drafts.
- A poll that went back to draft (an organizer cleared its opening) was shown to attendees: they
  first get a `Deleted` frame carrying nothing of the draft (empty `Question` and `Options`) and
  drop it; the organizers' full frame follows on the staff channel, after it.
- A deleted poll goes where it was last shown (event channel, or staff for a draft), `Deleted`.

Each change of an existing poll also marks the tally, since opening or closing may change who may
see it and an edit of the options changes what is counted.
"""

from __future__ import annotations

from datetime import datetime

from venuely.activities.models import Activity, EntityType
from venuely.activities.sync import ActivityChange, register_change_hook
from venuely.core.services import Services
from venuely.polls.frames import PollNotice, PollOption, PollState
from venuely.polls.state import DRAFT, definition_of, state_before, state_of
from venuely.polls.tally import results_ticker
from venuely.realtime.hub import event_channel, staff_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish


def poll_notice(poll: Activity, state: PollState, *, deleted: bool = False) -> PollNotice:
    definition = definition_of(poll)
    return PollNotice(
        ID=poll.id,
        EventID=poll.event_id,
        Question=definition.question,
        Options=[PollOption(ID=option_id, Text=text) for option_id, text in definition.options],
        Multiple=definition.multiple,
        AllowOther=definition.allow_other,
        AllowChange=definition.allow_change,
        Results=definition.results,
        State=state,
        OpensAt=poll.date_begin,
        ClosesAt=poll.date_end,
        PanoNodeID=poll.pano_node_id,
        SessionID=definition.session_id,
        Deleted=deleted,
    )


def _withdrawn(poll: Activity) -> PollNotice:
    """What attendees get when a poll they were shown becomes a draft: only that it is gone."""
    return PollNotice(
        ID=poll.id,
        EventID=poll.event_id,
        Question="",
        Options=[],
        Multiple=False,
        AllowOther=False,
        AllowChange=False,
        Results="hidden",
        State=DRAFT,
        OpensAt=None,
        ClosesAt=None,
        PanoNodeID="",
        SessionID=None,
        Deleted=True,
    )


async def publish_poll(
    services: Services,
    poll: Activity,
    now: datetime,
    *,
    was_shown: bool = False,
    recount: bool = True,
) -> None:
    """Publish the poll as it is at `now`; `was_shown`: attendees were shown it before;
    `recount`: mark its tally (not for a poll just made, which has no ballots to count)."""
    state = state_of(poll, now)
    event_id = poll.event_id
    if state != DRAFT:
        await publish(
            services.hub, event_channel(event_id), Opcode.POLL_NOTIFY, poll_notice(poll, state)
        )
    else:
        if was_shown:
            await publish(
                services.hub, event_channel(event_id), Opcode.POLL_NOTIFY, _withdrawn(poll)
            )
        await publish(
            services.hub, staff_channel(event_id), Opcode.POLL_NOTIFY, poll_notice(poll, state)
        )
    if recount:
        results_ticker(services).mark(poll.id)


async def publish_change(services: Services, change: ActivityChange) -> None:
    poll, now = change.activity, services.clock.now()
    if change.deleted:
        state = state_of(poll, now)
        channel = staff_channel(poll.event_id) if state == DRAFT else event_channel(poll.event_id)
        notice = poll_notice(poll, state, deleted=True)
        await publish(services.hub, channel, Opcode.POLL_NOTIFY, notice)
        return
    if change.before is None:  # just made: nobody was shown it, nobody voted in it
        await publish_poll(services, poll, now, recount=False)
        return
    was_shown = state_before(change.before, now) != DRAFT
    await publish_poll(services, poll, now, was_shown=was_shown)


register_change_hook(EntityType.POLL, publish_change)
