"""Lists of tickets: a requester's own, and the agents' queue with its views and counts.

Views of the queue: `new` (nobody claimed it), `open` (an agent owes an answer, whoever holds
it), `waiting` (answered, waiting for the requester), `closed`, and `mine` (the caller holds it
and it is open or waiting). Who waits longest comes first where someone waits for the help desk
(new, open: by their last message, oldest first); the others show the latest first.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.helpdesk.frames import TicketOut
from venuely.helpdesk.models import HelpdeskTicket, TicketState
from venuely.helpdesk.schemas import QueueCounts, QueueOut, QueueView
from venuely.helpdesk.views import tickets_out

# A requester's own list is short by the rules (at most MAX_OPEN not closed); the closed ones
# are capped so a long-lived account's list stays one bounded answer.
MINE_LIMIT = 200
_ACTIVE = (TicketState.OPEN.value, TicketState.WAITING.value)


def _view(view: QueueView, agent_id: str) -> ColumnElement[bool]:
    if view == "mine":
        return (HelpdeskTicket.assignee_id == agent_id) & HelpdeskTicket.state.in_(_ACTIVE)
    return HelpdeskTicket.state == view


def _order(view: QueueView) -> tuple[ColumnElement[Any], ...]:
    if view in ("new", "open"):
        return (HelpdeskTicket.last_message_at.asc(), HelpdeskTicket.id.asc())
    return (HelpdeskTicket.updated_at.desc(), HelpdeskTicket.id.desc())


async def queue(
    session: AsyncSession, event_id: str, agent_id: str, view: QueueView, limit: int
) -> QueueOut:
    rows = await session.scalars(
        select(HelpdeskTicket)
        .where(HelpdeskTicket.event_id == event_id, _view(view, agent_id))
        .order_by(*_order(view))
        .limit(limit)
    )
    return QueueOut(
        Tickets=await tickets_out(session, rows.all()),
        Counts=await counts(session, event_id, agent_id),
    )


async def counts(session: AsyncSession, event_id: str, agent_id: str) -> QueueCounts:
    """Every view's size in one statement."""
    mine = (HelpdeskTicket.assignee_id == agent_id) & HelpdeskTicket.state.in_(_ACTIVE)
    by_state = [
        func.count().filter(HelpdeskTicket.state == state.value)
        for state in (TicketState.NEW, TicketState.OPEN, TicketState.WAITING, TicketState.CLOSED)
    ]
    row = (
        await session.execute(
            select(*by_state, func.count().filter(mine)).where(HelpdeskTicket.event_id == event_id)
        )
    ).one()
    new, open_, waiting, closed, own = (int(n or 0) for n in row)
    return QueueCounts(New=new, Mine=own, Open=open_, Waiting=waiting, Closed=closed)


async def tickets_of(session: AsyncSession, event_id: str, requester_id: str) -> list[TicketOut]:
    """The requester's tickets in the event, latest activity first."""
    rows = await session.scalars(
        select(HelpdeskTicket)
        .where(HelpdeskTicket.event_id == event_id, HelpdeskTicket.requester_id == requester_id)
        .order_by(HelpdeskTicket.updated_at.desc(), HelpdeskTicket.id.desc())
        .limit(MINE_LIMIT)
    )
    return await tickets_out(session, rows.all())
