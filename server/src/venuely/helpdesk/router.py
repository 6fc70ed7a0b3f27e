"""HTTP routes of the help desk, under /events/{EventID}/helpdesk (docs/subsystems/helpdesk.md).

Members of the event (`EventMember`) open tickets and read, close and reopen their own; agents
(the event's admins and named agents, `access.require_agent`, else 403 HELPDESK_NOT_AGENT) read
the queue and every ticket, and claim; organizers (`EventAdmin`) name the agents. The
conversation itself goes through chat's routes and socket commands on the ticket's room.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.chat.publish import commit_and_deliver
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.helpdesk import agents, queue, service
from venuely.helpdesk import realtime as _realtime  # noqa: F401 - the agents' socket channel
from venuely.helpdesk import rules as _rules  # noqa: F401 - the support rooms' chat rules
from venuely.helpdesk.access import access_ticket, caller_is_agent, require_agent
from venuely.helpdesk.frames import TicketOut
from venuely.helpdesk.schemas import AgentOut, MeOut, QueueOut, QueueView, TicketIn
from venuely.helpdesk.views import one_ticket_out

router = APIRouter(tags=["helpdesk"])

BASE = "/events/{EventID}/helpdesk"
TICKETS = BASE + "/tickets"
ONE = TICKETS + "/{TicketID}"

TicketIdPath = Annotated[str, Path(alias="TicketID", pattern=ID_PATTERN)]
PersonIdPath = Annotated[str, Path(alias="PersonID", pattern=ID_PATTERN)]


@router.post(
    TICKETS,
    status_code=201,
    response_model=TicketOut,
    # A retry with the TmpID of a ticket already opened answers that ticket (idempotent).
    responses={200: {"model": TicketOut, "description": "Already opened: the stored ticket"}},
)
async def open_ticket(
    access: EventMember,
    body: TicketIn,
    session: SessionDep,
    services: ServicesDep,
    response: Response,
) -> TicketOut:
    """A new conversation with the help desk: its topic and first message."""
    outcome = await service.open_ticket(
        session, services, access, topic=body.Topic, text=body.Text, tmp_id=body.TmpID
    )
    await commit_and_deliver(session, services, outcome.effects)
    if not outcome.changed:
        response.status_code = 200
    return outcome.ticket


@router.get(TICKETS + "/mine", response_model=list[TicketOut])
async def my_tickets(access: EventMember, session: SessionDep) -> list[TicketOut]:
    """The caller's own tickets, latest activity first."""
    return await queue.tickets_of(session, access.event.id, access.principal.person_id)


@router.get(BASE + "/queue", response_model=QueueOut)
async def ticket_queue(
    access: EventMember,
    session: SessionDep,
    view: Annotated[QueueView, Query(alias="View")] = "new",
    limit: Annotated[int, Query(alias="Limit", ge=1, le=500)] = 100,
) -> QueueOut:
    """Agents only: one view of the event's tickets, with every view's count."""
    await require_agent(session, access)
    return await queue.queue(session, access.event.id, access.principal.person_id, view, limit)


@router.get(ONE, response_model=TicketOut)
async def get_ticket(
    access: EventMember, ticket_id: TicketIdPath, session: SessionDep
) -> TicketOut:
    found = await access_ticket(session, access, ticket_id)
    return await one_ticket_out(session, found.ticket)


@router.post(ONE + "/claim", response_model=TicketOut)
async def claim_ticket(
    access: EventMember, ticket_id: TicketIdPath, session: SessionDep, services: ServicesDep
) -> TicketOut:
    """Agents only: the caller takes the ticket (also from another agent) and joins its room."""
    outcome = await service.claim(session, services, access, ticket_id)
    await commit_and_deliver(session, services, outcome.effects)
    return outcome.ticket


@router.post(ONE + "/close", response_model=TicketOut)
async def close_ticket(
    access: EventMember, ticket_id: TicketIdPath, session: SessionDep, services: ServicesDep
) -> TicketOut:
    """The requester or an agent; closing a closed ticket changes nothing."""
    found = await access_ticket(session, access, ticket_id)
    outcome = await service.close(session, services, found)
    await commit_and_deliver(session, services, outcome.effects)
    return outcome.ticket


@router.post(ONE + "/reopen", response_model=TicketOut)
async def reopen_ticket(
    access: EventMember, ticket_id: TicketIdPath, session: SessionDep, services: ServicesDep
) -> TicketOut:
    """The requester or an agent; reopening a ticket that is not closed changes nothing."""
    found = await access_ticket(session, access, ticket_id)
    outcome = await service.reopen(session, services, access, found)
    await commit_and_deliver(session, services, outcome.effects)
    return outcome.ticket


@router.get(BASE + "/me", response_model=MeOut)
async def helpdesk_me(access: EventMember, session: SessionDep) -> MeOut:
    """Whether the caller answers this event's help desk (the web app shows the agents' desk)."""
    return MeOut(IsAgent=await caller_is_agent(session, access))


@router.get(BASE + "/agents", response_model=list[AgentOut])
async def list_agents(access: EventAdmin, session: SessionDep) -> list[AgentOut]:
    """The named agents (the event's admins answer too, without being listed)."""
    return await agents.list_agents(session, access.event.id)


@router.put(BASE + "/agents/{PersonID}", response_model=AgentOut)
async def add_agent(
    access: EventAdmin, person_id: PersonIdPath, session: SessionDep, services: ServicesDep
) -> AgentOut:
    """Names an attendee of the event an agent (again: nothing changes)."""
    agent, effects = await agents.add_agent(session, services, access.event, person_id)
    await commit_and_deliver(session, services, effects)
    return agent


@router.delete(BASE + "/agents/{PersonID}", status_code=204)
async def remove_agent(
    access: EventAdmin, person_id: PersonIdPath, session: SessionDep, services: ServicesDep
) -> Response:
    """Un-names an agent (one who is none: nothing changes)."""
    effects = await agents.remove_agent(session, access.event, person_id)
    await commit_and_deliver(session, services, effects)
    return Response(status_code=204)
