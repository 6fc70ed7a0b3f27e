"""The checks an ID token must pass (OpenID Connect Core 1.0 §3.1.3.7), with joserfc.

- signature: by a key of the issuer's published set, with an asymmetric algorithm (never `none`
  nor HS*: a client secret is no proof of who signed);
- `iss` is exactly the configured issuer; `aud` contains our client id, and when it names
  several audiences (or carries `azp` at all) `azp` is our client id;
- `exp` is in the future and `iat` not in the future, both judged by the server's clock with
  `LEEWAY` for clock skew; `iat` is no older than the sign-in itself may be;
- `nonce` is the one this sign-in sent, so a token captured from another sign-in is worthless;
- `sub` is present (the account's stable id at the provider).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from joserfc import jws, jwt
from joserfc.errors import ExpiredTokenError, JoseError, MissingClaimError
from joserfc.jwk import KeySet

LEEWAY = timedelta(seconds=60)
ALGORITHMS = (
    "RS256",
    "RS384",
    "RS512",
    "PS256",
    "PS384",
    "PS512",
    "ES256",
    "ES384",
    "ES512",
    "EdDSA",
)
MAX_TOKEN_LENGTH = 16 * 1024


class TokenRefused(Exception):
    """Why an ID token is refused (logged for operators; people get SSO_TOKEN_INVALID)."""


@dataclass(frozen=True, slots=True)
class Expected:
    issuer: str
    client_id: str
    nonce: str
    now: datetime
    # The oldest `iat` accepted: when the sign-in started, less the leeway.
    issued_after: datetime


def token_header(token: str) -> dict[str, Any]:
    """The protected header, read before the signature is checked (to pick the key)."""
    if len(token) > MAX_TOKEN_LENGTH:
        raise TokenRefused("the ID token is too long")
    try:
        header: dict[str, Any] = jws.extract_compact(token.encode("ascii")).headers()
    except (JoseError, ValueError, UnicodeError) as exc:
        raise TokenRefused(f"the ID token is malformed: {exc}") from None
    if header.get("alg") not in ALGORITHMS:
        raise TokenRefused(f"the ID token is signed with {header.get('alg')!r}, not allowed")
    return header


def verify_id_token(token: str, keys: KeySet, expected: Expected) -> dict[str, Any]:
    """The token's claims when every check passes; TokenRefused naming the first that fails."""
    token_header(token)
    try:
        claims: dict[str, Any] = jwt.decode(token, keys, algorithms=list(ALGORITHMS)).claims
    except JoseError as exc:
        raise TokenRefused(f"the signature does not verify: {exc}") from None
    except ValueError as exc:
        raise TokenRefused(f"the ID token is malformed: {exc}") from None
    registry = jwt.JWTClaimsRegistry(
        now=int(expected.now.timestamp()),
        leeway=int(LEEWAY.total_seconds()),
        iss={"essential": True, "value": expected.issuer},
        aud={"essential": True, "value": expected.client_id},
        sub={"essential": True},
        exp={"essential": True},
        iat={"essential": True},
        nonce={"essential": True, "value": expected.nonce},
    )
    try:
        registry.validate(claims)
    except ExpiredTokenError:
        raise TokenRefused("the ID token has expired") from None
    except MissingClaimError as exc:
        raise TokenRefused(f"the ID token is incomplete: {exc}") from None
    except JoseError as exc:
        raise TokenRefused(f"the ID token is not for this sign-in: {exc}") from None
    _check_azp(claims, expected.client_id)
    if claims["iat"] < (expected.issued_after - LEEWAY).timestamp():
        raise TokenRefused("the ID token was issued before this sign-in started")
    return claims


def _check_azp(claims: dict[str, Any], client_id: str) -> None:
    audience = claims["aud"]
    several = isinstance(audience, list) and len(audience) > 1
    if (several or "azp" in claims) and claims.get("azp") != client_id:
        raise TokenRefused("the ID token was issued to another party (azp)")
