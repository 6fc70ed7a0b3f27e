"""The tally: recounted from the stored ballots, published at most twice a second per poll.

Nothing keeps a running count. A tally is two aggregate queries over the ballot tables — the
choices per option (`COUNT ... GROUP BY`, answered from the `(poll_id, option_id)` index) and
the ballots, "other" answers and newest `updated_at` — so whatever raced, failed or was changed,
the numbers are the ballots. Only the poll's current options are counted: choices of an option
the organizers removed stay stored but drop out of `Counts` (`Ballots` still counts the ballot).

Under a storm every committed ballot marks the poll on the process's coalescer
(`core/background.py`); once per `RESULTS_INTERVAL` it recounts each marked poll and publishes
one POLL_RESULTS_NOTIFY. It goes to the event's channel while attendees may see the tally
(`state.results_visible`), else to the organizers' channel only. `AsOf` is the newest ballot
counted, so a client keeps the frame with the latest `AsOf` when frames of several processes
cross.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.core.background import Coalescer
from venuely.core.services import Services
from venuely.polls.frames import OptionCount, PollResults
from venuely.polls.models import PollBallot, PollBallotChoice
from venuely.polls.state import definition_of, results_visible, state_of
from venuely.realtime.hub import event_channel, staff_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish

# Two tallies a second per poll: a tick costs one delivery per socket of the event (10,000 at a
# big keynote), which is what bounds the ballots one process takes in a storm.
RESULTS_INTERVAL = 0.5
COALESCER = "polls.results"


async def tallies(session: AsyncSession, polls: Sequence[Activity]) -> dict[str, PollResults]:
    """The tally of each poll, by poll id, in two queries whatever the number of polls."""
    if not polls:
        return {}
    poll_ids = [poll.id for poll in polls]
    options = {poll.id: definition_of(poll).option_ids for poll in polls}
    every_option = sorted({option for ids in options.values() for option in ids})
    counted: dict[tuple[str, str], int] = {}
    if every_option:
        rows = await session.execute(
            select(PollBallotChoice.poll_id, PollBallotChoice.option_id, func.count())
            .where(
                PollBallotChoice.poll_id.in_(poll_ids),
                PollBallotChoice.option_id.in_(every_option),
            )
            .group_by(PollBallotChoice.poll_id, PollBallotChoice.option_id)
        )
        counted = {(poll_id, option_id): int(count) for poll_id, option_id, count in rows.all()}
    totals: dict[str, tuple[int, int, datetime | None]] = {}
    ballot_rows = await session.execute(
        select(
            PollBallot.poll_id,
            func.count(),
            func.count(PollBallot.other_text),
            func.max(PollBallot.updated_at),
        )
        .where(PollBallot.poll_id.in_(poll_ids))
        .group_by(PollBallot.poll_id)
    )
    for poll_id, count, others, newest in ballot_rows.all():
        totals[poll_id] = (int(count), int(others), newest)
    results = {}
    for poll in polls:
        ballots, other_answers, as_of = totals.get(poll.id, (0, 0, None))
        results[poll.id] = PollResults(
            PollID=poll.id,
            EventID=poll.event_id,
            Ballots=ballots,
            Counts=[
                OptionCount(OptionID=option, Count=counted.get((poll.id, option), 0))
                for option in options[poll.id]
            ],
            Other=other_answers,
            AsOf=as_of,
        )
    return results


async def recount(session: AsyncSession, poll: Activity) -> PollResults:
    return (await tallies(session, [poll]))[poll.id]


async def publish_results(services: Services, poll_id: str) -> None:
    """Recount the poll and publish its tally to those who may see it now."""
    async with services.db.session() as session:
        poll = await session.get(Activity, poll_id)
        if poll is None or poll.entity_type != EntityType.POLL.value:
            return  # deleted since it was marked: its POLL_NOTIFY said so
        results = await recount(session, poll)
    visible = results_visible(definition_of(poll).results, state_of(poll, services.clock.now()))
    channel = event_channel(poll.event_id) if visible else staff_channel(poll.event_id)
    await publish(services.hub, channel, Opcode.POLL_RESULTS_NOTIFY, results)


def results_ticker(services: Services) -> Coalescer[str]:
    """This process's coalescer of tallies; `mark(poll_id)` after a commit that changes one."""

    async def flush(poll_id: str) -> None:
        await publish_results(services, poll_id)

    return services.background.coalescer(COALESCER, RESULTS_INTERVAL, flush)
