"""The ticket state rules (helpdesk/state.py), transition by transition, as the contract states
them; the HTTP tests drive the same rules through the routes and the chat hook."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from venuely.helpdesk import state
from venuely.helpdesk.models import HelpdeskTicket, Side, TicketState

T0 = datetime(2026, 5, 9, 12, 0, tzinfo=UTC)


def _ticket(status: TicketState, assignee: str | None = None) -> HelpdeskTicket:
    return HelpdeskTicket(
        id="t",
        event_id="e",
        chatroom_id="r",
        requester_id="asker",
        assignee_id=assignee,
        tmp_id="x",
        topic="Help",
        state=status.value,
        last_message_by=Side.REQUESTER.value,
        message_count=1,
        reopen_count=0,
        created_at=T0,
        updated_at=T0,
        last_message_at=T0,
        first_response_at=None,
        closed_at=None,
    )


@pytest.mark.parametrize(
    ("before", "side", "after"),
    [
        (TicketState.NEW, Side.REQUESTER, TicketState.NEW),
        (TicketState.OPEN, Side.REQUESTER, TicketState.OPEN),
        (TicketState.WAITING, Side.REQUESTER, TicketState.OPEN),
        (TicketState.OPEN, Side.AGENT, TicketState.WAITING),
        (TicketState.WAITING, Side.AGENT, TicketState.WAITING),
    ],
)
def test_a_message_moves_the_state(before: TicketState, side: Side, after: TicketState) -> None:
    ticket = _ticket(before, "agent")
    at = T0 + timedelta(minutes=3)
    state.on_message(ticket, side, at)
    assert ticket.state == after
    assert (ticket.last_message_at, ticket.last_message_by) == (at, side.value)
    assert ticket.message_count == 2
    assert ticket.updated_at == at


def test_the_first_agent_message_is_the_response() -> None:
    ticket = _ticket(TicketState.OPEN, "agent")
    first, second = T0 + timedelta(minutes=4), T0 + timedelta(minutes=9)
    state.on_message(ticket, Side.REQUESTER, T0 + timedelta(minutes=1))
    assert ticket.first_response_at is None
    state.on_message(ticket, Side.AGENT, first)
    state.on_message(ticket, Side.AGENT, second)
    assert ticket.first_response_at == first


def test_claiming() -> None:
    ticket = _ticket(TicketState.NEW)
    assert state.on_claim(ticket, "sam", T0) is True
    assert (ticket.state, ticket.assignee_id) == (TicketState.OPEN, "sam")
    assert state.on_claim(ticket, "sam", T0) is False  # one's own again: nothing changes
    waiting = _ticket(TicketState.WAITING, "sam")
    assert state.on_claim(waiting, "olivia", T0) is True  # a takeover keeps the state
    assert (waiting.state, waiting.assignee_id) == (TicketState.WAITING, "olivia")


def _summary(ticket: HelpdeskTicket) -> tuple[str, datetime | None, int]:
    return ticket.state, ticket.closed_at, ticket.reopen_count


def test_closing_and_reopening() -> None:
    ticket = _ticket(TicketState.WAITING, "sam")
    closed_at = T0 + timedelta(hours=1)
    assert state.on_close(ticket, closed_at) is True
    assert (ticket.state, ticket.closed_at) == (TicketState.CLOSED, closed_at)
    assert state.on_close(ticket, closed_at + timedelta(minutes=1)) is False
    assert ticket.closed_at == closed_at
    assert state.on_reopen(ticket, closed_at + timedelta(minutes=2)) is True
    assert _summary(ticket) == (TicketState.OPEN, None, 1)
    assert state.on_reopen(ticket, closed_at) is False
    unclaimed = _ticket(TicketState.CLOSED)
    state.on_reopen(unclaimed, T0)
    assert unclaimed.state == TicketState.NEW
