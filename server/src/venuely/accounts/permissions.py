"""The one permission module: who is calling, and the policies routes declare.

Every route depends on exactly one policy below (`Public`, `Authenticated`, `AnyAdmin`,
`MasterAdmin`, `EventMember`, `EventAdmin`, `CustomerAdmin`); `tests/api/test_route_policies.py`
walks the route table and fails on a route without one. Policies decide *who may reach* a route;
object-level checks live in each feature's `access.py`, which takes the `Principal` from here.

Admin roles (admins/roles.py): `EventAdmin` and `CustomerAdmin` also demand the role the matched
route needs (`ROUTE_ROLES`), from the grants already loaded with the caller; checks inside
features ask `EventAccess.has_role` / `require_role`. Organizer views stay any grant's.

Answers: no or bad token → 401; a valid caller outside the event or customer named in the path,
or an admin lacking the route's role → 403; an id that does not exist (or not inside the scope
the path names) → 404.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Path, Request
from sqlalchemy import Row, and_, bindparam, exists, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import AuthSession, Person
from venuely.accounts.tokens import (
    authenticate,
    check_session_state,
    read_claims,
    session_revoked,
    session_verdict,
)
from venuely.accounts.whitelist import (
    EMAIL_ALLOWED,
    admits_everyone,
    email_allowed_params,
    is_email_allowed,
)
from venuely.admins.models import Admin, AdminType
from venuely.admins.roles import ALL_ROLES, Role, RouteNeed, effective_roles, route_need
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN, NULL_ID
from venuely.core.services import Services
from venuely.customers.status import customer_disabled
from venuely.events.models import Attendee, Customer, Event

POLICY_ATTR = "__venuely_policy__"

F = TypeVar("F", bound=Callable[..., Any])


def policy(name: str) -> Callable[[F], F]:
    def mark(fn: F) -> F:
        setattr(fn, POLICY_ATTR, name)
        return fn

    return mark


@dataclass(slots=True)
class Principal:
    person: Person
    session_id: str
    token_event_id: str
    grants: list[Admin] = field(default_factory=list)
    # A preview session (`POST /events/{EventID}/preview`): an organizer seeing their event as
    # an attendee. Such a principal holds no grants, so every rule treats it as an attendee of
    # the token's event; `preview_grants` keep the real ones, to end the preview the moment the
    # person stops managing the event.
    preview_grants: list[Admin] | None = None

    @property
    def person_id(self) -> str:
        return self.person.id

    @property
    def is_master(self) -> bool:
        return any(g.admin_type == AdminType.MASTER for g in self.grants)

    @property
    def is_admin(self) -> bool:
        return bool(self.grants)

    @property
    def is_event_token(self) -> bool:
        return self.token_event_id != NULL_ID

    def admins_customer(self, customer_id: str) -> bool:
        return self.is_master or any(
            g.admin_type == AdminType.CUSTOMER and g.customer_id == customer_id for g in self.grants
        )

    def admins_event(self, event: Event) -> bool:
        return self.admins_event_of(event.id, event.customer_id)

    def admins_event_of(self, event_id: str, customer_id: str) -> bool:
        return self.admins_customer(customer_id) or any(
            g.admin_type == AdminType.EVENT and g.event_id == event_id for g in self.grants
        )

    def administered_customer_ids(self) -> set[str]:
        return {
            g.customer_id
            for g in self.grants
            if g.admin_type == AdminType.CUSTOMER and g.customer_id
        }

    def administered_event_ids(self) -> set[str]:
        return {g.event_id for g in self.grants if g.admin_type == AdminType.EVENT and g.event_id}

    # Roles (admins/roles.py): what the caller's grants let them change or run in a scope.

    def roles_in_customer(self, customer_id: str) -> frozenset[Role]:
        """The roles the caller holds over the whole customer: its customer grants'."""
        if self.is_master:
            return ALL_ROLES
        return _union(
            g
            for g in self.grants
            if g.admin_type == AdminType.CUSTOMER and g.customer_id == customer_id
        )

    def roles_in_event(self, event_id: str, customer_id: str) -> frozenset[Role]:
        """The roles the caller holds in the event: those of their grants on its customer and on
        the event itself, together. Empty for anyone not administering it."""
        if self.is_master:
            return ALL_ROLES
        return _union(
            g
            for g in self.grants
            if (g.admin_type == AdminType.CUSTOMER and g.customer_id == customer_id)
            or (g.admin_type == AdminType.EVENT and g.event_id == event_id)
        )

    def has_role(self, event_id: str, customer_id: str, role: Role) -> bool:
        return role in self.roles_in_event(event_id, customer_id)

    def has_customer_role(self, customer_id: str, role: Role) -> bool:
        return role in self.roles_in_customer(customer_id)

    def customer_ids_with(self, role: Role) -> set[str]:
        """The customers the caller administers with `role` (masters: see `is_master`)."""
        return {
            g.customer_id
            for g in self.grants
            if g.admin_type == AdminType.CUSTOMER and g.customer_id and role in effective_roles(g)
        }

    def event_ids_with(self, role: Role) -> set[str]:
        """The events the caller administers with `role` through event grants."""
        return {
            g.event_id
            for g in self.grants
            if g.admin_type == AdminType.EVENT and g.event_id and role in effective_roles(g)
        }

    @property
    def is_preview(self) -> bool:
        return self.preview_grants is not None

    def previews_event_of(self, event_id: str, customer_id: str) -> bool:
        """A preview session whose person still manages the event it previews."""
        if self.preview_grants is None or self.token_event_id != event_id:
            return False
        real = Principal(self.person, self.session_id, NULL_ID, self.preview_grants)
        return real.admins_event_of(event_id, customer_id)


def _union(grants: Iterable[Admin]) -> frozenset[Role]:
    held: frozenset[Role] = frozenset()
    for grant in grants:
        held |= effective_roles(grant)
    return held


def principal_of(auth: AuthSession, person: Person, grants: list[Admin]) -> Principal:
    """The caller an auth session stands for (REST and sockets alike)."""
    if auth.is_preview:
        return Principal(person, auth.id, auth.event_id, [], preview_grants=grants)
    return Principal(person=person, session_id=auth.id, token_event_id=auth.event_id, grants=grants)


@dataclass(slots=True)
class EventAccess:
    event: Event
    principal: Principal
    # An organizer of the event (any grant on it, whatever its roles): organizer views.
    is_admin: bool
    # An attendee an organizer banned from the event's chat (people/): chat writes refuse it.
    # Read from the statement the member check runs anyway, so no chat write pays a query.
    chat_banned: bool = False

    def has_role(self, role: Role) -> bool:
        """An organizer whose grants here hold `role`: may change or run what it covers."""
        return self.is_admin and self.principal.has_role(
            self.event.id, self.event.customer_id, role
        )


@dataclass(slots=True)
class CustomerAccess:
    customer: Customer
    principal: Principal

    def has_role(self, role: Role) -> bool:
        return self.principal.has_customer_role(self.customer.id, role)


def role_required(role: Role, where: str, data: dict[str, Any]) -> ApiError:
    """The refusal of an admin whose grants lack the role a call needs."""
    return ApiError(
        ErrorCode.FORBIDDEN,
        f"This needs the '{role.value}' admin role for this {where}, which your admin rights "
        "here do not include",
        {**data, "Role": role.value},
    )


def require_role(access: EventAccess, role: Role) -> None:
    """For checks inside features: the caller must be an organizer of the event holding
    `role`."""
    if not access.has_role(role):
        raise role_required(role, "event", {"EventID": access.event.id})


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if not header:
        return None
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(ErrorCode.NOT_AUTHENTICATED, "Authorization header must be 'Bearer <token>'")
    return token.strip()


async def load_principal(session: AsyncSession, services: ServicesDep, token: str) -> Principal:
    auth, person, grants = await authenticate(session, services, token)
    return principal_of(auth, person, grants)


async def _optional_principal(
    request: Request, session: SessionDep, services: ServicesDep
) -> Principal | None:
    token = bearer_token(request)
    return None if token is None else await load_principal(session, services, token)


def not_authenticated() -> ApiError:
    return ApiError(
        ErrorCode.NOT_AUTHENTICATED,
        "Authentication required",
        headers={"WWW-Authenticate": "Bearer"},
    )


async def _principal(
    principal: Annotated[Principal | None, Depends(_optional_principal)],
) -> Principal:
    if principal is None:
        raise not_authenticated()
    return principal


@policy("public")
async def public() -> None:
    """Anyone. The Authorization header is not even read: a stale token left in a client must
    not break login or metadata calls, and public calls stay cheap."""


@policy("authenticated")
async def authenticated(principal: Annotated[Principal, Depends(_principal)]) -> Principal:
    return principal


@policy("any_admin")
async def any_admin(principal: Annotated[Principal, Depends(_principal)]) -> Principal:
    if not principal.is_admin:
        raise ApiError(ErrorCode.FORBIDDEN, "Admin rights required")
    return principal


@policy("master_admin")
async def master_admin(principal: Annotated[Principal, Depends(_principal)]) -> Principal:
    if not principal.is_master:
        raise ApiError(ErrorCode.FORBIDDEN, "Master admin rights required")
    return principal


async def load_event(session: AsyncSession, event_id: str) -> Event:
    event = await session.get(Event, event_id)
    if event is None:
        raise _event_not_found(event_id)
    return event


def _event_not_found(event_id: str) -> ApiError:
    return ApiError(ErrorCode.EVENT_NOT_FOUND, f"Event {event_id} not found", {"EventID": event_id})


async def check_event_member(
    session: AsyncSession, principal: Principal, event: Event
) -> EventAccess:
    """The attendee rule shared by REST and realtime: admins of the event always; attendees only
    with a token issued for this event and while the whitelist admits their email."""
    if principal.admins_event(event):
        return EventAccess(event=event, principal=principal, is_admin=True)
    _check_event_token(principal, event.id)
    if principal.is_preview:
        # The organizer is admitted whatever the whitelist says (or the customer's flag), as
        # long as they manage it.
        _check_preview(principal, event.id, event.customer_id)
    else:
        params = {
            "customer_id": event.customer_id,
            "person_id": principal.person_id,
            **email_allowed_params(event.id, principal.person.login_email),
        }
        row = (await session.execute(_CUSTOMER_STATE_AND_WHITELIST, params)).one()
        disabled, allowed, removed_at, chat_banned_at = row
        _check_attendee_state(event, disabled, removed_at)
        if not allowed:
            raise _not_whitelisted()
        return EventAccess(
            event=event, principal=principal, is_admin=False, chat_banned=chat_banned_at is not None
        )
    return EventAccess(event=event, principal=principal, is_admin=False)


def _check_attendee_state(event: Event, customer_disabled_: bool, removed_at: object) -> None:
    """An attendee's first two refusals, in this order: the customer closed, the person removed
    (the whitelist's answer comes after them)."""
    if customer_disabled_:
        raise customer_disabled(event.customer_id)
    if removed_at is not None:
        raise attendee_removed(event.id)


# The caller's attendee row in the event, if any: removal and chat ban (people/) come with the
# member check's own statement rather than a query of their own.
_OWN_ATTENDEE = and_(
    Attendee.event_id == bindparam("whitelist_event_id"),
    Attendee.person_id == bindparam("person_id"),
)
# An attendee's verdicts in one statement: a disabled customer closes its events, a removal
# closes this one to them, and the whitelist must admit them.
_CUSTOMER_STATE_AND_WHITELIST = (
    select(Customer.is_disabled, EMAIL_ALLOWED, Attendee.removed_at, Attendee.chat_banned_at)
    .select_from(Customer)
    .outerjoin(Attendee, _OWN_ATTENDEE)
    .where(Customer.id == bindparam("customer_id"))
)
_EVENT_OWNER_AND_WHITELIST = (
    select(Event.customer_id, Customer.is_disabled, EMAIL_ALLOWED, Attendee.removed_at)
    .select_from(Event)
    .join(Customer, Customer.id == Event.customer_id)
    .outerjoin(Attendee, _OWN_ATTENDEE)
    .where(Event.id == bindparam("event_id"))
)


def attendee_removed(event_id: str) -> ApiError:
    return ApiError(
        ErrorCode.ATTENDEE_REMOVED, "You have been removed from this event", {"EventID": event_id}
    )


async def check_not_removed(session: AsyncSession, event_id: str, person_id: str) -> None:
    """For the ways in that run no member check (password login, SSO hand-off): refuse a
    person an organizer removed from the event. The row read here stays in the session, so the
    `enrol` that follows reads nothing more."""
    attendee = await session.get(Attendee, (event_id, person_id))
    if attendee is not None and attendee.removed_at is not None:
        raise attendee_removed(event_id)


async def check_event_member_by_id(
    session: AsyncSession, principal: Principal, event_id: str
) -> bool:
    """`check_event_member` for callers that need the verdict, not the event (the realtime
    ticket and handshake, run once per socket): the event's customer and the whitelist's answer
    come in one statement. True when the caller admins the event."""
    params = {
        "event_id": event_id,
        "person_id": principal.person_id,
        **email_allowed_params(event_id, principal.person.login_email),
    }
    row = (await session.execute(_EVENT_OWNER_AND_WHITELIST, params)).one_or_none()
    if row is None:
        raise _event_not_found(event_id)
    customer_id, disabled, allowed, removed_at = row
    if principal.admins_event_of(event_id, customer_id):
        return True
    _check_event_token(principal, event_id)
    if principal.is_preview:
        _check_preview(principal, event_id, customer_id)
    elif disabled:
        raise customer_disabled(customer_id)
    elif removed_at is not None:
        raise attendee_removed(event_id)
    elif not allowed:
        raise _not_whitelisted()
    return False


def _check_event_token(principal: Principal, event_id: str) -> None:
    _check_token_event(principal.token_event_id, event_id)


def _check_token_event(token_event_id: str, event_id: str) -> None:
    if token_event_id != event_id:
        raise ApiError(
            ErrorCode.FORBIDDEN, "This token is not valid for this event", {"EventID": event_id}
        )


def _check_preview(principal: Principal, event_id: str, customer_id: str) -> None:
    if not principal.previews_event_of(event_id, customer_id):
        raise _preview_ended(event_id)


def _preview_ended(event_id: str) -> ApiError:
    return ApiError(
        ErrorCode.FORBIDDEN,
        "This preview has ended: you no longer manage this event",
        {"EventID": event_id},
    )


@dataclass(frozen=True, slots=True)
class EventCaller:
    """Who sent a socket command, and whether they admin the socket's event."""

    person_id: str
    is_admin: bool


_SESSIONS, _PERSONS, _EVENTS = AuthSession.__table__, Person.__table__, Event.__table__
_CUSTOMERS, _ATTENDEES = Customer.__table__, Attendee.__table__
_sessions, _persons, _events, _admins = _SESSIONS.c, _PERSONS.c, _EVENTS.c, Admin.__table__.c
# `Principal.admins_event_of` in SQL: a master grant, a grant for the event's customer or one
# for the event itself.
_ADMINS_EVENT = (
    exists()
    .where(
        _admins.person_id == _sessions.person_id,
        or_(
            _admins.admin_type == AdminType.MASTER.value,
            and_(
                _admins.admin_type == AdminType.CUSTOMER.value,
                _admins.customer_id == _events.customer_id,
            ),
            and_(_admins.admin_type == AdminType.EVENT.value, _admins.event_id == _events.id),
        ),
    )
    .label("admins_event")
)
# Plain table columns, not ORM entities: this runs for every socket command, and loading three
# entities through the ORM cost several times the statement itself.
_COMMAND_CALLERS = (
    select(
        _sessions.id,
        _sessions.person_id,
        _sessions.event_id,
        _sessions.expires_at,
        _sessions.is_preview,
        _persons.is_disabled,
        _persons.login_email,
        _events.customer_id,
        _CUSTOMERS.c.is_disabled.label("customer_disabled"),
        _ADMINS_EVENT,
        admits_everyone(_events.id).label("admits_everyone"),
        _ATTENDEES.c.removed_at,
    )
    .select_from(_SESSIONS.join(_PERSONS, _persons.id == _sessions.person_id))
    .outerjoin(_EVENTS, _events.id == bindparam("event_id"))
    .outerjoin(_CUSTOMERS, _CUSTOMERS.c.id == _events.customer_id)
    .outerjoin(
        _ATTENDEES,
        and_(
            _ATTENDEES.c.event_id == _events.id,
            _ATTENDEES.c.person_id == _sessions.person_id,
        ),
    )
)
_COMMAND_CALLERS_IN = _COMMAND_CALLERS.where(_sessions.id.in_(bindparam("ids", expanding=True)))
# One caller (a ticket, a handshake): `=` rather than an expanding IN, whose SQL is rewritten
# for its number of values at every execution; that rewrite was most of a single check's CPU.
_COMMAND_CALLER = _COMMAND_CALLERS.where(_sessions.id == bindparam("ids"))


async def check_command_callers(
    session: AsyncSession, services: Services, event_id: str, session_ids: Collection[str]
) -> dict[str, EventCaller | ApiError]:
    """`check_session` then `check_event_member`, for socket commands of the event's sockets
    that need only who the caller is and whether they organize the event (ballots, stored in
    batches at a storm's rate): the same rules, refusals and order, for every auth session in
    one statement (plus one per attendee when the event has a whitelist). Each session id gets
    its caller or its refusal."""
    params: dict[str, object] = {"event_id": event_id}
    if len(session_ids) == 1:
        statement, (params["ids"],) = _COMMAND_CALLER, session_ids
    else:
        statement, params["ids"] = _COMMAND_CALLERS_IN, sorted(session_ids)
    found = {row.id: row for row in await session.execute(statement, params)}
    verdicts: dict[str, EventCaller | ApiError] = {}
    for session_id in session_ids:
        try:
            row = found.get(session_id)
            if row is None:
                raise session_revoked()
            caller, email = _command_verdict(services, event_id, row)
            if email is not None and not await is_email_allowed(session, event_id, email):
                raise _not_whitelisted()
            verdicts[session_id] = caller
        except ApiError as refusal:
            verdicts[session_id] = refusal
    return verdicts


async def check_command_caller(
    session: AsyncSession, services: Services, event_id: str, session_id: str
) -> EventCaller:
    """`check_command_callers` for one auth session (a socket's handshake, its ticket): the
    caller, or its refusal raised."""
    verdict = (await check_command_callers(session, services, event_id, (session_id,)))[session_id]
    if isinstance(verdict, ApiError):
        raise verdict
    return verdict


async def resolve_command_callers(
    session: AsyncSession, services: Services, callers: Sequence[tuple[str, EventCaller | str]]
) -> list[EventCaller | ApiError]:
    """For a batch of commands, each (event id, caller): the caller as admitted already (a REST
    policy), or a socket's auth session id checked now by `check_command_callers`, one
    statement per event for the whole batch."""
    to_check: dict[str, set[str]] = {}
    for event_id, caller in callers:
        if isinstance(caller, str):
            to_check.setdefault(event_id, set()).add(caller)
    verdicts = {
        event_id: await check_command_callers(session, services, event_id, session_ids)
        for event_id, session_ids in to_check.items()
    }
    return [
        verdicts[event_id][caller] if isinstance(caller, str) else caller
        for event_id, caller in callers
    ]


def _command_verdict(
    services: Services, event_id: str, row: Row[Any]
) -> tuple[EventCaller, str | None]:
    """The caller, with the email the whitelist must still admit (None when it need not)."""
    check_session_state(services, row.expires_at, row.is_disabled)
    if row.customer_id is None:
        raise _event_not_found(event_id)
    if row.admins_event and not row.is_preview:
        return EventCaller(row.person_id, is_admin=True), None
    _check_token_event(row.event_id, event_id)
    if row.is_preview:
        if not row.admins_event:
            raise _preview_ended(event_id)
        return EventCaller(row.person_id, is_admin=False), None
    if row.customer_disabled:
        raise customer_disabled(row.customer_id)
    if row.removed_at is not None:
        raise attendee_removed(event_id)
    email = None if row.admits_everyone else str(row.login_email)
    return EventCaller(row.person_id, is_admin=False), email


def _not_whitelisted() -> ApiError:
    return ApiError(ErrorCode.NOT_WHITELISTED, "Your email is not admitted to this event")


EventIdPath = Annotated[str, Path(alias="EventID", pattern=ID_PATTERN)]
CustomerIdPath = Annotated[str, Path(alias="CustomerID", pattern=ID_PATTERN)]


# The `EventMember` policy's whole read in one statement: the auth session, its person and
# grants (a row per grant, as `session_with_grants`), the event the path names, and the columns
# of the attendee verdict (`_CUSTOMER_STATE_AND_WHITELIST`, with the whitelist asked only when
# the event has one, as `check_command_callers` does). Every attendee read goes through it: the
# three round trips it replaces (session, event, verdict) were a good part of such a read.
_MEMBER_CALLER = (
    select(
        AuthSession,
        Person,
        Admin,
        Event,
        Customer.is_disabled.label("customer_disabled"),
        admits_everyone(Event.__table__.c.id).label("admits_everyone"),
        Attendee.removed_at,
        Attendee.chat_banned_at,
    )
    .select_from(AuthSession)
    .join(Person, Person.id == AuthSession.person_id)
    .outerjoin(Admin, Admin.person_id == Person.id)
    .outerjoin(Event, Event.id == bindparam("event_id"))
    .outerjoin(Customer, Customer.id == Event.customer_id)
    .outerjoin(Attendee, and_(Attendee.event_id == Event.id, Attendee.person_id == Person.id))
    .where(AuthSession.id == bindparam("session_id"))
)


@dataclass(frozen=True, slots=True)
class _MemberCaller:
    """What `_member_caller` read: the caller, and the event with its verdict columns (None
    when the path names no event that exists)."""

    principal: Principal
    event: Event | None
    customer_disabled: bool
    admits_everyone: bool
    removed_at: datetime | None
    chat_banned_at: datetime | None


async def _member_caller(
    request: Request, session: SessionDep, services: ServicesDep
) -> _MemberCaller:
    """`_principal` for `event_member`, reading the event and the verdict's columns in its
    statement. The refusals of the caller (401) come here, before the path is validated, as
    `_principal`'s do for the other policies."""
    token = bearer_token(request)
    if token is None:
        raise not_authenticated()
    claims = read_claims(services, token)
    # Not validated yet (the policy's own parameter is): a malformed id just finds no event.
    event_id = str(request.path_params.get("EventID", ""))
    return await _read_member_caller(
        session, services, claims.session_id, event_id, (claims.person_id, claims.event_id)
    )


async def _read_member_caller(
    session: AsyncSession,
    services: Services,
    session_id: str,
    event_id: str,
    claims: tuple[str, str] | None,
) -> _MemberCaller:
    params = {"session_id": session_id, "event_id": event_id}
    rows = (await session.execute(_MEMBER_CALLER, params)).all()
    found = (rows[0][0], rows[0][1], [r[2] for r in rows if r[2] is not None]) if rows else None
    auth, person, grants = session_verdict(services, found, claims)
    _, _, _, event, disabled, everyone, removed_at, chat_banned_at = rows[0]
    principal = principal_of(auth, person, grants)
    return _MemberCaller(
        principal, event, bool(disabled), bool(everyone), removed_at, chat_banned_at
    )


@policy("event_member")
async def event_member(
    event_id: EventIdPath,
    caller: Annotated[_MemberCaller, Depends(_member_caller)],
    session: SessionDep,
) -> EventAccess:
    """`check_event_member` on the event in the path, from the columns `_member_caller` read:
    the same rules and refusals in the same order."""
    return await _member_verdict(session, caller, event_id)


async def socket_event_member(
    session: AsyncSession, services: Services, session_id: str, event_id: str
) -> EventAccess:
    """For a socket command: `check_session` on the auth session its ticket named, then
    `check_event_member` on the socket's event, with the same rules and refusals in the same
    order, read in the one statement the `EventMember` policy reads (the ticket carries no
    claims to compare). Chat sends, reactions and breakout moves run it per command, and the
    three statements it replaces were most of a command's checks."""
    caller = await _read_member_caller(session, services, session_id, event_id, None)
    return await _member_verdict(session, caller, event_id)


async def _member_verdict(
    session: AsyncSession, caller: _MemberCaller, event_id: str
) -> EventAccess:
    principal, event = caller.principal, caller.event
    if event is None:
        raise _event_not_found(event_id)
    if principal.admins_event(event):
        return EventAccess(event=event, principal=principal, is_admin=True)
    _check_event_token(principal, event.id)
    if principal.is_preview:
        _check_preview(principal, event.id, event.customer_id)
        return EventAccess(event=event, principal=principal, is_admin=False)
    _check_attendee_state(event, caller.customer_disabled, caller.removed_at)
    if not caller.admits_everyone and not await is_email_allowed(
        session, event.id, principal.person.login_email
    ):
        raise _not_whitelisted()
    chat_banned = caller.chat_banned_at is not None
    return EventAccess(event=event, principal=principal, is_admin=False, chat_banned=chat_banned)


def _route_need(request: Request) -> RouteNeed | None:
    """The role the matched route needs (admins/roles.py `ROUTE_ROLES`)."""
    path = getattr(request.scope.get("route"), "path", None)
    return None if path is None else route_need(request.method, path)


def _check_need(
    need: RouteNeed | None, held: frozenset[Role], where: str, data: dict[str, Any]
) -> None:
    if need is None:
        # A route the table forgot (the roles test fails on it): full admins only, so the gap
        # never opens it wider than it was before roles existed.
        if held != ALL_ROLES:
            raise ApiError(
                ErrorCode.FORBIDDEN, f"This needs every admin role for this {where}", data
            )
    # ORGANIZERS and PER_FIELD (the route checks each field) admit any grant here.
    elif isinstance(need, Role) and need not in held:
        raise role_required(need, where, data)


@policy("event_admin")
async def event_admin(
    request: Request,
    event_id: EventIdPath,
    principal: Annotated[Principal, Depends(_principal)],
    session: SessionDep,
) -> EventAccess:
    event = await load_event(session, event_id)
    if not principal.admins_event(event):
        raise ApiError(ErrorCode.FORBIDDEN, "Event admin rights required", {"EventID": event.id})
    held = principal.roles_in_event(event.id, event.customer_id)
    _check_need(_route_need(request), held, "event", {"EventID": event.id})
    return EventAccess(event=event, principal=principal, is_admin=True)


@policy("customer_admin")
async def customer_admin(
    request: Request,
    customer_id: CustomerIdPath,
    principal: Annotated[Principal, Depends(_principal)],
    session: SessionDep,
) -> CustomerAccess:
    customer = await load_admined_customer(session, principal, customer_id)
    held = principal.roles_in_customer(customer.id)
    _check_need(_route_need(request), held, "customer", {"CustomerID": customer.id})
    return CustomerAccess(customer=customer, principal=principal)


async def load_admined_customer(
    session: AsyncSession, principal: Principal, customer_id: str, *, role: Role | None = None
) -> Customer:
    """The customer, if the caller is its admin (or master) holding `role` when one is named;
    404 when missing, else 403. Also for routes that take the customer id from a query or body
    rather than the path."""
    customer = await session.get(Customer, customer_id)
    if customer is None:
        raise ApiError(
            ErrorCode.CUSTOMER_NOT_FOUND,
            f"Customer {customer_id} not found",
            {"CustomerID": customer_id},
        )
    if not principal.admins_customer(customer.id):
        raise ApiError(
            ErrorCode.FORBIDDEN, "Customer admin rights required", {"CustomerID": customer.id}
        )
    if role is not None and not principal.has_customer_role(customer.id, role):
        raise role_required(role, "customer", {"CustomerID": customer.id})
    return customer


Public = Annotated[None, Depends(public)]
Authenticated = Annotated[Principal, Depends(authenticated)]
AnyAdmin = Annotated[Principal, Depends(any_admin)]
MasterAdmin = Annotated[Principal, Depends(master_admin)]
EventMember = Annotated[EventAccess, Depends(event_member)]
EventAdmin = Annotated[EventAccess, Depends(event_admin)]
CustomerAdmin = Annotated[CustomerAccess, Depends(customer_admin)]
