"""Ballots: the voting rules, one ballot per person, and changes (docs/subsystems/polls.md).

A ballot is checked against the poll (open, known options, single or multiple choice, "other"
allowed and short enough), then stored under the `UNIQUE(poll_id, person_id)` constraint: the
first insert wins; a concurrent second one (the same person on two sockets) fails on the
constraint and becomes a change of that ballot, or is refused with POLL_BALLOT_LOCKED when the
poll does not let ballots change. A change replaces the choices in one transaction while the
ballot row is locked, so a reader sees the old choices or the new ones, never a mix, and two
changes at once apply one after the other. REST and POLL_VOTE both call `cast_ballot`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.activities.models import Activity
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.polls.access import access_poll
from venuely.polls.frames import BallotNotice, PollState
from venuely.polls.models import MAX_OTHER_TEXT, PollBallot, PollBallotChoice
from venuely.polls.schemas import BallotOut
from venuely.polls.state import OPEN, PollDefinition, definition_of, state_of
from venuely.polls.tally import results_ticker
from venuely.realtime.hub import person_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish


async def ballots_of(
    session: AsyncSession, polls: Sequence[Activity], person_id: str
) -> dict[str, BallotOut]:
    """The person's ballots of these polls, by poll id, choices in the poll's option order
    (choices of options removed since are left out)."""
    if not polls:
        return {}
    by_id = {poll.id: poll for poll in polls}
    ballots = list(
        (
            await session.scalars(
                select(PollBallot).where(
                    PollBallot.person_id == person_id, PollBallot.poll_id.in_(list(by_id))
                )
            )
        ).all()
    )
    if not ballots:
        return {}
    chosen: dict[str, set[str]] = {ballot.id: set() for ballot in ballots}
    rows = await session.execute(
        select(PollBallotChoice.ballot_id, PollBallotChoice.option_id).where(
            PollBallotChoice.ballot_id.in_(list(chosen))
        )
    )
    for ballot_id, option_id in rows.all():
        chosen[ballot_id].add(option_id)
    return {
        ballot.poll_id: ballot_out(definition_of(by_id[ballot.poll_id]), ballot, chosen[ballot.id])
        for ballot in ballots
    }


def ballot_out(definition: PollDefinition, ballot: PollBallot, chosen: set[str]) -> BallotOut:
    return BallotOut(
        PollID=ballot.poll_id,
        OptionIDs=[option for option in definition.option_ids if option in chosen],
        Other=ballot.other_text,
        UpdatedAt=ballot.updated_at,
    )


def not_open(poll: Activity, state: PollState) -> ApiError:
    return ApiError(
        ErrorCode.POLL_NOT_OPEN,
        f"Poll {poll.id} is {state}: it takes no ballots",
        {"PollID": poll.id, "State": state},
    )


@dataclass(frozen=True, slots=True)
class BallotOutcome:
    poll: Activity
    person_id: str
    ballot: BallotOut


def _checked_choice(
    definition: PollDefinition, option_ids: Sequence[str], other: str | None
) -> tuple[list[str], str | None]:
    """The options (in the poll's order) and the "other" answer (None when blank), or the
    refusal. Checked in this order, so a ballot with several faults is told the first."""
    if len(set(option_ids)) != len(option_ids):
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "OptionIDs names an option more than once",
            {
                "Operation": "ballot",
                "Problems": [{"Name": "OptionIDs", "Message": "duplicate option"}],
            },
        )
    unknown = [option for option in option_ids if option not in definition.option_ids]
    if unknown:
        raise ApiError(
            ErrorCode.POLL_OPTION_UNKNOWN,
            "OptionIDs names options the poll does not have",
            {"OptionIDs": unknown},
        )
    answer = (other or "").strip() or None
    if answer is not None and not definition.allow_other:
        raise ApiError(ErrorCode.POLL_OTHER_NOT_ALLOWED, "This poll takes no other answer")
    if answer is not None and len(answer) > MAX_OTHER_TEXT:
        raise ApiError(
            ErrorCode.TEXT_TOO_LONG,
            f"The other answer is longer than {MAX_OTHER_TEXT} characters",
            {"MaxLength": MAX_OTHER_TEXT},
        )
    if definition.multiple:
        valid = bool(option_ids) or answer is not None
    else:
        valid = len(option_ids) + (answer is not None) == 1
    if not valid:
        raise ApiError(
            ErrorCode.POLL_CHOICE_INVALID,
            "Choose at least one option or answer Other"
            if definition.multiple
            else "Choose exactly one option, or answer Other instead",
            {"Multiple": definition.multiple},
        )
    chosen = set(option_ids)
    return [option for option in definition.option_ids if option in chosen], answer


async def _locked_ballot(session: AsyncSession, poll_id: str, person_id: str) -> PollBallot | None:
    # FOR UPDATE (PostgreSQL; SQLite writes one at a time anyway): a second change of the same
    # ballot waits here until the first has committed, then sees its choices.
    return await session.scalar(
        select(PollBallot)
        .where(PollBallot.poll_id == poll_id, PollBallot.person_id == person_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )


def _choices(ballot: PollBallot, option_ids: Sequence[str]) -> list[PollBallotChoice]:
    return [
        PollBallotChoice(ballot_id=ballot.id, option_id=option, poll_id=ballot.poll_id)
        for option in option_ids
    ]


async def cast_ballot(
    session: AsyncSession,
    services: Services,
    access: EventAccess,
    poll_id: str,
    option_ids: Sequence[str],
    other: str | None,
) -> BallotOutcome:
    """Store the caller's ballot (new, or a change) and commit. Publishing is the caller's, after
    (`announce_ballot`)."""
    now = services.clock.now()
    poll = await access_poll(session, access, poll_id, now)
    state = state_of(poll, now)
    if state != OPEN:
        raise not_open(poll, state)
    definition = definition_of(poll)
    chosen, answer = _checked_choice(definition, option_ids, other)
    person_id = access.principal.person_id
    ballot = await _locked_ballot(session, poll.id, person_id)
    if ballot is None:
        ballot = PollBallot(
            id=new_id(),
            poll_id=poll.id,
            event_id=poll.event_id,
            person_id=person_id,
            other_text=answer,
            created_at=now,
            updated_at=now,
        )
        try:
            async with session.begin_nested():
                session.add(ballot)
                await session.flush()
                session.add_all(_choices(ballot, chosen))
        except IntegrityError:
            # The same person's other connection inserted first: that is the ballot now.
            found = await _locked_ballot(session, poll.id, person_id)
            if found is None:
                raise  # not the uniqueness race: a real fault
            ballot = found
        else:
            await session.commit()
            return BallotOutcome(poll, person_id, ballot_out(definition, ballot, set(chosen)))
    if not definition.allow_change:
        raise ApiError(
            ErrorCode.POLL_BALLOT_LOCKED,
            "Your ballot is in, and this poll does not let ballots change",
            {"PollID": poll.id},
        )
    await session.execute(delete(PollBallotChoice).where(PollBallotChoice.ballot_id == ballot.id))
    session.add_all(_choices(ballot, chosen))
    ballot.other_text, ballot.updated_at = answer, now
    await session.commit()
    return BallotOutcome(poll, person_id, ballot_out(definition, ballot, set(chosen)))


async def announce_ballot(services: Services, outcome: BallotOutcome, tmp_id: str) -> None:
    """After the commit: the voter's connections learn the stored ballot, the tally is marked."""
    ballot = outcome.ballot
    notice = BallotNotice(
        PollID=ballot.PollID,
        EventID=outcome.poll.event_id,
        TmpID=tmp_id,
        OptionIDs=ballot.OptionIDs,
        Other=ballot.Other,
        UpdatedAt=ballot.UpdatedAt,
    )
    await publish(
        services.hub, person_channel(outcome.person_id), Opcode.POLL_BALLOT_NOTIFY, notice
    )
    results_ticker(services).mark(outcome.poll.id)
