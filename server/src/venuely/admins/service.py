"""Granting, changing and revoking admin rights, and the lists of them.

Callers pass grants obtained through `access.py`; this module checks the shape of a grant (which
scope each type needs), that its customer or event exists, and that the platform keeps a master.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.accounts.permissions import Principal
from venuely.admins.access import check_can_manage, check_may_grant_at_all, visible_grants_clause
from venuely.admins.models import Admin, AdminType
from venuely.admins.roles import Role, ordered
from venuely.admins.schemas import AdminCreate, AdminListItem, AdminOut, AdminUpdate
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Customer, Event


@dataclass(frozen=True, slots=True)
class Scope:
    admin_type: AdminType
    customer_id: str | None
    event_id: str | None


def admin_out(grant: Admin) -> AdminOut:
    return AdminOut(
        ID=grant.id,
        PersonID=grant.person_id,
        AdminType=grant.admin_type,
        CustomerID=grant.customer_id,
        EventID=grant.event_id,
        Roles=list(grant.roles),
        CreatedAt=grant.created_at,
    )


def _missing(name: str, operation: str, why: str) -> ApiError:
    return ApiError(
        ErrorCode.MISSING_PARAMETER,
        f"Missing required parameter {name} for operation {operation}: {why}",
        {"Operation": operation, "Parameters": [name]},
    )


def _invalid(name: str, operation: str, why: str) -> ApiError:
    return ApiError(
        ErrorCode.VALIDATION_ERROR,
        f"Invalid parameter {name} for operation {operation}: {why}",
        {"Operation": operation, "Problems": [{"In": "body", "Name": name, "Message": why}]},
    )


async def resolve_scope(
    session: AsyncSession,
    admin_type: AdminType,
    customer_id: str | None,
    event_id: str | None,
    operation: str,
) -> Scope:
    """Check that the type and its scope fit together and exist. Event grants also record the
    event's customer, so customer admins find them with one comparison."""
    if admin_type is AdminType.MASTER:
        for name, value in (("CustomerID", customer_id), ("EventID", event_id)):
            if value is not None:
                raise _invalid(name, operation, "a Master grant has no customer or event")
        return Scope(admin_type, None, None)
    if admin_type is AdminType.CUSTOMER:
        if customer_id is None:
            raise _missing("CustomerID", operation, "a Customer grant names its customer")
        if event_id is not None:
            raise _invalid("EventID", operation, "a Customer grant has no event")
        if await session.get(Customer, customer_id) is None:
            raise ApiError(
                ErrorCode.CUSTOMER_NOT_FOUND,
                f"Customer {customer_id} not found",
                {"CustomerID": customer_id},
            )
        return Scope(admin_type, customer_id, None)
    if event_id is None:
        raise _missing("EventID", operation, "an Event grant names its event")
    event = await session.get(Event, event_id)
    if event is None:
        raise ApiError(
            ErrorCode.EVENT_NOT_FOUND, f"Event {event_id} not found", {"EventID": event_id}
        )
    if customer_id is not None and customer_id != event.customer_id:
        raise _invalid("CustomerID", operation, "the event belongs to another customer")
    return Scope(admin_type, event.customer_id, event.id)


def _stored_roles(admin_type: AdminType, roles: list[Role], operation: str) -> list[str]:
    """The roles to store, once each in the canonical order. A master grant holds every role:
    roles sent for one would be decorative, so they are refused."""
    if admin_type is AdminType.MASTER:
        if roles:
            raise _invalid("Roles", operation, "a Master grant holds every role; send none")
        return []
    return [role.value for role in ordered(roles)]


async def _find_person(session: AsyncSession, body: AdminCreate) -> Person:
    if body.PersonID is not None:
        person = await session.get(Person, body.PersonID)
        ident = body.PersonID
    elif body.LoginEMail is not None:
        ident = body.LoginEMail.lower()
        person = await session.scalar(select(Person).where(Person.login_email == ident))
    else:
        raise _missing("PersonID", "create_admin", "name the person by PersonID or LoginEMail")
    if person is None:
        raise ApiError(ErrorCode.PERSON_NOT_FOUND, f"Person {ident} not found", {"Person": ident})
    return person


async def _existing(session: AsyncSession, person_id: str, scope: Scope) -> Admin | None:
    return await session.scalar(
        select(Admin).where(
            Admin.person_id == person_id,
            Admin.admin_type == scope.admin_type.value,
            Admin.customer_id.is_(None)
            if scope.customer_id is None
            else Admin.customer_id == scope.customer_id,
            Admin.event_id.is_(None)
            if scope.event_id is None
            else Admin.event_id == scope.event_id,
        )
    )


def _duplicate(grant: Admin) -> ApiError:
    return ApiError(
        ErrorCode.CONFLICT, "The person already holds this admin right", {"AdminID": grant.id}
    )


async def create_grant(
    session: AsyncSession, services: Services, principal: Principal, body: AdminCreate
) -> Admin:
    check_may_grant_at_all(principal)
    scope = await resolve_scope(
        session, body.AdminType, body.CustomerID, body.EventID, "create_admin"
    )
    check_can_manage(principal, scope.admin_type, scope.customer_id)
    person = await _find_person(session, body)
    existing = await _existing(session, person.id, scope)
    if existing is not None:
        raise _duplicate(existing)
    grant = Admin(
        id=new_id(),
        person_id=person.id,
        admin_type=scope.admin_type.value,
        customer_id=scope.customer_id,
        event_id=scope.event_id,
        roles=_stored_roles(scope.admin_type, body.Roles, "create_admin"),
        created_at=services.clock.now(),
    )
    session.add(grant)
    await session.flush()
    return grant


async def _check_keeps_a_master(session: AsyncSession, grant: Admin) -> None:
    """The platform must keep a master admin, or nobody could grant master rights again."""
    if grant.admin_type != AdminType.MASTER:
        return
    # Row locks on PostgreSQL keep two masters from removing each other at the same moment.
    masters = (
        await session.scalars(
            select(Admin.id).where(Admin.admin_type == AdminType.MASTER).with_for_update()
        )
    ).all()
    if len(masters) <= 1:
        raise ApiError(
            ErrorCode.CONFLICT,
            "The last master admin right cannot be removed",
            {"AdminID": grant.id},
        )


async def update_grant(
    session: AsyncSession, principal: Principal, grant: Admin, body: AdminUpdate
) -> Admin:
    """`grant` comes from `access_admin_for_change`; the new scope must be within the caller's
    powers too."""
    if body.ID is not None and grant.id != body.ID:
        raise _invalid("ID", "update_admin", "does not match the path")
    if body.PersonID is not None and body.PersonID != grant.person_id:
        raise _invalid("PersonID", "update_admin", "a grant cannot move to another person")
    sent = body.model_fields_set
    new_type = body.AdminType if body.AdminType is not None else AdminType(grant.admin_type)
    roles = None
    if body.Roles is not None:
        roles = _stored_roles(new_type, body.Roles, "update_admin")
    scope_changed = bool(sent & {"AdminType", "CustomerID", "EventID"})
    if scope_changed:
        # A type change starts from a clean scope; otherwise unsent ids keep their value.
        type_changed = new_type.value != grant.admin_type
        keep_customer = None if type_changed else grant.customer_id
        keep_event = None if type_changed else grant.event_id
        customer_id = body.CustomerID if "CustomerID" in sent else keep_customer
        event_id = body.EventID if "EventID" in sent else keep_event
        if new_type is AdminType.EVENT and "EventID" in sent and "CustomerID" not in sent:
            customer_id = None  # derived from the event
        scope = await resolve_scope(session, new_type, customer_id, event_id, "update_admin")
        check_can_manage(principal, scope.admin_type, scope.customer_id)
        if scope != Scope(AdminType(grant.admin_type), grant.customer_id, grant.event_id):
            existing = await _existing(session, grant.person_id, scope)
            if existing is not None and existing.id != grant.id:
                raise _duplicate(existing)
            if scope.admin_type is not AdminType.MASTER:
                await _check_keeps_a_master(session, grant)
            grant.admin_type = scope.admin_type.value
            grant.customer_id = scope.customer_id
            grant.event_id = scope.event_id
    if roles is not None:
        grant.roles = roles
    elif new_type is AdminType.MASTER:
        grant.roles = []  # promoted to master: every role, whatever it held
    await session.flush()
    return grant


async def delete_grant(session: AsyncSession, grant: Admin) -> None:
    await _check_keeps_a_master(session, grant)
    await session.delete(grant)
    await session.flush()


async def list_grants(
    session: AsyncSession,
    principal: Principal,
    *,
    admin_type: AdminType | None = None,
    customer_id: str | None = None,
    event_id: str | None = None,
) -> list[tuple[Admin, Person]]:
    query = (
        select(Admin, Person)
        .join(Person, Person.id == Admin.person_id)
        .where(visible_grants_clause(principal))
    )
    if admin_type is not None:
        query = query.where(Admin.admin_type == admin_type.value)
    if customer_id is not None:
        query = query.where(Admin.customer_id == customer_id)
    if event_id is not None:
        query = query.where(Admin.event_id == event_id)
    rows = await session.execute(query.order_by(Admin.id))
    return [(row[0], row[1]) for row in rows.all()]


def list_item(grant: Admin, person: Person, *, with_roles: bool) -> AdminListItem:
    return AdminListItem(
        AdminID=grant.id,
        PersonID=person.id,
        FullName=person.full_name,
        LoginEMail=person.login_email,
        AdminType=grant.admin_type,
        CustomerID=grant.customer_id,
        EventID=grant.event_id,
        Roles=list(grant.roles) if with_roles else None,
    )
