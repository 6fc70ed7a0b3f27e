"""HTTP routes of polls, under /events/{EventID}/polls (docs/subsystems/polls.md).

Members of the event (`EventMember`) read polls and cast, change and read their own ballot; no
route names another person, so nobody reads someone else's ballot but the organizers, in the
export. Organizers (`EventAdmin`) define, open, close and delete polls and export ballots.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.activities.schemas import PollIn
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN
from venuely.lists.csvexport import csv_response
from venuely.polls import ballots, casting, service
from venuely.polls import notify as _notify  # noqa: F401 - registers the POLL_NOTIFY hook
from venuely.polls import schedule as _schedule  # noqa: F401 - registers the schedule job
from venuely.polls.access import access_poll
from venuely.polls.export import ballots_csv
from venuely.polls.frames import PollResults
from venuely.polls.schemas import BallotIn, BallotOut, PollView
from venuely.polls.state import definition_of, results_visible, state_of
from venuely.polls.tally import recount

router = APIRouter(tags=["polls"])

BASE = "/events/{EventID}/polls"
ONE = BASE + "/{PollID}"

PollIdPath = Annotated[str, Path(alias="PollID", pattern=ID_PATTERN)]
NodeQuery = Annotated[str | None, Query(alias="Node", min_length=1, max_length=100)]
SessionQuery = Annotated[str | None, Query(alias="SessionID", pattern=ID_PATTERN)]
_CSV_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {"text/csv": {"schema": {"type": "string"}}},
        "description": "UTF-8 CSV with BOM",
    }
}


@router.get(BASE, response_model=list[PollView])
async def list_polls(
    access: EventMember,
    session: SessionDep,
    services: ServicesDep,
    node: NodeQuery = None,
    session_id: SessionQuery = None,
) -> list[PollView]:
    """The event's polls by creation: attendees get open and closed ones, organizers drafts too.
    `Node`: those shown at that panorama node (bound to it, or to a session held there);
    `SessionID`: those bound to that session."""
    now = services.clock.now()
    polls = await service.list_polls(session, access, now, node=node, session_id=session_id)
    return await service.views(session, access, polls, now)


@router.post(BASE, response_model=PollView, status_code=201)
async def create_poll(
    access: EventAdmin, body: PollIn, session: SessionDep, services: ServicesDep
) -> PollView:
    """A new poll (an Activity of type Poll). One that would be open at once needs a question
    and two options (409 POLL_INCOMPLETE)."""
    poll = await service.create_poll(session, services, access.event, body)
    return await service.view(session, access, poll, services.clock.now())


@router.get(ONE, response_model=PollView)
async def get_poll(
    access: EventMember, poll_id: PollIdPath, session: SessionDep, services: ServicesDep
) -> PollView:
    now = services.clock.now()
    poll = await access_poll(session, access, poll_id, now)
    return await service.view(session, access, poll, now)


@router.put(ONE, response_model=PollView)
async def update_poll(
    access: EventAdmin,
    poll_id: PollIdPath,
    body: PollIn,
    session: SessionDep,
    services: ServicesDep,
) -> PollView:
    """Replaces the definition. Ballots stay; choices of options removed no longer count."""
    poll = await access_poll(session, access, poll_id, services.clock.now())
    updated = await service.update_poll(session, services, poll, body)
    return await service.view(session, access, updated, services.clock.now())


@router.delete(ONE, status_code=204)
async def delete_poll(
    access: EventAdmin, poll_id: PollIdPath, session: SessionDep, services: ServicesDep
) -> Response:
    """Deletes the poll and its ballots."""
    poll = await access_poll(session, access, poll_id, services.clock.now())
    await service.delete_poll(session, services, poll)
    return Response(status_code=204)


@router.post(ONE + "/open", response_model=PollView)
async def open_poll(
    access: EventAdmin, poll_id: PollIdPath, session: SessionDep, services: ServicesDep
) -> PollView:
    """Opens the poll now (also a closed one, again). 409 POLL_INCOMPLETE without a question
    and two options."""
    poll = await access_poll(session, access, poll_id, services.clock.now())
    opened = await service.open_poll(session, services, poll)
    return await service.view(session, access, opened, services.clock.now())


@router.post(ONE + "/close", response_model=PollView)
async def close_poll(
    access: EventAdmin, poll_id: PollIdPath, session: SessionDep, services: ServicesDep
) -> PollView:
    """Closes the poll now. 409 POLL_NOT_OPEN for a draft, which never opened."""
    poll = await access_poll(session, access, poll_id, services.clock.now())
    closed = await service.close_poll(session, services, poll)
    return await service.view(session, access, closed, services.clock.now())


@router.put(ONE + "/ballot", response_model=BallotOut)
async def put_ballot(
    access: EventMember,
    poll_id: PollIdPath,
    body: BallotIn,
    session: SessionDep,
    services: ServicesDep,
) -> BallotOut:
    """Casts or changes the caller's ballot; the same rules as the POLL_VOTE frame."""
    # Ends the policy's read-only transaction, handing its connection back to the pool: the
    # ballot's batch needs one, and a storm of requests each holding one would starve it.
    await session.commit()
    outcome = await casting.cast_ballot(
        services, access, access.event.id, poll_id, body.OptionIDs, body.Other
    )
    await ballots.announce_ballot(services, outcome, tmp_id="")
    return outcome.ballot


@router.get(ONE + "/ballot", response_model=BallotOut | None)
async def get_ballot(
    access: EventMember, poll_id: PollIdPath, session: SessionDep, services: ServicesDep
) -> BallotOut | None:
    """The caller's own ballot, or null before they voted."""
    poll = await access_poll(session, access, poll_id, services.clock.now())
    mine = await ballots.ballots_of(session, [poll], access.principal.person_id)
    return mine.get(poll.id)


@router.get(ONE + "/results", response_model=PollResults)
async def get_results(
    access: EventMember, poll_id: PollIdPath, session: SessionDep, services: ServicesDep
) -> PollResults:
    """The tally (the POLL_RESULTS_NOTIFY payload). Attendees only while `ResultsVisible`
    (403 FORBIDDEN otherwise); organizers always."""
    now = services.clock.now()
    poll = await access_poll(session, access, poll_id, now)
    if not access.is_admin and not results_visible(
        definition_of(poll).results, state_of(poll, now)
    ):
        raise ApiError(
            ErrorCode.FORBIDDEN, "The results of this poll are not shown now", {"PollID": poll.id}
        )
    return await recount(session, poll)


@router.get(ONE + "/ballots.csv", response_class=Response, responses=_CSV_RESPONSE)
async def export_ballots(
    access: EventAdmin, poll_id: PollIdPath, session: SessionDep, services: ServicesDep
) -> Response:
    """Every ballot: PersonID, Name, Email, Choices (option texts, "; "), Other, UpdatedAt."""
    poll = await access_poll(session, access, poll_id, services.clock.now())
    return csv_response(await ballots_csv(session, poll), f"poll-{poll.id}-ballots.csv")
