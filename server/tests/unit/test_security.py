from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from venuely.core.security import TokenClaims, TokenError, decode_jwt, encode_jwt

SECRET = "s" * 64


def _token(issued: datetime, ttl: timedelta) -> str:
    claims = TokenClaims("a" * 24, "b" * 24, "c" * 24, issued, issued + ttl)
    return encode_jwt(claims, SECRET)


def test_expiry_follows_the_servers_clock_not_the_os_clock() -> None:
    future = datetime.now(UTC) + timedelta(days=30)
    token = _token(future, timedelta(hours=1))
    assert decode_jwt(token, SECRET, future + timedelta(minutes=59))["person_id"] == "a" * 24
    with pytest.raises(TokenError) as caught:
        decode_jwt(token, SECRET, future + timedelta(hours=1))
    assert caught.value.expired


def test_other_algorithms_are_refused() -> None:
    import jwt

    forged = jwt.encode(
        {"person_id": "a", "event_id": "b", "jti": "c", "iat": 1, "exp": 2**40},
        SECRET,
        algorithm="HS512",
    )
    with pytest.raises(TokenError) as caught:
        decode_jwt(forged, SECRET, datetime.now(UTC))
    assert not caught.value.expired
