"""The realtime socket's caller: the ticket call that opens it and the checks that keep it open.

- `POST /amvproto/authenticate` trades a bearer token for a single-use connection ticket
  (`realtime/tickets.py`) after the same event-membership check REST uses, made in one
  statement as the handshake makes it (`ticket_caller`).
- `load_socket_caller` is registered with realtime (`realtime/callers.py`): the gateway runs it
  on the handshake, so realtime learns who connects without importing accounts.
- A feature's socket handler gets its caller for each command from the auth session the ticket
  named: `permissions.socket_event_member` (the event's members, in the `EventMember` policy's
  one statement), `permissions.check_command_callers` (who and whether an organizer, in batches),
  or `session_principal` here (`tokens.check_session`: whether the session still counts).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.routing import APIRoute
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import (
    Principal,
    bearer_token,
    check_command_caller,
    not_authenticated,
    policy,
    principal_of,
)
from venuely.accounts.tokens import check_session, claims_mismatch, read_claims
from venuely.core.deps import ServicesDep, SessionDep, services_of
from venuely.core.ids import ID_PATTERN, NULL_ID
from venuely.core.services import Services
from venuely.realtime.callers import SocketCaller, register_caller_loader
from venuely.realtime.tickets import issue_ticket

ticket_router = APIRouter(tags=["realtime"])


async def session_principal(
    session: AsyncSession, services: Services, session_id: str
) -> Principal:
    """The caller behind a socket, reloaded from its auth session: a revoked token, a disabled
    account or a changed role applies to the very next command."""
    auth, person, grants = await check_session(session, services, session_id)
    return principal_of(auth, person, grants)


@register_caller_loader
async def load_socket_caller(
    session: AsyncSession, services: Services, session_id: str, event_id: str
) -> SocketCaller:
    if event_id == NULL_ID:  # an organizer's socket outside any event
        principal = await session_principal(session, services, session_id)
        return SocketCaller(person_id=principal.person_id)
    # The commands' check: the same rules and refusals as `check_session` then
    # `check_event_member_by_id`, in one statement of plain columns. A reconnect storm runs
    # this once per socket, and loading the session, person and grants as entities cost
    # several times the statement.
    caller = await check_command_caller(session, services, event_id, session_id)
    return SocketCaller(person_id=caller.person_id, event_admin=caller.is_admin)


@dataclass(frozen=True, slots=True)
class TicketCaller:
    session_id: str
    event_id: str  # the event whose socket the ticket opens, or the null id


@policy("authenticated")
async def ticket_caller(
    request: Request,
    session: SessionDep,
    services: ServicesDep,
    # Admin logins are not bound to an event; they name the event whose socket they want.
    event_id: Annotated[str | None, Query(alias="EventID", pattern=ID_PATTERN)] = None,
) -> TicketCaller:
    """`authenticated`, then the event rule REST uses (admins of the event, or its admitted
    attendees), as the socket's handshake checks it: one statement of plain columns for the
    session, person, grants and membership (`check_command_caller`), same refusals in the same
    order. Every attendee asks for a ticket on each (re)connect, all at once after a restart;
    the full principal, loaded as entities, cost several times that statement."""
    token = bearer_token(request)
    if token is None:
        raise not_authenticated()
    claims = read_claims(services, token)
    target = event_id or claims.event_id
    if target == NULL_ID:  # an organizer's socket outside any event: the full check
        await check_session(
            session, services, claims.session_id, claims=(claims.person_id, claims.event_id)
        )
        return TicketCaller(claims.session_id, NULL_ID)
    caller = await check_command_caller(session, services, target, claims.session_id)
    if caller.person_id != claims.person_id:  # what `check_session` compares
        raise claims_mismatch()
    return TicketCaller(claims.session_id, target)


async def authenticate_socket(
    caller: Annotated[TicketCaller, Depends(ticket_caller)], services: ServicesDep
) -> str:
    """A ticket for one connection to `/realtime/{ticket}` within 30 seconds."""
    return issue_ticket(services, session_id=caller.session_id, event_id=caller.event_id)


class _TicketRoute(APIRoute):
    """The ticket call without FastAPI's per-request work. A reconnect storm asks for a ticket
    per socket, and resolving the dependencies (with their exit stack and the session's own
    scope), then validating and serializing a string, cost about as much CPU as the check
    itself. The route keeps its declared dependencies (the policy, the OpenAPI document); its
    handler calls them directly for a request with at most one well-formed `EventID`, and hands
    anything else to FastAPI's handler so that odd input gets exactly FastAPI's refusal."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        full = super().get_route_handler()

        async def handler(request: Request) -> Response:
            asked = request.query_params.getlist("EventID")
            if len(asked) > 1 or (asked and _ID.fullmatch(asked[0]) is None):
                return await full(request)
            services = services_of(request)
            async with services.db.session() as session:
                caller = await ticket_caller(
                    request, session, services, asked[0] if asked else None
                )
            ticket = issue_ticket(services, session_id=caller.session_id, event_id=caller.event_id)
            return Response(orjson.dumps(ticket), media_type="application/json")

        return handler


_ID = re.compile(ID_PATTERN)

ticket_router.add_api_route(
    "/amvproto/authenticate",
    authenticate_socket,
    methods=["POST"],
    route_class_override=_TicketRoute,
)
