"""HTTP routes of identity: sign-in providers of a customer, an event's sign-in buttons, the
OpenID sign-in (start, callback), the SSO hand-off (complete) and portal hand-offs.

The browser steps (start, callback, portal hand-off) answer with redirects: to the provider, to
`/{event}/sso-complete`, or on any refusal to `/{event}/login?sso_error=<CODE>` with nothing
created and nobody logged in. Only when no event can be told (an unknown state, a portal token
whose signature does not verify) is the answer the JSON error envelope.
"""

from __future__ import annotations

import logging
import re
from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Path, Query, Request, Response
from fastapi.responses import RedirectResponse
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import CustomerAdmin, Public, load_event
from venuely.accounts.schemas import LoginResponse
from venuely.accounts.throttle import client_ip
from venuely.core import ratelimit
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN
from venuely.core.services import Services
from venuely.customers.status import check_customer_active
from venuely.events.models import Event
from venuely.identity import handoff, oidc, portal, providers
from venuely.identity.access import (
    access_provider,
    enabled_for_event,
    offered_for,
    provider_for_sign_in,
)
from venuely.identity.models import OidcLogin, SignInProvider
from venuely.identity.schemas import (
    ProviderCreate,
    ProviderOut,
    ProviderUpdate,
    PublicProviderOut,
    SsoCompleteRequest,
    SsoSecretOut,
    SsoSecretStatus,
)
from venuely.identity.signin import SignInRefused, sign_in

log = logging.getLogger("venuely.identity")
router = APIRouter(tags=["identity"])

ProviderIdPath = Annotated[str, Path(alias="ProviderID", pattern=ID_PATTERN)]
EventIdPath = Annotated[str, Path(alias="EventID", pattern=ID_PATTERN)]
# A path inside the event: "/" then no second "/" (which would name another host), no
# backslash, no whitespace or control characters.
NEXT_PATTERN = r"^/([^/\\\s\x00-\x1f\x7f][^\\\s\x00-\x1f\x7f]*)?$"
_NEXT = re.compile(NEXT_PATTERN)
MAX_NEXT = 500
# Generous: attendees of one venue may share an address. Beyond it, the login page says so.
SIGN_IN_STARTS_PER_IP = ratelimit.Limit("sign_in_start_ip", 600, timedelta(minutes=10))
REDIRECT: dict[int | str, dict[str, Any]] = {
    302: {"description": "A redirect (Location): onwards, or to the event's login page"}
}

# --- a customer's sign-in providers (organizers) -------------------------------------------------


@router.get("/customers/{CustomerID}/sign-in-providers", response_model=list[ProviderOut])
async def list_sign_in_providers(access: CustomerAdmin, session: SessionDep) -> list[ProviderOut]:
    return await providers.list_providers(session, access.customer)


@router.post(
    "/customers/{CustomerID}/sign-in-providers", response_model=ProviderOut, status_code=201
)
async def create_sign_in_provider(
    access: CustomerAdmin, body: ProviderCreate, session: SessionDep, services: ServicesDep
) -> ProviderOut:
    created = await providers.create_provider(session, services, access.customer, body)
    return ProviderOut.of(created)


@router.put("/customers/{CustomerID}/sign-in-providers/{ProviderID}", response_model=ProviderOut)
async def update_sign_in_provider(
    access: CustomerAdmin,
    provider_id: ProviderIdPath,
    body: ProviderUpdate,
    session: SessionDep,
    services: ServicesDep,
) -> ProviderOut:
    provider = await access_provider(session, access.customer, provider_id)
    changed = await providers.update_provider(session, services, access.customer, provider, body)
    return ProviderOut.of(changed)


@router.delete("/customers/{CustomerID}/sign-in-providers/{ProviderID}", status_code=204)
async def delete_sign_in_provider(
    access: CustomerAdmin, provider_id: ProviderIdPath, session: SessionDep
) -> Response:
    provider = await access_provider(session, access.customer, provider_id)
    await providers.delete_provider(session, provider)
    return Response(status_code=204)


# --- a customer's portal hand-off secret ---------------------------------------------------------


@router.get("/customers/{CustomerID}/sso-secret", response_model=SsoSecretStatus)
async def get_sso_secret(access: CustomerAdmin, session: SessionDep) -> SsoSecretStatus:
    row = await portal.secret_row(session, access.customer.id)
    return SsoSecretStatus(HasSecret=row is not None, CreatedAt=row.created_at if row else None)


@router.post("/customers/{CustomerID}/sso-secret", response_model=SsoSecretOut, status_code=201)
async def rotate_sso_secret(
    access: CustomerAdmin, session: SessionDep, services: ServicesDep
) -> SsoSecretOut:
    """A new hand-off secret, shown this once; the previous one stops working."""
    return SsoSecretOut(Secret=await portal.rotate_secret(session, services, access.customer))


@router.delete("/customers/{CustomerID}/sso-secret", status_code=204)
async def delete_sso_secret(access: CustomerAdmin, session: SessionDep) -> Response:
    """No more portal hand-offs for this customer."""
    await portal.delete_secret(session, access.customer)
    return Response(status_code=204)


# --- sign-in (browsers) --------------------------------------------------------------------------


@router.get("/events/{EventID}/sign-in-providers", response_model=list[PublicProviderOut])
async def event_sign_in_providers(
    _: Public, event_id: EventIdPath, session: SessionDep
) -> list[PublicProviderOut]:
    """The sign-in buttons of the event's login page."""
    event = await load_event(session, event_id)
    return [
        PublicProviderOut(ID=p.id, Kind=p.kind, Label=p.label)
        for p in await enabled_for_event(session, event)
    ]


def _redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=302)


async def _refused(
    session: AsyncSession, services: Services, event: Event, code: ErrorCode
) -> RedirectResponse:
    """To the event's login page with the refusal's code, anything unsaved undone."""
    url = handoff.error_url(services.settings, event, code)
    await session.rollback()  # expires `event`: its address is taken first
    response = _redirect(url)
    handoff.clear_state_cookie(response, services.settings)
    return response


@router.get(
    "/identity/oidc/{ProviderID}/start",
    status_code=302,
    response_class=RedirectResponse,
    responses=REDIRECT,
)
async def start_sign_in(
    _: Public,
    request: Request,
    provider_id: ProviderIdPath,
    event_id: Annotated[str, Query(alias="EventID", pattern=ID_PATTERN)],
    session: SessionDep,
    services: ServicesDep,
    next_path: Annotated[str, Query(alias="Next", max_length=MAX_NEXT, pattern=NEXT_PATTERN)] = "/",
    test: Annotated[bool, Query(alias="Test")] = False,
) -> Response:
    """Off to the provider's sign-in page (a browser navigation, from the event's login page).
    `Test=1` is an organizer's test sign-in: it also works while the provider is disabled, and
    then only for the event's admins."""
    event = await load_event(session, event_id)
    try:
        # Each start stores a pending sign-in and may ask the provider: bounded per client
        # address, refused starts included (committed before the provider is asked).
        await ratelimit.enforce(
            session, SIGN_IN_STARTS_PER_IP, client_ip(request), services.clock.now()
        )
    except ApiError as exc:
        return await _refused(session, services, event, exc.code)
    await session.commit()
    try:
        await check_customer_active(session, event.customer_id)
        provider = await provider_for_sign_in(session, provider_id, event, test=test)
        url, state = await oidc.begin(session, services, provider, event, next_path, test=test)
    except (ApiError, SignInRefused) as exc:
        return await _refused(session, services, event, exc.code)
    response = _redirect(url)
    handoff.set_state_cookie(response, services.settings, state)
    return response


async def _pending_event(session: AsyncSession, *states: str | None) -> Event | None:
    """The event of a sign-in named by the callback's state or this browser's state cookie."""
    for state in states:
        if state:
            login = await session.get(OidcLogin, state[:64])
            if login is not None:
                return await session.get(Event, login.event_id)
    return None


@router.get(
    "/identity/oidc/callback",
    status_code=302,
    response_class=RedirectResponse,
    responses=REDIRECT,
)
async def oidc_callback(
    _: Public,
    session: SessionDep,
    services: ServicesDep,
    code: Annotated[str | None, Query(max_length=4096)] = None,
    state: Annotated[str | None, Query(max_length=200)] = None,
    error: Annotated[str | None, Query(max_length=200)] = None,
    iss: Annotated[str | None, Query(max_length=500)] = None,
    state_cookie: Annotated[str | None, Cookie(alias=handoff.STATE_COOKIE, max_length=200)] = None,
) -> Response:
    """Where providers send the browser back (the redirect URI to register with them)."""
    settings = services.settings
    try:
        login = await oidc.use_state(session, services, state or "", state_cookie)
    except SignInRefused as exc:
        log.info("sign-in callback refused: %s", exc.message)
        event = await _pending_event(session, state, state_cookie)
        if event is None:
            raise ApiError(exc.code, exc.message, headers=_clear_state_header(services)) from None
        await session.commit()  # the state stays used up
        return await _refused(session, services, event, exc.code)
    # Used up for good before the provider is asked (and no write lock held meanwhile).
    await session.commit()
    event = await session.get(Event, login.event_id)
    provider = await session.get(SignInProvider, login.provider_id)
    assert event is not None  # the login row goes with its event (ON DELETE CASCADE)
    try:
        await check_customer_active(session, event.customer_id)
        if provider is None or not offered_for(provider, event):
            raise SignInRefused(ErrorCode.SIGN_IN_PROVIDER_NOT_FOUND, "The provider is gone")
        if not provider.is_enabled and not login.is_test:
            raise SignInRefused(ErrorCode.SIGN_IN_PROVIDER_NOT_FOUND, "The provider is off")
        person = await oidc.finish(
            session, services, login, provider, event, oidc.Callback(code, error, iss)
        )
        handoff_code = await handoff.create_handoff(
            session, services, person, event, login.next_path
        )
    except (ApiError, SignInRefused) as exc:
        log.info("sign-in to event %s refused: %s", event.id, exc)
        return await _refused(session, services, event, exc.code)
    response = _redirect(handoff.complete_url(settings, event, login.next_path))
    handoff.set_sso_cookie(response, settings, handoff_code)
    handoff.clear_state_cookie(response, settings)
    return response


def _clear_state_header(services: Services) -> dict[str, str]:
    response = Response()
    handoff.clear_state_cookie(response, services.settings)
    return {"Set-Cookie": response.headers["set-cookie"]}


@router.post("/identity/sso/complete", response_model=LoginResponse)
async def complete_sso(
    _: Public,
    body: SsoCompleteRequest,
    response: Response,
    session: SessionDep,
    services: ServicesDep,
    sso_cookie: Annotated[str | None, Cookie(alias=handoff.SSO_COOKIE, max_length=200)] = None,
) -> LoginResponse:
    """`/sso-complete`'s call: the hand-off cookie (sent by the browser, HttpOnly) becomes a
    login answer like `POST /login`'s; the cookie is cleared whatever the outcome."""
    settings = services.settings
    try:
        answer = await handoff.redeem(session, services, sso_cookie, body.EventID)
    except ApiError as exc:
        exc.headers = {**(exc.headers or {}), **handoff.clearing_header(settings)}
        raise
    handoff.clear_sso_cookie(response, settings)
    return answer


@router.get(
    "/identity/sso/handoff",
    status_code=302,
    response_class=RedirectResponse,
    responses=REDIRECT,
)
async def portal_handoff(
    _: Public,
    token: Annotated[str, Query(min_length=1, max_length=portal.MAX_TOKEN_LENGTH)],
    session: SessionDep,
    services: ServicesDep,
) -> Response:
    """A customer's portal sends a signed-in person into an event (portal.py)."""
    claims = await portal.verify_token(session, services, token)
    try:
        wanted = await portal.check_claims(session, services, claims)
    except ApiError as exc:
        # The token is the customer's own (its signature verified): tell on the event's page.
        event = await _claimed_event(session, claims)
        if event is None:
            raise
        log.info("portal hand-off to event %s refused: %s", event.id, exc.message)
        await session.commit()
        return await _refused(session, services, event, exc.code)
    # The token is used up for good, whatever follows.
    await session.commit()
    event = wanted.event
    next_path = "/"
    if wanted.next_path is not None and _safe_next(wanted.next_path):
        next_path = wanted.next_path
    try:
        await check_customer_active(session, event.customer_id)
        person = await sign_in(
            session, services, event, wanted.assertion, provider_id=None, trusted=False
        )
        handoff_code = await handoff.create_handoff(session, services, person, event, next_path)
    except (ApiError, SignInRefused) as exc:
        log.info("portal hand-off to event %s refused: %s", event.id, exc)
        return await _refused(session, services, event, exc.code)
    response = _redirect(handoff.complete_url(services.settings, event, next_path))
    handoff.set_sso_cookie(response, services.settings, handoff_code)
    return response


def _safe_next(path: str) -> bool:
    return len(path) <= MAX_NEXT and _NEXT.match(path) is not None


async def _claimed_event(session: AsyncSession, claims: dict[str, Any]) -> Event | None:
    try:
        return await portal.claimed_event(session, claims)
    except ApiError:
        return None
