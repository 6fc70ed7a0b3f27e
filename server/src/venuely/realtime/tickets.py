"""Connection tickets (protocol/README.md §2): short-lived, single use, bound to a token.

Browsers cannot set an Authorization header on a WebSocket, and a bearer token in a URL would end
up in proxy logs for its whole lifetime. So the client trades its token for a ticket over REST and
puts that in the URL: it is worthless 30 seconds later, or once used.

A ticket is signed, not stored. It carries the auth session it was minted for, the event it
opens, its expiry and a random nonce, under an HMAC keyed from the server secret. Issuing it
writes nothing and redeeming it reads only the auth session row (which the socket needs anyway,
to know its caller), so a connection ramp is no longer two database writes per socket — on
SQLite, one writer for the whole server, that was the ramp's ceiling. Single use is enforced by
claiming the nonce in the hub (`claim_ticket`): in memory on one process, `SET NX` in Redis
across processes. Revoking the token still refuses its tickets: redemption re-reads the session.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
import struct
from dataclasses import dataclass
from datetime import timedelta

from venuely.core.services import Services

TICKET_TTL = timedelta(seconds=30)

_VERSION = 1
# version, expiry in Unix milliseconds, nonce, auth session id, event id (ids are 24 hex = 12 bytes)
_BODY = struct.Struct(">BQ16s12s12s")
_TAG_BYTES = 16  # HMAC-SHA256 truncated to 128 bits
_TICKET_BYTES = _BODY.size + _TAG_BYTES
TICKET_LENGTH = len(base64.urlsafe_b64encode(bytes(_TICKET_BYTES)).rstrip(b"="))


@dataclass(frozen=True, slots=True)
class TicketGrant:
    """What a valid signature vouches for. The session may have been revoked since: the gateway
    re-reads it before admitting the socket."""

    session_id: str
    event_id: str
    # Random per ticket and covered by the tag: the key under which the single use is claimed.
    nonce: bytes


def _key(secret: str) -> bytes:
    # Derived, not the secret itself: the same secret signs access tokens, and a value signed
    # for one purpose must never verify as the other.
    return hmac.new(secret.encode("utf-8"), b"venuely realtime ticket v1", hashlib.sha256).digest()


def _tag(secret: str, body: bytes) -> bytes:
    return hmac.new(_key(secret), body, hashlib.sha256).digest()[:_TAG_BYTES]


def _now_ms(services: Services) -> int:
    return int(services.clock.now().timestamp() * 1000)


def issue_ticket(services: Services, *, session_id: str, event_id: str) -> str:
    expires_ms = _now_ms(services) + int(TICKET_TTL.total_seconds() * 1000)
    body = _BODY.pack(
        _VERSION,
        expires_ms,
        secrets.token_bytes(16),
        bytes.fromhex(session_id),
        bytes.fromhex(event_id),
    )
    raw = body + _tag(services.settings.secret_key, body)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def verify_ticket(services: Services, ticket: str) -> TicketGrant | None:
    """The ticket's contents when it is ours, untampered and unexpired; None otherwise.

    This does not consume it: the caller claims `grant.nonce` once it knows the rest is good.
    """
    if len(ticket) != TICKET_LENGTH:
        return None
    try:
        raw = base64.urlsafe_b64decode(ticket + "=" * (-len(ticket) % 4))
    except (binascii.Error, ValueError):
        return None
    if len(raw) != _TICKET_BYTES:
        return None
    body, tag = raw[: _BODY.size], raw[_BODY.size :]
    if not hmac.compare_digest(tag, _tag(services.settings.secret_key, body)):
        return None
    version, expires_ms, nonce, session_raw, event_raw = _BODY.unpack(body)
    if version != _VERSION or expires_ms <= _now_ms(services):
        return None
    return TicketGrant(session_id=session_raw.hex(), event_id=event_raw.hex(), nonce=nonce)
