"""Ballots: the voting rules, reading ballots, telling the voter (docs/subsystems/polls.md).

A ballot is checked against the poll (visible to the caller, open, known options, single or
multiple choice, "other" allowed and short enough: `checked_choice`), then stored by
`casting.cast_ballot`, where the `UNIQUE(poll_id, person_id)` constraint decides which send
created a person's ballot; later sends change it, or are refused with POLL_BALLOT_LOCKED when
the poll does not let ballots change. REST and POLL_VOTE both go through `cast_ballot`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventCaller
from venuely.activities.models import Activity
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.polls.frames import BallotNotice, PollState
from venuely.polls.models import MAX_OTHER_TEXT, PollBallot, PollBallotChoice
from venuely.polls.schemas import BallotOut
from venuely.polls.state import PollDefinition, definition_of
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
    return poll_not_open(poll.id, state)


def poll_not_open(poll_id: str, state: PollState) -> ApiError:
    return ApiError(
        ErrorCode.POLL_NOT_OPEN,
        f"Poll {poll_id} is {state}: it takes no ballots",
        {"PollID": poll_id, "State": state},
    )


@dataclass(frozen=True, slots=True)
class BallotRequest:
    """A ballot as sent. Its caller was admitted to the event already (REST's policy), or is
    the auth session of the socket it came from, checked with the batch that stores it."""

    event_id: str
    caller: EventCaller | str
    poll_id: str
    option_ids: tuple[str, ...]
    other: str | None
    at: datetime


@dataclass(frozen=True, slots=True)
class BallotOutcome:
    event_id: str
    person_id: str
    ballot: BallotOut


def checked_choice(
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


async def announce_ballot(services: Services, outcome: BallotOutcome, tmp_id: str) -> None:
    """After the commit: the voter's connections learn the stored ballot, the tally is marked."""
    ballot = outcome.ballot
    notice = BallotNotice(
        PollID=ballot.PollID,
        EventID=outcome.event_id,
        TmpID=tmp_id,
        OptionIDs=ballot.OptionIDs,
        Other=ballot.Other,
        UpdatedAt=ballot.UpdatedAt,
    )
    await publish(
        services.hub, person_channel(outcome.person_id), Opcode.POLL_BALLOT_NOTIFY, notice
    )
    results_ticker(services).mark(ballot.PollID)
