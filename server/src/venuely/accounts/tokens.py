"""Access tokens: issue, authenticate and revoke.

A token is a JWT whose `jti` names a row in `auth_sessions`. The signature proves who issued it;
the row decides whether it is still good, so logout, password reset and account removal take
effect at once for REST and open sockets. `check_session` is that decision, the one both paths
take: a bearer token (`authenticate`) and a socket's ticket, which names the session it was
minted from (`accounts/socket.py`). Expiry is checked against the server's clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import bindparam, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import AuthSession, Person
from venuely.admins.models import Admin
from venuely.core.errors import JWT_EXPIRED_TEXT, ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.security import TokenClaims, TokenError, decode_jwt, encode_jwt
from venuely.core.services import Services

_BEARER_CHALLENGE = 'Bearer error="invalid_token"'


def _unauthorized(code: ErrorCode, message: str) -> ApiError:
    challenge = f'{_BEARER_CHALLENGE}, error_description="{message}"'
    return ApiError(code, message, headers={"WWW-Authenticate": challenge})


async def issue_token(
    session: AsyncSession,
    services: Services,
    person: Person,
    event_id: str,
    *,
    preview: bool = False,
) -> str:
    now = services.clock.now()
    expires = now + timedelta(seconds=services.settings.token_ttl_seconds)
    row = AuthSession(
        id=new_id(),
        person_id=person.id,
        event_id=event_id,
        created_at=now,
        expires_at=expires,
        is_preview=preview,
    )
    session.add(row)
    await session.flush()
    claims = TokenClaims(
        person_id=person.id, event_id=event_id, jti=row.id, issued_at=now, expires_at=expires
    )
    return encode_jwt(claims, services.settings.secret_key)


# Built once: every REST call and socket command runs it, and a statement built per call costs
# its construction and its cache-key walk each time (a good part of a request's CPU).
_SESSION_WITH_GRANTS = (
    select(AuthSession, Person, Admin)
    .join(Person, Person.id == AuthSession.person_id)
    .outerjoin(Admin, Admin.person_id == Person.id)
    .where(AuthSession.id == bindparam("session_id"))
)


async def session_with_grants(
    session: AsyncSession, session_id: str
) -> tuple[AuthSession, Person, list[Admin]] | None:
    """The auth session, its person and the person's admin grants in one query (a row per
    grant, or one row with no grant), or None when the session no longer exists. Every REST call
    and every socket command runs it, so it is one round trip, not two."""
    rows = (await session.execute(_SESSION_WITH_GRANTS, {"session_id": session_id})).all()
    if not rows:
        return None
    auth, person = rows[0][0], rows[0][1]
    return auth, person, [row[2] for row in rows if row[2] is not None]


SessionGrants = tuple[AuthSession, Person, list[Admin]]


async def check_session(
    session: AsyncSession,
    services: Services,
    session_id: str,
    *,
    claims: tuple[str, str] | None = None,
) -> SessionGrants:
    """The auth session `session_id` with its person and grants, if it still counts: not revoked
    (the row exists), issued for `claims` (person id, event id) when a token names them, not
    expired by the server's clock, and its person not disabled. Otherwise the 401 that says why;
    on a socket, TOKEN_REVOKED and JWT_EXPIRED close it (the error catalogue says so)."""
    return session_verdict(services, await session_with_grants(session, session_id), claims)


def session_verdict(
    services: Services, found: SessionGrants | None, claims: tuple[str, str] | None
) -> SessionGrants:
    """`check_session`'s decision on a session already read (None: no such row), for a caller
    that read it inside a statement of its own (the `EventMember` policy)."""
    if found is None:
        raise session_revoked()
    auth, person, grants = found
    if claims is not None and (auth.person_id, auth.event_id) != claims:
        raise claims_mismatch()
    check_session_state(services, auth.expires_at, person.is_disabled)
    return auth, person, grants


def session_revoked() -> ApiError:
    return _unauthorized(ErrorCode.TOKEN_REVOKED, "Token has been revoked")


def check_session_state(services: Services, expires_at: datetime, person_disabled: bool) -> None:
    """An existing auth session still counts: not expired by the server's clock, its person
    not disabled (`check_session`, and the socket commands' lean check in permissions.py)."""
    if expires_at <= services.clock.now():
        raise _unauthorized(ErrorCode.JWT_EXPIRED, JWT_EXPIRED_TEXT)
    if person_disabled:
        raise _unauthorized(ErrorCode.TOKEN_REVOKED, "Account is disabled")


@dataclass(frozen=True, slots=True)
class BearerClaims:
    """What a valid bearer token's signature vouches for: its auth session, person and event."""

    session_id: str
    person_id: str
    event_id: str


def read_claims(services: Services, token: str) -> BearerClaims:
    """The token's claims if its signature holds and it has not expired; otherwise the 401 that
    says which. Nothing is read from the database: `check_session` says if the session counts."""
    try:
        payload = decode_jwt(token, services.settings.secret_key, services.clock.now())
    except TokenError as exc:
        if exc.expired:
            raise _unauthorized(ErrorCode.JWT_EXPIRED, JWT_EXPIRED_TEXT) from exc
        raise _unauthorized(ErrorCode.TOKEN_INVALID, "Token is not valid") from exc
    return BearerClaims(str(payload["jti"]), str(payload["person_id"]), str(payload["event_id"]))


def claims_mismatch() -> ApiError:
    return _unauthorized(ErrorCode.TOKEN_INVALID, "Token is not valid")


async def authenticate(session: AsyncSession, services: Services, token: str) -> SessionGrants:
    claims = read_claims(services, token)
    pair = (claims.person_id, claims.event_id)
    return await check_session(session, services, claims.session_id, claims=pair)


async def revoke(session: AsyncSession, session_id: str) -> None:
    await session.execute(delete(AuthSession).where(AuthSession.id == session_id))


async def revoke_all(session: AsyncSession, person_id: str) -> None:
    await session.execute(delete(AuthSession).where(AuthSession.person_id == person_id))
