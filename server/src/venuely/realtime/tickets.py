"""Connection tickets (protocol/README.md §2): short-lived, single use, bound to a token.

Browsers cannot set an Authorization header on a WebSocket, and a bearer token in a URL would end
up in proxy logs for its whole lifetime. So the client trades its token for a ticket over REST and
puts that in the URL: it is worthless 30 seconds later, or once used.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.services import Services
from venuely.realtime.models import RealtimeTicket

TICKET_TTL = timedelta(seconds=30)
# 192 random bits, URL-safe base64: 32 characters. Anything far outside that length is not ours.
_TICKET_BYTES = 24
_MIN_LENGTH, _MAX_LENGTH = 16, 128


@dataclass(frozen=True, slots=True)
class TicketGrant:
    session_id: str
    person_id: str
    event_id: str


SWEEP_SECONDS = 30.0
_last_sweep = -SWEEP_SECONDS


def _digest(ticket: str) -> str:
    return hashlib.sha256(ticket.encode("utf-8")).hexdigest()


async def issue_ticket(
    session: AsyncSession, services: Services, *, session_id: str, person_id: str, event_id: str
) -> str:
    global _last_sweep
    now = services.clock.now()
    # Expired tickets are swept here, where a write happens anyway, but at most every
    # SWEEP_SECONDS per process: on SQLite a DELETE per ticket doubled the write-lock traffic of
    # a connection ramp (and "database is locked" followed). Redeeming checks expiry anyway.
    tick = time.monotonic()
    if tick - _last_sweep >= SWEEP_SECONDS:
        _last_sweep = tick
        await session.execute(delete(RealtimeTicket).where(RealtimeTicket.expires_at <= now))
    ticket = secrets.token_urlsafe(_TICKET_BYTES)
    session.add(
        RealtimeTicket(
            ticket_hash=_digest(ticket),
            session_id=session_id,
            person_id=person_id,
            event_id=event_id,
            expires_at=now + TICKET_TTL,
        )
    )
    await session.flush()
    return ticket


async def redeem_ticket(
    session: AsyncSession, services: Services, ticket: str
) -> TicketGrant | None:
    """Consume the ticket and say whom it admits, or None when it is unknown, used or expired.

    DELETE ... RETURNING makes "check and consume" one statement: two sockets racing with the
    same ticket (on one process or two) cannot both get a row back.
    """
    if not _MIN_LENGTH <= len(ticket) <= _MAX_LENGTH:
        return None
    row = (
        await session.execute(
            delete(RealtimeTicket)
            .where(RealtimeTicket.ticket_hash == _digest(ticket))
            .returning(
                RealtimeTicket.session_id,
                RealtimeTicket.person_id,
                RealtimeTicket.event_id,
                RealtimeTicket.expires_at,
            )
        )
    ).one_or_none()
    if row is None or row.expires_at <= services.clock.now():
        return None
    return TicketGrant(session_id=row.session_id, person_id=row.person_id, event_id=row.event_id)
