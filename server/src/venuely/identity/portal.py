"""Portal hand-off: a customer's own site, where people are signed in already, sends them into
an event without a second login: `GET /identity/sso/handoff?token=<JWT>`.

The token is an HS256 JWT signed with the customer's hand-off secret (`POST
/customers/{CustomerID}/sso-secret` makes one and shows it once). Claims:
`iss` the CustomerID, `aud` the server's public URL, `sub` the portal's id of the person,
`email` (the portal vouches for it), `given_name` and `family_name` (optional), `event` (an
EventID or internal name of that customer), `next` (optional path inside the event), `exp` at
most `MAX_LIFETIME` ahead, `jti` unique: a token is accepted once (its `jti` is kept until it
expires). Then the person is signed in as after an OpenID sign-in (signin.py, with the portal as
an issuer the customer runs) and handed off through the `venuely_sso` cookie.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from joserfc import jws, jwt
from joserfc.errors import ExpiredTokenError, JoseError
from joserfc.jwk import OctKey
from sqlalchemy import delete, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN
from venuely.core.security import random_token
from venuely.core.services import Services
from venuely.events.models import Customer, Event
from venuely.identity import secrets as secretbox
from venuely.identity.models import CustomerSsoSecret, PortalHandoffUse
from venuely.identity.signin import Assertion, assertion_of

MAX_LIFETIME = timedelta(minutes=2)
LEEWAY = timedelta(seconds=10)
MAX_TOKEN_LENGTH = 4096
MAX_JTI = 200
MAX_SUBJECT = 255
_ID = re.compile(ID_PATTERN)


def invalid(message: str) -> ApiError:
    return ApiError(ErrorCode.SSO_HANDOFF_INVALID, message)


# --- the customer's secret ----------------------------------------------------------------------


async def rotate_secret(session: AsyncSession, services: Services, customer: Customer) -> str:
    """A new secret replacing the old one (tokens signed with the old one stop working)."""
    secret = random_token()
    row = await session.get(CustomerSsoSecret, customer.id)
    encrypted = secretbox.encrypt(services.settings.secret_key, secret)
    if row is None:
        row = CustomerSsoSecret(
            customer_id=customer.id, secret_enc=encrypted, created_at=services.clock.now()
        )
        session.add(row)
    else:
        row.secret_enc, row.created_at = encrypted, services.clock.now()
    await session.flush()
    return secret


async def secret_row(session: AsyncSession, customer_id: str) -> CustomerSsoSecret | None:
    return await session.get(CustomerSsoSecret, customer_id)


async def delete_secret(session: AsyncSession, customer: Customer) -> None:
    row = await session.get(CustomerSsoSecret, customer.id)
    if row is not None:
        await session.delete(row)
        await session.flush()


# --- accepting a token ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PortalSignIn:
    event: Event
    assertion: Assertion
    next_path: str | None


def _unverified_issuer(token: str) -> str:
    """The customer a token claims to come from, read only to find the key that checks it."""
    if len(token) > MAX_TOKEN_LENGTH:
        raise invalid("The hand-off token is too long")
    try:
        compact = jws.extract_compact(token.encode("ascii"))
        claims = json.loads(compact.payload or b"")
    except (JoseError, ValueError, UnicodeError):
        raise invalid("The hand-off token is not a signed JWT") from None
    if compact.headers().get("alg") != "HS256":
        raise invalid("The hand-off token must be signed with HS256")
    issuer = claims.get("iss") if isinstance(claims, dict) else None
    if not isinstance(issuer, str) or not _ID.match(issuer):
        raise invalid("The hand-off token's iss must be a CustomerID")
    return issuer


async def verify_token(session: AsyncSession, services: Services, token: str) -> dict[str, Any]:
    """The claims of a portal token whose signature is good; SSO_HANDOFF_INVALID otherwise."""
    customer_id = _unverified_issuer(token)
    row = await secret_row(session, customer_id)
    if row is None:
        raise invalid("This customer accepts no portal hand-offs (it has no hand-off secret)")
    try:
        secret = secretbox.decrypt(services.settings.secret_key, row.secret_enc)
    except secretbox.SecretUnreadable:
        raise invalid("The customer's hand-off secret must be rotated") from None
    try:
        claims: dict[str, Any] = jwt.decode(token, OctKey.import_key(secret), ["HS256"]).claims
    except (JoseError, ValueError):
        raise invalid("The hand-off token's signature does not verify") from None
    return claims


async def check_claims(
    session: AsyncSession, services: Services, claims: dict[str, Any]
) -> PortalSignIn:
    """The sign-in a verified token asks for: its claims checked and its `jti` used up."""
    now = services.clock.now()
    registry = jwt.JWTClaimsRegistry(
        now=int(now.timestamp()),
        leeway=int(LEEWAY.total_seconds()),
        aud={"essential": True, "value": services.settings.public_url},
        exp={"essential": True},
        jti={"essential": True},
        sub={"essential": True},
        email={"essential": True},
        event={"essential": True},
    )
    try:
        registry.validate(claims)
    except ExpiredTokenError:
        raise invalid("The hand-off token has expired") from None
    except JoseError as exc:
        raise invalid(f"The hand-off token is not acceptable: {exc}") from None
    if claims["exp"] > (now + MAX_LIFETIME + LEEWAY).timestamp():
        raise invalid("The hand-off token lives too long: its exp may be 2 minutes ahead at most")
    jti, subject = claims["jti"], claims["sub"]
    if len(jti) > MAX_JTI or len(subject) > MAX_SUBJECT:
        raise invalid("The hand-off token's jti or sub is too long")
    if not isinstance(claims["email"], str):
        raise invalid("The hand-off token's email must be a string")
    event = await claimed_event(session, claims)
    await _use_jti(session, services, event.customer_id, jti, claims["exp"])
    next_path = claims.get("next")
    return PortalSignIn(
        event=event,
        assertion=assertion_of(claims, vouched=True),
        next_path=next_path if isinstance(next_path, str) else None,
    )


async def claimed_event(session: AsyncSession, claims: dict[str, Any]) -> Event:
    """The event a verified token names, which must be one of its customer's."""
    customer_id, wanted = claims.get("iss"), claims.get("event")
    if not isinstance(customer_id, str):
        raise invalid("The hand-off token's iss must be a CustomerID")
    if not isinstance(wanted, str) or not wanted or len(wanted) > 64:
        raise invalid("The hand-off token's event must be an EventID or internal name")
    event = await session.scalar(
        select(Event).where(
            Event.customer_id == customer_id,
            or_(Event.id == wanted, Event.internal_name == wanted.lower()),
        )
    )
    if event is None:
        raise invalid("The hand-off token names no event of this customer")
    return event


async def _use_jti(
    session: AsyncSession, services: Services, customer_id: str, jti: str, exp: float
) -> None:
    now = services.clock.now()
    await session.execute(delete(PortalHandoffUse).where(PortalHandoffUse.expires_at < now))
    expires = datetime.fromtimestamp(exp, UTC) + LEEWAY
    try:
        async with session.begin_nested():
            session.add(PortalHandoffUse(customer_id=customer_id, jti=jti, expires_at=expires))
    except IntegrityError:
        raise invalid("This hand-off token was used already") from None
