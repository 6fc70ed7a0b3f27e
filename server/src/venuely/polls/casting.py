"""Storing ballots: every ballot sent meanwhile in one transaction (docs/subsystems/polls.md).

A vote storm is thousands of people voting within seconds. `cast_ballot` queues the ballot on
the process's group commit (core/batching.py), and `write_ballots` stores each batch in one
transaction with a handful of statements, whatever its size, in the order the ballots came:

1. The write turn first (`begin_write`), then the batch's polls, read once each (locked against
   a concurrent change on PostgreSQL): each ballot is checked against its poll as it stood then.
2. One `INSERT … ON CONFLICT DO NOTHING` of a ballot row per (poll, person), under a fresh id.
   The `UNIQUE(poll_id, person_id)` constraint decides, also against another process storing
   the same person's ballot at the same moment: where a row was there already, nothing is
   inserted. Rows go in sorted by (poll, person), so two processes lock in the same order.
3. The rows are read back (locked): a person whose row carries the fresh id created their
   ballot with their first send in this batch; every other send is a change of the ballot,
   applied in order, or POLL_BALLOT_LOCKED when the poll does not let ballots change.
4. Changed ballots lose their old choices and get their last accepted send's "other" answer and
   time; then every stored ballot's final choices are inserted, and the transaction commits.

So a reader sees a ballot's old choices or its new ones, never a mix, and a batch gives the same
ballots as its sends stored one after the other. Each accepted send is answered with what it
stored. A refusal (a closed poll, an unknown option) answers that send alone; a database failure
refuses the batch (SERVER_BUSY when the database was busy).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import RowMapping
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess, EventCaller, resolve_command_callers
from venuely.activities.models import Activity, EntityType
from venuely.core.batching import Batcher
from venuely.core.db import begin_write
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.polls.access import poll_not_found
from venuely.polls.ballots import BallotOutcome, BallotRequest, checked_choice, poll_not_open
from venuely.polls.models import PollBallot, PollBallotChoice
from venuely.polls.schemas import BallotOut
from venuely.polls.state import DRAFT, OPEN, PollDefinition, definition_from, poll_state

NAME = "polls.ballots"

# The tables, not the ORM entities: a storm's statements skip the ORM's per-row work.
_POLLS = cast(Table, Activity.__table__)
_BALLOTS = cast(Table, PollBallot.__table__)
_CHOICES = cast(Table, PollBallotChoice.__table__)
_polls, _ballots, _choices = _POLLS.c, _BALLOTS.c, _CHOICES.c

_READ_POLLS = select(
    _polls.id,
    _polls.event_id,
    _polls.entity_type,
    _polls.is_active,
    _polls.date_begin,
    _polls.date_end,
    _polls.document,
).where(_polls.id.in_(bindparam("poll_ids", expanding=True)))
_CHANGE_BALLOT = (
    update(_BALLOTS)
    .where(_ballots.id == bindparam("ballot_id"))
    .values(other_text=bindparam("other"), updated_at=bindparam("at"))
)
_INSERT_CHOICES = insert(_CHOICES)

Key = tuple[str, str]  # (poll id, person id)


async def cast_ballot(
    services: Services,
    caller: EventAccess | str,
    event_id: str,
    poll_id: str,
    option_ids: Sequence[str],
    other: str | None,
) -> BallotOutcome:
    """Store the caller's ballot (new, or a change) with the others sent meanwhile. The caller
    was admitted to the event (REST), or is a socket's auth session id, checked in the batch as
    REST checks it (`check_command_callers`), so a revoked token or a lost right applies to the
    very next ballot. Publishing is the caller's, after (`ballots.announce_ballot`). Hold no
    database connection while awaiting it: the batch needs one."""
    request = BallotRequest(
        event_id=event_id,
        caller=caller
        if isinstance(caller, str)
        else EventCaller(caller.principal.person_id, caller.is_admin),
        poll_id=poll_id,
        option_ids=tuple(option_ids),
        other=other,
        at=services.clock.now(),
    )
    return await _writer(services).submit(request)


def _writer(services: Services) -> Batcher[BallotRequest, BallotOutcome]:
    async def write(requests: Sequence[BallotRequest]) -> list[BallotOutcome | ApiError]:
        return await write_ballots(services, requests)

    # The process's one batcher of this name; `write` is used only when it is first made.
    return services.background.batcher(NAME, write)


@dataclass(frozen=True, slots=True)
class _Checked:
    index: int
    request: BallotRequest
    caller: EventCaller
    definition: PollDefinition
    chosen: list[str]
    other: str | None

    @property
    def key(self) -> Key:
        return (self.request.poll_id, self.caller.person_id)

    def outcome(self) -> BallotOutcome:
        request = self.request
        ballot = BallotOut(
            PollID=request.poll_id, OptionIDs=self.chosen, Other=self.other, UpdatedAt=request.at
        )
        return BallotOutcome(request.event_id, self.caller.person_id, ballot)


async def write_ballots(
    services: Services, requests: Sequence[BallotRequest]
) -> list[BallotOutcome | ApiError]:
    outcomes: list[BallotOutcome | ApiError | None] = [None] * len(requests)
    async with services.db.session() as session:
        await begin_write(session)
        callers = await resolve_command_callers(
            session, services, [(request.event_id, request.caller) for request in requests]
        )
        polls = await _read_polls(session, {request.poll_id for request in requests})
        checked: list[_Checked] = []
        for index, request in enumerate(requests):
            try:
                caller = callers[index]
                if isinstance(caller, ApiError):
                    raise caller
                checked.append(_check(index, request, caller, polls.get(request.poll_id)))
            except ApiError as refusal:
                outcomes[index] = refusal
        if checked:
            await _store(session, checked, outcomes)
    return [outcome for outcome in outcomes if outcome is not None]


async def _read_polls(session: AsyncSession, poll_ids: set[str]) -> dict[str, RowMapping]:
    query = _READ_POLLS
    if session.get_bind().dialect.name == "postgresql":
        # Opening, closing or editing the poll waits until the batch has committed.
        query = query.with_for_update(read=True)
    rows = await session.execute(query, {"poll_ids": sorted(poll_ids)})
    return {row.id: row._mapping for row in rows}


def _check(
    index: int, request: BallotRequest, caller: EventCaller, poll: RowMapping | None
) -> _Checked:
    """`access.access_poll`'s rule (another event's poll, another type of activity and, for
    attendees, a draft are not found), then the poll must be open when the ballot was sent."""
    if poll is None or poll["event_id"] != request.event_id:
        raise poll_not_found(request.poll_id)
    if poll["entity_type"] != EntityType.POLL.value:
        raise poll_not_found(request.poll_id)
    state = poll_state(poll["is_active"], poll["date_begin"], poll["date_end"], request.at)
    if state == DRAFT and not caller.is_admin:
        raise poll_not_found(request.poll_id)
    if state != OPEN:
        raise poll_not_open(request.poll_id, state)
    definition = definition_from(poll["document"])
    chosen, other = checked_choice(definition, request.option_ids, request.other)
    return _Checked(index, request, caller, definition, chosen, other)


def _ballot_locked(poll_id: str) -> ApiError:
    return ApiError(
        ErrorCode.POLL_BALLOT_LOCKED,
        "Your ballot is in, and this poll does not let ballots change",
        {"PollID": poll_id},
    )


async def _store(
    session: AsyncSession,
    checked: list[_Checked],
    outcomes: list[BallotOutcome | ApiError | None],
) -> None:
    first: dict[Key, _Checked] = {}
    for item in checked:
        first.setdefault(item.key, item)
    keys = sorted(first)
    fresh = {key: new_id() for key in keys}
    await session.execute(
        _insert_new(session),
        [
            {
                "id": fresh[key],
                "poll_id": key[0],
                "person_id": key[1],
                "event_id": first[key].request.event_id,
                "other_text": first[key].other,
                "created_at": first[key].request.at,
                "updated_at": first[key].request.at,
            }
            for key in keys
        ],
    )
    stored = await _stored_ids(session, keys)

    final: dict[Key, _Checked] = {}  # the send each ballot ends with
    for item in checked:
        key = item.key
        ballot_id = stored.get(key)
        if ballot_id is None:  # its person or poll was deleted meanwhile
            outcomes[item.index] = poll_not_found(item.request.poll_id)
        elif key not in final and ballot_id == fresh[key]:
            final[key] = item  # this send created the ballot
            outcomes[item.index] = item.outcome()
        elif not item.definition.allow_change:
            outcomes[item.index] = _ballot_locked(item.request.poll_id)
        else:
            final[key] = item
            outcomes[item.index] = item.outcome()

    # Ballots that existed before this batch, or changed within it, get their last send's values.
    changed = [
        key for key, item in final.items() if fresh[key] != stored[key] or item is not first[key]
    ]
    if changed:
        await session.execute(
            delete(_CHOICES).where(_choices.ballot_id.in_([stored[key] for key in changed]))
        )
        await session.execute(
            _CHANGE_BALLOT,
            [
                {"ballot_id": stored[key], "other": final[key].other, "at": final[key].request.at}
                for key in changed
            ],
        )
    choices = [
        {"ballot_id": stored[key], "option_id": option, "poll_id": key[0]}
        for key, item in final.items()
        for option in item.chosen
    ]
    if choices:
        await session.execute(_INSERT_CHOICES, choices)


def _insert_new(session: AsyncSession) -> Any:
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    return dialect.insert(_BALLOTS).on_conflict_do_nothing(index_elements=["poll_id", "person_id"])


async def _stored_ids(session: AsyncSession, keys: list[Key]) -> dict[Key, str]:
    """The ballot id of each (poll, person), locked (PostgreSQL) until the commit, so a change
    by another process waits for this batch and then sees its choices."""
    by_poll: dict[str, list[str]] = {}
    for poll_id, person_id in keys:
        by_poll.setdefault(poll_id, []).append(person_id)
    found: dict[Key, str] = {}
    for poll_id, person_ids in by_poll.items():
        rows = await session.execute(
            select(_ballots.poll_id, _ballots.person_id, _ballots.id)
            .where(_ballots.poll_id == poll_id, _ballots.person_id.in_(person_ids))
            .order_by(_ballots.person_id)
            .with_for_update()
        )
        for row_poll, row_person, ballot_id in rows.all():
            found[(row_poll, row_person)] = ballot_id
    return found
