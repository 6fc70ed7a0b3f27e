"""The help desk's table (docs/subsystems/helpdesk.md).

A ticket is a chat room of kind `support` (its conversation: ordinary chat messages) plus one
`helpdesk_tickets` row holding what the queue needs: who asked, who claimed it, its state and
the times an organizer reads response times from. The row is kept in step with the room's
messages by the support kind's chat hook (`rules.py`), in the message's own transaction.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column

MAX_TOPIC = 120


class TicketState(StrEnum):
    NEW = "new"  # nobody claimed it yet
    OPEN = "open"  # claimed; the requester spoke last, an agent owes an answer
    WAITING = "waiting"  # an agent answered last; waiting for the requester
    CLOSED = "closed"


class Side(StrEnum):
    """Who wrote the last message: the person who asked, or an agent."""

    REQUESTER = "requester"
    AGENT = "agent"


class HelpdeskTicket(Base):
    __tablename__ = "helpdesk_tickets"
    __table_args__ = (
        # One ticket per support room, found from the room on every message.
        UniqueConstraint("chatroom_id", name="uq_helpdesk_tickets_chatroom"),
        # Opening a ticket is idempotent on (requester, TmpID): a retry finds it.
        UniqueConstraint("requester_id", "tmp_id", name="uq_helpdesk_tickets_tmp_id"),
        # The queue: an event's tickets of one state, by their last message.
        Index("ix_helpdesk_tickets_queue", "event_id", "state", "last_message_at"),
        # "Mine" of an agent; deleting a person clears their assignments through it.
        Index("ix_helpdesk_tickets_assignee", "assignee_id"),
    )

    id: Mapped[str] = id_column()
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    chatroom_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("chatrooms.id", ondelete="CASCADE")
    )
    requester_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE")
    )
    # The agent who claimed it last (earlier ones stay members of its room); null while new.
    assignee_id: Mapped[str | None] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="SET NULL"), default=None
    )
    tmp_id: Mapped[str] = mapped_column(String(64))
    topic: Mapped[str] = mapped_column(String(MAX_TOPIC))
    state: Mapped[str] = mapped_column(String(16))
    last_message_by: Mapped[str] = mapped_column(String(16))
    # Messages written into the conversation (deleted ones included: the counter only grows).
    message_count: Mapped[int] = mapped_column(Integer, default=0)
    reopen_count: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    last_message_at: Mapped[datetime]
    # The first agent message: the response time is this minus `created_at`.
    first_response_at: Mapped[datetime | None] = mapped_column(default=None)
    closed_at: Mapped[datetime | None] = mapped_column(default=None)
