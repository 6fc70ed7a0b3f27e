"""HTTP routes for accounts: registration, verification, login, password reset, persons.

HTTP only: parameters in, one call into the feature's modules, the wire shape out. Login-type
calls answer 200 with a `LoginResponse` whose `Reason` is the outcome (admin-api.md §3).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response
from pydantic import BaseModel

from venuely import __version__
from venuely.accounts import login, persons, registration, reset
from venuely.accounts.access import access_person, access_person_by_email
from venuely.accounts.mails import OutboxDep
from venuely.accounts.permissions import AnyAdmin, Authenticated, EventAdmin, Public, load_event
from venuely.accounts.schemas import (
    EmailAddress,
    LoginReason,
    LoginRequest,
    LoginResponse,
    PersonCreate,
    PersonOut,
    PersonUpdate,
    RegisterRequest,
    ResetPasswordRequest,
)
from venuely.accounts.throttle import client_ip
from venuely.accounts.tokens import issue_token, revoke
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.core.openapi import JSON_VALUE_BODY, json_value_responses
from venuely.core.pagination import MaxCountQuery, StartIdQuery
from venuely.files.service import StorageDep
from venuely.privacy.blobs import remove_bytes
from venuely.realtime.hub import close_person_connections

router = APIRouter(tags=["persons"])

EventIdQuery = Annotated[str, Query(alias="EventID", pattern=ID_PATTERN)]
OptionalIdQuery = Annotated[str | None, Query(pattern=ID_PATTERN)]
LoginEmailQuery = Annotated[EmailAddress, Query(alias="loginEMail")]
PersonIdPath = Annotated[str, Path(alias="PersonID", pattern=ID_PATTERN)]
KeyPath = Annotated[str, Path(alias="Key", pattern=r"^[A-Za-z0-9_.-]{1,100}$")]


@router.get("/backendversion")
async def backend_version(_: Public) -> dict[str, str]:
    return {"Version": __version__}


@router.post("/registernewaccount", response_model=LoginResponse)
async def register_new_account(
    _: Public,
    event_id: EventIdQuery,
    body: RegisterRequest,
    request: Request,
    session: SessionDep,
    services: ServicesDep,
    outbox: OutboxDep,
) -> LoginResponse:
    event = await load_event(session, event_id)
    return await registration.register(session, services, outbox, event, body, client_ip(request))


@router.post("/confirmemailaddress", response_model=LoginResponse)
async def confirm_email_address(
    _: Public,
    login_email: LoginEmailQuery,
    token: Annotated[str, Query(min_length=1, max_length=200)],
    request: Request,
    session: SessionDep,
    services: ServicesDep,
) -> LoginResponse:
    return await registration.confirm_email(
        session, services, login_email, token.strip(), client_ip(request)
    )


@router.post("/forgottenpassword", response_model=LoginResponse)
async def forgotten_password(
    _: Public,
    login_email: LoginEmailQuery,
    event_id: EventIdQuery,
    request: Request,
    session: SessionDep,
    services: ServicesDep,
    outbox: OutboxDep,
) -> LoginResponse:
    event = await load_event(session, event_id)
    return await reset.request_reset(
        session, services, outbox, event, login_email, client_ip(request)
    )


@router.post("/resetpassword", response_model=LoginResponse)
async def reset_password(
    _: Public,
    body: ResetPasswordRequest,
    request: Request,
    session: SessionDep,
    services: ServicesDep,
) -> LoginResponse:
    answer = await reset.reset_password(session, services, body, client_ip(request))
    if answer.Reason == LoginReason.PASSWORD_SET and answer.PersonID:
        # Every token of the person was revoked: commit first, then close their sockets, so a
        # reconnect cannot slip in on an old token.
        await session.commit()
        await close_person_connections(services, answer.PersonID)
    return answer


@router.post("/login", response_model=LoginResponse)
async def login_to_event(
    _: Public,
    event_id: EventIdQuery,
    body: LoginRequest,
    request: Request,
    session: SessionDep,
    services: ServicesDep,
    outbox: OutboxDep,
) -> LoginResponse:
    event = await load_event(session, event_id)
    return await login.login_to_event(session, services, outbox, event, body, client_ip(request))


@router.post("/loginadmin", response_model=LoginResponse)
async def login_admin(
    _: Public,
    body: LoginRequest,
    request: Request,
    session: SessionDep,
    services: ServicesDep,
) -> LoginResponse:
    return await login.login_admin(session, services, body, client_ip(request))


class PreviewOut(BaseModel):
    Token: str
    PersonID: str
    EventID: str
    InternalName: str


@router.post("/events/{EventID}/preview", response_model=PreviewOut, status_code=201)
async def preview_as_attendee(
    access: EventAdmin, session: SessionDep, services: ServicesDep
) -> PreviewOut:
    """A token to open the event as an attendee sees it: the organizer's own person, treated as an
    admitted attendee of this event (no admin rights, whatever the whitelist says) for as long as
    they manage it (permissions.principal_of). No account is created and nothing is registered."""
    principal, event = access.principal, access.event
    token = await issue_token(session, services, principal.person, event.id, preview=True)
    return PreviewOut(
        Token=token,
        PersonID=principal.person_id,
        EventID=event.id,
        InternalName=event.internal_name,
    )


@router.post("/logout", status_code=204)
async def logout(principal: Authenticated, session: SessionDep, services: ServicesDep) -> Response:
    await revoke(session, principal.session_id)
    await session.commit()
    await close_person_connections(services, principal.person_id, principal.session_id)
    return Response(status_code=204)


@router.get("/personbyemail", response_model=PersonOut)
async def person_by_email(
    principal: AnyAdmin,
    email: Annotated[EmailAddress, Query(alias="EMail")],
    session: SessionDep,
) -> PersonOut:
    access = await access_person_by_email(session, principal, email)
    return await persons.person_out(session, access.person)


@router.get("/persons", response_model=list[PersonOut])
async def list_persons(
    principal: AnyAdmin,
    session: SessionDep,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = 100,
    event_id: Annotated[str | None, Query(alias="EventID", pattern=ID_PATTERN)] = None,
) -> list[PersonOut]:
    """Ascending by ID; pass the last ID received as StartID for the next page."""
    return await persons.list_persons(
        session, principal, start_id=start_id, max_count=max_count, event_id=event_id
    )


@router.post("/persons", response_model=PersonOut, status_code=201)
async def create_person(
    principal: AnyAdmin,
    body: PersonCreate,
    session: SessionDep,
    services: ServicesDep,
    outbox: OutboxDep,
) -> PersonOut:
    person = await persons.create_person(session, services, outbox, principal, body)
    return await persons.person_out(session, person)


@router.get("/persons/{PersonID}", response_model=PersonOut)
async def get_person(
    principal: Authenticated,
    person_id: PersonIdPath,
    session: SessionDep,
    # Sent by the attendee app; access depends on the caller's rights, not on these.
    customer_id: Annotated[str | None, Query(alias="CustomerID", pattern=ID_PATTERN)] = None,
    event_id: Annotated[str | None, Query(alias="EventID", pattern=ID_PATTERN)] = None,
) -> PersonOut:
    access = await access_person(session, principal, person_id)
    return await persons.person_out(session, access.person)


@router.put("/persons/{PersonID}", response_model=PersonOut)
async def update_person(
    principal: Authenticated,
    person_id: PersonIdPath,
    body: PersonUpdate,
    session: SessionDep,
    services: ServicesDep,
) -> PersonOut:
    access = await access_person(session, principal, person_id)
    person = await persons.update_person(session, services, principal, access, body.changes())
    if person.is_disabled:
        await session.commit()
        await close_person_connections(services, person.id)
    return await persons.person_out(session, person)


@router.delete("/persons/{PersonID}", status_code=204)
async def delete_person(
    principal: Authenticated,
    person_id: PersonIdPath,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> Response:
    access = await access_person(session, principal, person_id)
    orphans = await persons.delete_person(session, principal, access)
    await session.commit()
    await close_person_connections(services, person_id)
    await remove_bytes(storage, orphans)
    return Response(status_code=204)


@router.get(
    "/persons/{PersonID}/values/{Key}", response_model=None, responses=json_value_responses()
)
async def get_person_value(
    principal: Authenticated, person_id: PersonIdPath, key: KeyPath, session: SessionDep
) -> Any:
    access = await access_person(session, principal, person_id)
    return await persons.get_value(session, access.person, key)


@router.post(
    "/persons/{PersonID}/values/{Key}",
    response_model=None,
    responses=json_value_responses("The stored value"),
    openapi_extra=JSON_VALUE_BODY,
)
async def set_person_value(
    principal: Authenticated,
    person_id: PersonIdPath,
    key: KeyPath,
    request: Request,
    session: SessionDep,
    services: ServicesDep,
) -> Any:
    """The body is any JSON value (up to 64 KiB); the stored value is sent back."""
    access = await access_person(session, principal, person_id)
    value = persons.parse_value(await request.body())
    return await persons.set_value(session, services, access.person, key, value)
