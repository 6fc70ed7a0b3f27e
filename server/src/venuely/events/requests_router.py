"""Event requests for master admins: the list, approving (creates the event and its admin) and
rejecting. Asking for an event is `POST /events/event-request` (events/public_router.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from venuely.accounts.mails import OutboxDep
from venuely.accounts.permissions import MasterAdmin
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.core.pagination import MaxCountQuery, StartIdQuery
from venuely.events import request_decisions as decisions
from venuely.events.request_schemas import ApproveIn, EventRequestItem, RejectIn, RequestStatus

requests_router = APIRouter(tags=["event requests"])

RequestIdPath = Annotated[str, Path(alias="RequestID", pattern=ID_PATTERN)]


@requests_router.get("/event-requests", response_model=list[EventRequestItem])
async def list_event_requests(
    principal: MasterAdmin,
    session: SessionDep,
    status: Annotated[RequestStatus | None, Query(alias="Status")] = None,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = 100,
) -> list[EventRequestItem]:
    """Newest first; `Status` narrows to pending, approved or rejected ones."""
    return await decisions.list_requests(session, status, start_id, max_count)


@requests_router.post("/event-requests/{RequestID}/approve", response_model=EventRequestItem)
async def approve_event_request(
    principal: MasterAdmin,
    request_id: RequestIdPath,
    body: ApproveIn,
    session: SessionDep,
    services: ServicesDep,
    outbox: OutboxDep,
) -> EventRequestItem:
    return await decisions.approve(session, services, outbox, principal, request_id, body)


@requests_router.post("/event-requests/{RequestID}/reject", response_model=EventRequestItem)
async def reject_event_request(
    principal: MasterAdmin,
    request_id: RequestIdPath,
    body: RejectIn,
    session: SessionDep,
    services: ServicesDep,
    outbox: OutboxDep,
) -> EventRequestItem:
    return await decisions.reject(session, services, outbox, principal, request_id, body)
