"""REST side of the gateway (the ticket call) and the WebSocket route itself.

The socket route is not under `/api/v1` and has no policy dependency: a WebSocket cannot carry
the bearer header, so the single-use ticket minted by the `Authenticated` call below stands in
for it, and the gateway checks it (`gateway.py`).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, WebSocket

from venuely.accounts.permissions import (
    ID_PATTERN,
    Authenticated,
    check_event_member_by_id,
)
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import NULL_ID
from venuely.realtime.gateway import serve_socket
from venuely.realtime.tickets import issue_ticket

router = APIRouter(tags=["realtime"])
socket_router = APIRouter(include_in_schema=False)


@router.post("/amvproto/authenticate")
async def authenticate_socket(
    principal: Authenticated,
    session: SessionDep,
    services: ServicesDep,
    # Admin logins are not bound to an event; they name the event whose socket they want.
    event_id: Annotated[str | None, Query(alias="EventID", pattern=ID_PATTERN)] = None,
) -> str:
    """A ticket for one connection to `/realtime/{ticket}` within 30 seconds."""
    target = event_id or principal.token_event_id
    if target != NULL_ID:
        # The same rule REST uses: admins of the event, or its admitted attendees.
        await check_event_member_by_id(session, principal, target)
    return issue_ticket(services, session_id=principal.session_id, event_id=target)


@socket_router.websocket("/realtime/{ticket}")
async def realtime_socket(websocket: WebSocket, ticket: str) -> None:
    await serve_socket(websocket, ticket)
