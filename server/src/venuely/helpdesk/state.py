"""The ticket state rules, as plain functions of a ticket row (the contract's, item by item).

    new ──claim──► open ◄──requester writes── waiting
                    │                           ▲
                    └──────agent writes─────────┘
    any ──close──► closed ──reopen──► open (it has an assignee) or new

Callers hold the ticket's row lock (`access.lock_ticket`) and have checked who may act; these
functions only move the state and the times, and say whether anything changed (an unchanged
ticket is not announced again).
"""

from __future__ import annotations

from datetime import datetime

from venuely.helpdesk.models import HelpdeskTicket, Side, TicketState


def on_message(ticket: HelpdeskTicket, side: Side, at: datetime) -> None:
    """A new message in the conversation. The requester's reopens the agents' debt (waiting →
    open; new and open stay); an agent's (only members write, so a claimed ticket) → waiting,
    and the first one is the response."""
    if side is Side.REQUESTER:
        if ticket.state == TicketState.WAITING:
            ticket.state = TicketState.OPEN.value
    else:
        ticket.state = TicketState.WAITING.value
        if ticket.first_response_at is None:
            ticket.first_response_at = at
    ticket.last_message_at, ticket.last_message_by = at, side.value
    ticket.message_count += 1
    ticket.updated_at = at


def on_claim(ticket: HelpdeskTicket, agent_id: str, at: datetime) -> bool:
    """The caller becomes the assignee (taking it over from another agent is allowed); a new
    ticket opens. Closed tickets are refused before this."""
    changed = ticket.assignee_id != agent_id or ticket.state == TicketState.NEW
    ticket.assignee_id = agent_id
    if ticket.state == TicketState.NEW:
        ticket.state = TicketState.OPEN.value
    if changed:
        ticket.updated_at = at
    return changed


def on_close(ticket: HelpdeskTicket, at: datetime) -> bool:
    if ticket.state == TicketState.CLOSED:
        return False  # closing again: answered as it is
    ticket.state = TicketState.CLOSED.value
    ticket.closed_at = ticket.updated_at = at
    return True


def on_reopen(ticket: HelpdeskTicket, at: datetime) -> bool:
    if ticket.state != TicketState.CLOSED:
        return False  # reopening a ticket that is not closed: answered as it is
    ticket.state = (TicketState.NEW if ticket.assignee_id is None else TicketState.OPEN).value
    ticket.reopen_count += 1
    ticket.closed_at = None
    ticket.updated_at = at
    return True
