"""Password hashing, signed tokens and single-use secrets.

- Passwords: argon2id with parameters at or above the OWASP minimum (t=2, m=19 MiB, p=1).
- Access tokens: HS256 JWTs, the algorithm pinned on decode so `alg: none` or RS/HS confusion
  cannot be smuggled in. Expiry and revocation are also enforced server-side (accounts/tokens.py).
- Mail secrets (reset links, verification codes): only their SHA-256 is stored.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import jwt
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

JWT_ALGORITHM = "HS256"

_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
# Verified against when the account does not exist, so unknown and known emails take equal time.
_DUMMY_HASH = _hasher.hash(secrets.token_urlsafe(16))


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return _hasher.check_needs_rehash(password_hash)


def random_token() -> str:
    """A URL-safe secret with 256 bits of entropy."""
    return secrets.token_urlsafe(32)


def random_code(digits: int = 6) -> str:
    return f"{secrets.randbelow(10**digits):0{digits}d}"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def digests_equal(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


@dataclass(frozen=True, slots=True)
class TokenClaims:
    person_id: str
    event_id: str
    jti: str
    issued_at: datetime
    expires_at: datetime


class TokenError(Exception):
    def __init__(self, *, expired: bool) -> None:
        super().__init__("expired" if expired else "invalid")
        self.expired = expired


def encode_jwt(claims: TokenClaims, secret: str) -> str:
    payload: dict[str, Any] = {
        "person_id": claims.person_id,
        "event_id": claims.event_id,
        "jti": claims.jti,
        "iat": int(claims.issued_at.timestamp()),
        "exp": int(claims.expires_at.timestamp()),
    }
    return jwt.encode(payload, secret, algorithm=JWT_ALGORITHM)


def decode_jwt(token: str, secret: str, now: datetime) -> dict[str, Any]:
    """Check signature and claims; expiry is judged against the injected clock, not the OS clock."""
    try:
        payload: dict[str, Any] = jwt.decode(
            token,
            secret,
            algorithms=[JWT_ALGORITHM],
            options={
                "require": ["exp", "iat", "jti", "person_id", "event_id"],
                # Time claims are judged below against the injected clock only.
                "verify_exp": False,
                "verify_iat": False,
                "verify_nbf": False,
            },
        )
    except jwt.PyJWTError as exc:
        raise TokenError(expired=False) from exc
    exp = payload.get("exp")
    if not isinstance(exp, int) or exp <= int(now.timestamp()):
        raise TokenError(expired=isinstance(exp, int))
    return payload
