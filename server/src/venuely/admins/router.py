"""HTTP routes for admin rights: grants, the "am I ...?" checks, lists by type, the info mail,
and the caller's own rights in an event (its roles)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from venuely.accounts.permissions import AnyAdmin, Authenticated, EventMember, load_event
from venuely.admins import service
from venuely.admins.access import access_admin_by_id, access_admin_for_change
from venuely.admins.mails import send_admin_info_mail
from venuely.admins.models import AdminType
from venuely.admins.roles import ordered
from venuely.admins.schemas import (
    AdminCreate,
    AdminListItem,
    AdminOut,
    AdminUpdate,
    MailSent,
    MyRights,
)
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN
from venuely.events.models import Customer

router = APIRouter(tags=["admins"])

AdminIdPath = Annotated[str, Path(alias="AdminID", pattern=ID_PATTERN)]
OptionalCustomerID = Annotated[str | None, Query(alias="CustomerID", pattern=ID_PATTERN)]
OptionalEventID = Annotated[str | None, Query(alias="EventID", pattern=ID_PATTERN)]
RequiredCustomerID = Annotated[str, Query(alias="CustomerID", pattern=ID_PATTERN)]
RequiredEventID = Annotated[str, Query(alias="EventID", pattern=ID_PATTERN)]


@router.get("/admins", response_model=list[AdminOut])
async def list_admins(
    principal: AnyAdmin,
    session: SessionDep,
    customer_id: OptionalCustomerID = None,
    event_id: OptionalEventID = None,
) -> list[AdminOut]:
    rows = await service.list_grants(session, principal, customer_id=customer_id, event_id=event_id)
    return [service.admin_out(grant) for grant, _ in rows]


@router.post("/admins", status_code=201, response_model=AdminOut)
async def create_admin(
    principal: AnyAdmin, body: AdminCreate, session: SessionDep, services: ServicesDep
) -> AdminOut:
    return service.admin_out(await service.create_grant(session, services, principal, body))


# The fixed paths come before `/admins/{AdminID}` so they are not read as an id.
@router.get("/admins/getismasteradmin")
async def get_is_master_admin(principal: Authenticated) -> bool:
    return principal.is_master


@router.get("/admins/getiscustomerormasteradmin")
async def get_is_customer_or_master_admin(
    principal: Authenticated, session: SessionDep, customer_id: RequiredCustomerID
) -> bool:
    if await session.get(Customer, customer_id) is None:
        raise ApiError(
            ErrorCode.CUSTOMER_NOT_FOUND,
            f"Customer {customer_id} not found",
            {"CustomerID": customer_id},
        )
    return principal.admins_customer(customer_id)


@router.get("/admins/getiscustomerormasteradminfromeventid")
async def get_is_customer_or_master_admin_from_event_id(
    principal: Authenticated, session: SessionDep, event_id: RequiredEventID
) -> bool:
    event = await load_event(session, event_id)
    return principal.admins_customer(event.customer_id)


@router.get("/admins/getiseventorcustomerormasteradmin")
async def get_is_event_or_customer_or_master_admin(
    principal: Authenticated, session: SessionDep, event_id: RequiredEventID
) -> bool:
    return principal.admins_event(await load_event(session, event_id))


@router.get("/admins/listadmins/{AdminType}", response_model=list[AdminListItem])
async def list_admins_by_type(
    principal: AnyAdmin,
    session: SessionDep,
    admin_type: Annotated[AdminType, Path(alias="AdminType")],
    customer_id: OptionalCustomerID = None,
    event_id: OptionalEventID = None,
    with_roles: Annotated[bool, Query(alias="WithRoles")] = False,
) -> list[AdminListItem]:
    rows = await service.list_grants(
        session, principal, admin_type=admin_type, customer_id=customer_id, event_id=event_id
    )
    return [service.list_item(grant, person, with_roles=with_roles) for grant, person in rows]


@router.get("/admins/{AdminID}", response_model=AdminOut)
async def get_admin(principal: AnyAdmin, admin_id: AdminIdPath, session: SessionDep) -> AdminOut:
    return service.admin_out(await access_admin_by_id(session, principal, admin_id))


@router.put("/admins/{AdminID}", response_model=AdminOut)
async def update_admin(
    principal: AnyAdmin, admin_id: AdminIdPath, body: AdminUpdate, session: SessionDep
) -> AdminOut:
    grant = await access_admin_for_change(session, principal, admin_id)
    return service.admin_out(await service.update_grant(session, principal, grant, body))


@router.delete("/admins/{AdminID}", status_code=204)
async def delete_admin(principal: AnyAdmin, admin_id: AdminIdPath, session: SessionDep) -> Response:
    grant = await access_admin_for_change(session, principal, admin_id)
    await service.delete_grant(session, grant)
    return Response(status_code=204)


@router.post("/admins/{AdminID}/sendnewadmininfomail", status_code=202, response_model=MailSent)
async def send_new_admin_info_mail(
    principal: AnyAdmin, admin_id: AdminIdPath, session: SessionDep, services: ServicesDep
) -> MailSent:
    grant = await access_admin_for_change(session, principal, admin_id)
    await send_admin_info_mail(session, services, grant, principal.person_id)
    return MailSent(Sent=True)


@router.get("/events/{EventID}/my-rights", response_model=MyRights)
async def get_my_rights(access: EventMember) -> MyRights:
    """The caller's roles in the event; an attendee (or a preview) holds none."""
    event, principal = access.event, access.principal
    roles = principal.roles_in_event(event.id, event.customer_id) if access.is_admin else set()
    return MyRights(EventID=event.id, IsMaster=principal.is_master, Roles=ordered(roles))
