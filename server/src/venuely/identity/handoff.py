"""The SSO hand-off: from a finished sign-in (OpenID callback, portal) to a token in the web app.

The server cannot give the web app a token in a redirect without leaving it in the address bar,
the history and the next page's Referer. So it stores a hand-off (the person, the event, where to
go next) under a random code, sets the code in the `venuely_sso` cookie (HttpOnly, so no script
reads it; SameSite=Lax, so no other site's request carries it; Secure behind https; 60 seconds)
and sends the browser to `/{event}/sso-complete`. That page calls `POST /identity/sso/complete`,
which uses the code up (single use: one atomic update, so two tabs cannot both redeem it),
clears the cookie and answers like `POST /login`. Only the code's SHA-256 is stored, and the
access token is minted at that moment, so no token ever rests in the database.
"""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import quote, urlencode

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.responses import Response

from venuely.accounts.models import Person
from venuely.accounts.permissions import Principal, check_not_removed
from venuely.accounts.persons import enrol
from venuely.accounts.schemas import LoginReason, LoginResponse
from venuely.accounts.tokens import issue_token
from venuely.accounts.whitelist import is_email_allowed
from venuely.admins.models import Admin
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID
from venuely.core.security import digest, random_token
from venuely.core.services import Services
from venuely.customers.status import check_customer_active
from venuely.events.models import Event
from venuely.identity.models import SsoHandoff
from venuely.settings import Settings

HANDOFF_LIFETIME = timedelta(seconds=60)
SSO_COOKIE = "venuely_sso"
# The state of a sign-in in progress (oidc.py), for the callback only.
STATE_COOKIE = "venuely_oidc_state"
STATE_COOKIE_PATH = "/api/v1/identity/oidc/"
STATE_COOKIE_SECONDS = 600


def _secure(settings: Settings) -> bool:
    return settings.public_url.startswith("https://")


def set_sso_cookie(response: Response, settings: Settings, code: str) -> None:
    response.set_cookie(
        SSO_COOKIE,
        code,
        max_age=int(HANDOFF_LIFETIME.total_seconds()),
        path="/",
        httponly=True,
        samesite="lax",
        secure=_secure(settings),
    )


def clear_sso_cookie(response: Response, settings: Settings) -> None:
    response.delete_cookie(
        SSO_COOKIE, path="/", httponly=True, samesite="lax", secure=_secure(settings)
    )


def clearing_header(settings: Settings) -> dict[str, str]:
    """The Set-Cookie header that clears the hand-off cookie, for an error answer."""
    response = Response()
    clear_sso_cookie(response, settings)
    return {"Set-Cookie": response.headers["set-cookie"]}


def set_state_cookie(response: Response, settings: Settings, state: str) -> None:
    response.set_cookie(
        STATE_COOKIE,
        state,
        max_age=STATE_COOKIE_SECONDS,
        path=STATE_COOKIE_PATH,
        httponly=True,
        samesite="lax",
        secure=_secure(settings),
    )


def clear_state_cookie(response: Response, settings: Settings) -> None:
    response.delete_cookie(
        STATE_COOKIE,
        path=STATE_COOKIE_PATH,
        httponly=True,
        samesite="lax",
        secure=_secure(settings),
    )


def event_url(settings: Settings, event: Event, page: str, **query: str) -> str:
    """An address of the web app inside `event`, e.g. its login page with an `sso_error`."""
    base = f"{settings.public_url}/{quote(event.internal_name, safe='')}/{page}"
    return f"{base}?{urlencode(query)}" if query else base


def complete_url(settings: Settings, event: Event, next_path: str) -> str:
    return event_url(settings, event, "sso-complete", next=next_path)


def error_url(settings: Settings, event: Event, code: ErrorCode) -> str:
    return event_url(settings, event, "login", sso_error=code.value)


async def create_handoff(
    session: AsyncSession, services: Services, person: Person, event: Event, next_path: str
) -> str:
    """A new hand-off for `person` into `event`; the code for the cookie."""
    now = services.clock.now()
    await session.execute(delete(SsoHandoff).where(SsoHandoff.expires_at < now))
    code = random_token()
    session.add(
        SsoHandoff(
            code_hash=digest(code),
            person_id=person.id,
            event_id=event.id,
            next_path=next_path,
            created_at=now,
            expires_at=now + HANDOFF_LIFETIME,
        )
    )
    await session.flush()
    return code


def _invalid(message: str) -> ApiError:
    return ApiError(ErrorCode.SSO_HANDOFF_INVALID, message)


async def redeem(
    session: AsyncSession, services: Services, code: str | None, event_id: str
) -> LoginResponse:
    """Use up the hand-off `code` names and log its person in to `event_id`, under the login
    rules once more (the account or the customer may have been disabled meanwhile)."""
    if not code:
        raise _invalid("No sign-in to complete here: the sign-in cookie is missing")
    now, code_hash = services.clock.now(), digest(code)
    used = await session.execute(
        update(SsoHandoff)
        .where(
            SsoHandoff.code_hash == code_hash,
            SsoHandoff.used_at.is_(None),
            SsoHandoff.expires_at > now,
        )
        .values(used_at=now)
    )
    handoff = await session.get(SsoHandoff, code_hash)
    if handoff is None or not getattr(used, "rowcount", 0):
        raise _invalid("This sign-in was completed already or took too long; sign in again")
    # Used up for good, whatever follows.
    await session.commit()
    if handoff.event_id != event_id:
        raise _invalid("This sign-in is for another event; sign in again")
    event = await session.get(Event, handoff.event_id)
    person = await session.get(Person, handoff.person_id)
    if event is None or person is None:  # removed within the minute
        raise _invalid("This sign-in is no longer valid; sign in again")
    await check_customer_active(session, event.customer_id)
    if person.is_disabled:
        return LoginResponse.of(LoginReason.ACCOUNT_DISABLED, event_id=event.id)
    grants = list((await session.scalars(select(Admin).where(Admin.person_id == person.id))).all())
    admins = Principal(person, "", NULL_ID, grants).admins_event(event)
    if not admins and not await is_email_allowed(session, event.id, person.login_email):
        return LoginResponse.of(LoginReason.NOT_ATTENDEE, event_id=event.id)
    if not admins:
        await check_not_removed(session, event.id, person.id)
    await enrol(session, services, person.id, event.id)
    token = await issue_token(session, services, person, event.id)
    return LoginResponse.of(
        LoginReason.LOGIN_OK, token=token, person_id=person.id, event_id=event.id
    )
