"""Who may see and who may change an admin grant.

- Master admins see and change every grant.
- Customer admins holding the `people` role see the grants inside their customers (customer and
  event grants, which carry the event's customer) and may create, change and remove customer
  and event grants there.
- Event admins holding `people` see the grants of their events; they may not grant or change
  rights.
- Everyone sees their own grants.

A grant the caller may not see is reported as not found; one they see but may not change is 403.
The same functions will serve the realtime gateway and any later admin screens.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, false, or_, true
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import Principal
from venuely.admins.models import Admin, AdminType
from venuely.admins.roles import Role
from venuely.core.errors import ApiError, ErrorCode


def _people_customers(principal: Principal) -> set[str]:
    return principal.customer_ids_with(Role.PEOPLE)


def grant_visible(principal: Principal, grant: Admin) -> bool:
    return (
        principal.is_master
        or grant.person_id == principal.person_id
        or (grant.customer_id is not None and grant.customer_id in _people_customers(principal))
        or (grant.event_id is not None and grant.event_id in principal.event_ids_with(Role.PEOPLE))
    )


def visible_grants_clause(principal: Principal) -> ColumnElement[bool]:
    """`grant_visible` as SQL, for list queries."""
    if principal.is_master:
        return true()
    clauses: list[ColumnElement[bool]] = [Admin.person_id == principal.person_id]
    customers = _people_customers(principal)
    events = principal.event_ids_with(Role.PEOPLE)
    if customers:
        clauses.append(Admin.customer_id.in_(customers))
    if events:
        clauses.append(Admin.event_id.in_(events))
    return or_(false(), *clauses)


def can_manage(principal: Principal, admin_type: AdminType, customer_id: str | None) -> bool:
    if principal.is_master:
        return True
    if admin_type is AdminType.MASTER or customer_id is None:
        return False
    return customer_id in _people_customers(principal)


def _lacks_people(data: dict[str, str | None]) -> ApiError:
    return ApiError(
        ErrorCode.FORBIDDEN,
        "Granting or changing admin rights needs the 'people' admin role, which your customer "
        "admin rights do not include",
        {**data, "Role": Role.PEOPLE.value},
    )


def check_may_grant_at_all(principal: Principal) -> None:
    """Only master and customer admins (holding `people`) hand out rights; event admins are
    refused up front."""
    if principal.is_master or _people_customers(principal):
        return
    if principal.administered_customer_ids():
        raise _lacks_people({})
    raise ApiError(
        ErrorCode.FORBIDDEN, "Only master and customer admins may grant or change admin rights"
    )


def check_can_manage(principal: Principal, admin_type: AdminType, customer_id: str | None) -> None:
    if not can_manage(principal, admin_type, customer_id):
        if admin_type is not AdminType.MASTER and customer_id in (
            principal.administered_customer_ids()
        ):
            raise _lacks_people({"AdminType": admin_type.value, "CustomerID": customer_id})
        raise ApiError(
            ErrorCode.FORBIDDEN,
            f"You may not manage {admin_type.value} admin rights here",
            {"AdminType": admin_type.value, "CustomerID": customer_id},
        )


async def access_admin_by_id(session: AsyncSession, principal: Principal, admin_id: str) -> Admin:
    grant = await session.get(Admin, admin_id)
    if grant is None or not grant_visible(principal, grant):
        raise ApiError(
            ErrorCode.ADMIN_NOT_FOUND, f"Admin {admin_id} not found", {"AdminID": admin_id}
        )
    return grant


async def access_admin_for_change(
    session: AsyncSession, principal: Principal, admin_id: str
) -> Admin:
    grant = await access_admin_by_id(session, principal, admin_id)
    check_can_manage(principal, AdminType(grant.admin_type), grant.customer_id)
    return grant
