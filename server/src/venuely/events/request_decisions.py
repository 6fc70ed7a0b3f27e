"""Master admins decide event requests: approving creates the event (through the same service as
the console's `POST /customers/{CustomerID}/events`, so it gets everything such an event gets)
and makes the requester its admin; rejecting tells the requester why. Both mail the requester.

A request is decided once. The decision is a conditional UPDATE (`status = 'pending'` in its
WHERE): of two masters deciding at the same moment, one changes the row and the other finds it
decided (409), whatever the interleaving. Every refusal leaves nothing written: the checks that
can fail run before the first write, and a failure after it (an internal name taken a moment
ago) rolls the whole unit of work back, the claim included.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.mails import Outbox
from venuely.accounts.models import Person
from venuely.accounts.permissions import Principal
from venuely.admins.models import Admin, AdminType
from venuely.core.errors import ApiError, ErrorCode, invalid_input
from venuely.core.ids import new_id
from venuely.core.pagination import page_by_id
from venuely.core.services import Services
from venuely.customers.service import new_customer
from venuely.events import service as events
from venuely.events.models import Customer, EventRequest
from venuely.events.request_mails import approved_mail, rejected_mail
from venuely.events.request_schemas import (
    ApproveIn,
    EventRequestItem,
    RejectIn,
    RequestStatus,
    StoredRequest,
)
from venuely.events.schemas import EventCreate


def request_item(request: EventRequest, requester: Person) -> EventRequestItem:
    stored = StoredRequest.model_validate(request.document)
    return EventRequestItem(
        ID=request.id,
        Status=RequestStatus(request.status),
        Title=stored.Title,
        InternalName=stored.InternalName,
        DateBeginUTC=stored.DateBeginUTC,
        DateEndUTC=stored.DateEndUTC,
        Description=stored.Description,
        Message=stored.Message,
        ContactEMail=stored.ContactEMail,
        RequesterID=requester.id,
        RequesterName=requester.full_name,
        RequesterEMail=requester.login_email,
        CreatedAt=request.created_at,
        DecidedAt=request.decided_at,
        DecidedByID=request.decided_by,
        Reason=request.reason,
        EventID=request.event_id,
    )


async def list_requests(
    session: AsyncSession, status: RequestStatus | None, start_id: str | None, max_count: int
) -> list[EventRequestItem]:
    """Newest first (ids are time-ordered), optionally of one status."""
    query = select(EventRequest, Person).join(Person, Person.id == EventRequest.person_id)
    if status is not None:
        query = query.where(EventRequest.status == status.value)
    rows = await session.execute(
        page_by_id(query, EventRequest.id, start_id, max_count, descending=True)
    )
    # Rows unpack like tuples (`.tuples()` is deprecated in SQLAlchemy 2.1, and warns).
    return [request_item(request, person) for request, person in rows]


async def _pending(session: AsyncSession, request_id: str) -> tuple[EventRequest, Person]:
    row = (
        await session.execute(
            select(EventRequest, Person)
            .join(Person, Person.id == EventRequest.person_id)
            .where(EventRequest.id == request_id)
        )
    ).one_or_none()
    if row is None:
        raise ApiError(
            ErrorCode.EVENT_REQUEST_NOT_FOUND,
            f"Event request {request_id} not found",
            {"RequestID": request_id},
        )
    request, requester = row
    if request.status != RequestStatus.PENDING:
        raise _decided(request_id, request.status)
    return request, requester


def _decided(request_id: str, status: str) -> ApiError:
    return ApiError(
        ErrorCode.CONFLICT,
        f"This event request was already decided: {status}",
        {"RequestID": request_id, "Status": status},
    )


async def _claim(session: AsyncSession, request: EventRequest, **values: Any) -> None:
    """Mark the request decided, if it still is pending; else 409."""
    claimed = await session.execute(
        update(EventRequest)
        .where(EventRequest.id == request.id, EventRequest.status == RequestStatus.PENDING.value)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    if not getattr(claimed, "rowcount", 0):
        await session.refresh(request, ["status"])
        raise _decided(request.id, request.status)
    await session.refresh(request)


def _event_body(stored: StoredRequest, body: ApproveIn) -> EventCreate:
    """The event as asked for, named by the approval (and retitled if it says so)."""
    fields = {
        "Title": body.Title or stored.Title,
        "InternalName": body.InternalName,
        "DateBeginUTC": stored.DateBeginUTC,
        "DateEndUTC": stored.DateEndUTC,
        "Description": stored.Description,
        "TimeZone": stored.TimeZone,
        "DefaultLanguage": stored.DefaultLanguage,
    }
    try:
        return EventCreate.model_validate(fields)
    except ValidationError as exc:
        raise invalid_input("approve_event_request", exc.errors(), where="request") from exc


async def approve(
    session: AsyncSession,
    services: Services,
    outbox: Outbox,
    principal: Principal,
    request_id: str,
    body: ApproveIn,
) -> EventRequestItem:
    request, requester = await _pending(session, request_id)
    event_body = _event_body(StoredRequest.model_validate(request.document), body)
    customer: Customer | None = None
    if body.CustomerID is not None:
        customer = await session.get(Customer, body.CustomerID)
        if customer is None:
            raise ApiError(
                ErrorCode.CUSTOMER_NOT_FOUND,
                f"Customer {body.CustomerID} not found",
                {"CustomerID": body.CustomerID},
            )
    now = services.clock.now()
    await _claim(
        session,
        request,
        status=RequestStatus.APPROVED.value,
        decided_at=now,
        decided_by=principal.person_id,
    )
    if customer is None:  # ApproveIn then names the new customer
        customer = await new_customer(session, services, body.NewCustomerName or "")
    event = await events.create_event(session, services, customer, event_body)
    # No roles: the full admin of the event (docs/subsystems/permissions.md).
    session.add(
        Admin(
            id=new_id(),
            person_id=requester.id,
            admin_type=AdminType.EVENT.value,
            customer_id=customer.id,
            event_id=event.id,
            roles=[],
            created_at=now,
        )
    )
    request.event_id = event.id
    await session.flush()
    outbox.add(approved_mail(services.settings, requester, event))
    return request_item(request, requester)


async def reject(
    session: AsyncSession,
    services: Services,
    outbox: Outbox,
    principal: Principal,
    request_id: str,
    body: RejectIn,
) -> EventRequestItem:
    request, requester = await _pending(session, request_id)
    await _claim(
        session,
        request,
        status=RequestStatus.REJECTED.value,
        decided_at=services.clock.now(),
        decided_by=principal.person_id,
        reason=body.Reason,
    )
    stored = StoredRequest.model_validate(request.document)
    outbox.add(rejected_mail(requester, stored.Title, body.Reason))
    return request_item(request, requester)
