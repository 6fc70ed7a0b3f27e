"""Business rules of poll definitions: writes, opening and closing, and the caller's views
(docs/subsystems/polls.md). Ballots are `ballots.py`.

A poll's definition is an Activity of type Poll, written through the activities service, so the
generic activities routes and these routes store the same document and publish the same frames
(`notify.py`, the activities change hook).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.activities import service as activities
from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import PollIn, parse_activity
from venuely.activities.sync import commit_and_publish
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.polls.ballots import ballots_of, not_open
from venuely.polls.frames import PollOption, PollResults, PollState
from venuely.polls.schemas import BallotOut, PollView
from venuely.polls.state import (
    CLOSED,
    DRAFT,
    OPEN,
    PollDefinition,
    definition_of,
    poll_state,
    results_visible,
    state_of,
)
from venuely.polls.tally import tallies

# An event holds a handful of polls; the cap only bounds a list's cost.
MAX_POLLS = 1000


# -- reading -----------------------------------------------------------------------------------


async def views(
    session: AsyncSession, access: EventAccess, polls: Sequence[Activity], now: datetime
) -> list[PollView]:
    """The polls as this caller reads them: the tally only where the caller may see it (an
    organizer always), and the caller's own ballot."""
    definitions = {poll.id: definition_of(poll) for poll in polls}
    states = {poll.id: state_of(poll, now) for poll in polls}
    visible = {
        poll.id: results_visible(definitions[poll.id].results, states[poll.id]) for poll in polls
    }
    counted = [poll for poll in polls if access.is_admin or visible[poll.id]]
    tally = await tallies(session, counted)
    mine = await ballots_of(session, polls, access.principal.person_id)
    return [
        _view(poll, definitions[poll.id], states[poll.id], visible[poll.id], tally, mine)
        for poll in polls
    ]


def _view(
    poll: Activity,
    definition: PollDefinition,
    state: PollState,
    visible: bool,
    tally: dict[str, PollResults],
    mine: dict[str, BallotOut],
) -> PollView:
    return PollView(
        ID=poll.id,
        EventID=poll.event_id,
        InternalName=poll.internal_name,
        Title=str(poll.document.get("Title") or poll.title),
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
        IsActive=state == OPEN,
        ResultsVisible=visible,
        Tally=tally.get(poll.id),
        MyBallot=mine.get(poll.id),
        CreatedAt=poll.created_at,
        UpdatedAt=poll.updated_at,
    )


async def view(
    session: AsyncSession, access: EventAccess, poll: Activity, now: datetime
) -> PollView:
    return (await views(session, access, [poll], now))[0]


async def list_polls(
    session: AsyncSession,
    access: EventAccess,
    now: datetime,
    *,
    node: str | None = None,
    session_id: str | None = None,
) -> list[Activity]:
    """The event's polls by id: every one for organizers, drafts left out for attendees; with
    `node`, those shown at that panorama node (bound to it, or to a session held there); with
    `session_id`, those bound to that session; with both, either (where an attendee stands: the
    room, and the session playing there even when it is held elsewhere)."""
    query = select(Activity).where(
        Activity.event_id == access.event.id, Activity.entity_type == EntityType.POLL.value
    )
    if not access.is_admin:
        # Not a draft: the negation of `poll_state`'s draft case, in SQL.
        query = query.where(or_(Activity.date_end <= now, activities.poll_open_at(now)))
    polls = list((await session.scalars(query.order_by(Activity.id).limit(MAX_POLLS))).all())
    if node is None and session_id is None:
        return polls
    at_node = (
        set()
        if node is None
        else await activities.session_ids_at_node(session, access.event.id, node)
    )
    return [
        poll
        for poll in polls
        if (node is not None and activities.shown_at_node(poll, node, at_node))
        or (session_id is not None and poll.document.get("SessionID") == session_id)
    ]


# -- definitions -------------------------------------------------------------------------------


def _check_openable(parsed: PollIn, poll_id: str | None, now: datetime) -> None:
    """A definition that would be open must have a question and two options."""
    if poll_state(parsed.IsActive, parsed.OpensAt, parsed.ClosesAt, now) != OPEN:
        return
    problems = []
    if not parsed.Question.strip():
        problems.append("Question")
    if len(parsed.Options) < 2:
        problems.append("Options")
    if problems:
        raise _incomplete(poll_id, problems)


def _incomplete(poll_id: str | None, problems: list[str]) -> ApiError:
    return ApiError(
        ErrorCode.POLL_INCOMPLETE,
        "A poll opens only with a question and at least two options",
        {"PollID": poll_id, "Problems": problems},
    )


async def create_poll(
    session: AsyncSession, services: Services, event: Event, parsed: PollIn
) -> Activity:
    _check_openable(parsed, None, services.clock.now())
    return await activities.create_activity(session, services, event, EntityType.POLL, parsed)


async def update_poll(
    session: AsyncSession, services: Services, poll: Activity, parsed: PollIn
) -> Activity:
    _check_openable(parsed, poll.id, services.clock.now())
    return await activities.update_activity(session, services, poll, parsed)


async def delete_poll(session: AsyncSession, services: Services, poll: Activity) -> None:
    await activities.delete_activity(session, services, poll)


async def _rewrite(
    session: AsyncSession, services: Services, poll: Activity, changes: dict[str, Any]
) -> Activity:
    """Store the poll's document with `changes`, through the same validation as a PUT."""
    parsed = parse_activity(EntityType.POLL, {**poll.document, **changes})
    before = activities.columns_of(poll)
    activities.apply_document(poll, parsed, services.clock.now())
    await commit_and_publish(session, services, poll, before=before)
    return poll


async def open_poll(session: AsyncSession, services: Services, poll: Activity) -> Activity:
    """Open by hand (`IsActive`), also a closed poll again (its `ClosesAt` passed is cleared);
    an open poll stays as it is."""
    now = services.clock.now()
    if state_of(poll, now) == OPEN:
        return poll
    problems = definition_of(poll).problems()
    if problems:
        raise _incomplete(poll.id, problems)
    changes: dict[str, Any] = {"IsActive": True}
    if poll.date_end is not None and poll.date_end <= now:
        changes["ClosesAt"] = None
    return await _rewrite(session, services, poll, changes)


async def close_poll(session: AsyncSession, services: Services, poll: Activity) -> Activity:
    """Close by hand: `ClosesAt` becomes now. Only an open poll closes (a draft never opened:
    409 POLL_NOT_OPEN); a closed one stays as it is."""
    now = services.clock.now()
    state = state_of(poll, now)
    if state == CLOSED:
        return poll
    if state == DRAFT:
        raise not_open(poll, state)
    changes: dict[str, Any] = {"ClosesAt": now}
    if poll.date_begin is not None and poll.date_begin >= now:
        changes["OpensAt"] = None  # opened by hand before its time: it will not open again
    return await _rewrite(session, services, poll, changes)
