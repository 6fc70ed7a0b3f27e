"""The organizers' ballot export: one CSV row per ballot, who voted and what.

Written with the lists feature's CSV writer (BOM, CRLF, cells that a spreadsheet would run as a
formula are defused): "other" answers are attendees' free text.
"""

from __future__ import annotations

from datetime import UTC

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.activities.models import Activity
from venuely.lists import csvexport
from venuely.polls.models import PollBallot, PollBallotChoice
from venuely.polls.state import definition_of

COLUMNS = ("PersonID", "Name", "Email", "Choices", "Other", "UpdatedAt")


async def ballot_rows(session: AsyncSession, poll: Activity) -> list[list[object]]:
    """Ballots in the order they were first cast; `Choices` are the options' texts in the poll's
    order, joined by "; " (an option removed since is named by its ID)."""
    definition = definition_of(poll)
    order = {option_id: index for index, (option_id, _) in enumerate(definition.options)}
    texts = dict(definition.options)
    rows = (
        await session.execute(
            select(PollBallot, Person)
            .join(Person, Person.id == PollBallot.person_id)
            .where(PollBallot.poll_id == poll.id)
            .order_by(PollBallot.created_at, PollBallot.id)
        )
    ).all()
    chosen: dict[str, list[str]] = {ballot.id: [] for ballot, _ in rows}
    choices = await session.execute(
        select(PollBallotChoice.ballot_id, PollBallotChoice.option_id).where(
            PollBallotChoice.poll_id == poll.id
        )
    )
    for ballot_id, option_id in choices.all():
        if ballot_id in chosen:
            chosen[ballot_id].append(option_id)
    out: list[list[object]] = []
    for ballot, person in rows:
        options = sorted(chosen[ballot.id], key=lambda o: (order.get(o, len(order)), o))
        out.append(
            [
                person.id,
                person.full_name,
                person.email,
                "; ".join(texts.get(option, option) for option in options),
                ballot.other_text or "",
                ballot.updated_at.astimezone(UTC).isoformat().replace("+00:00", "Z"),
            ]
        )
    return out


async def ballots_csv(session: AsyncSession, poll: Activity) -> bytes:
    return csvexport.render(COLUMNS, await ballot_rows(session, poll))
