"""WebSocket close codes (protocol/README.md §7) and how an error code reaches a socket.

Error codes themselves, frame-layer ones included, are declared once in the catalogue
(`venuely.core.error_codes`); ERROR and *_ERROR frames carry its envelope. What stays here is
what only a socket has: its close codes, and which errors close it rather than answer.
"""

from __future__ import annotations

from enum import IntEnum

from venuely.core.error_codes import ErrorCode, Realtime


class CloseCode(IntEnum):
    """Application close codes (RFC 6455 reserves 4000-4999 for applications).

    Browsers cannot read the HTTP status of a refused handshake, so the gateway accepts the
    upgrade and closes with one of these: the code is the only reason a web client ever sees.
    An error the catalogue marks `Realtime.CLOSE` closes with the member of its own name.
    """

    UNAUTHENTICATED = 4001
    ORIGIN_REFUSED = 4003
    NOT_WHITELISTED = 4005
    JWT_EXPIRED = 4006
    SLOW_CONSUMER = 4008
    TOO_MANY_MALFORMED_FRAMES = 4009
    MAX_CONNECTIONS = 4010
    TOKEN_REVOKED = 4011
    IDLE_TIMEOUT = 4012
    INBOUND_RATE_EXCEEDED = 4029


def close_code_for(code: ErrorCode) -> CloseCode | None:
    """The close code an error ends a socket with, or None when it is answered with a frame."""
    if code.spec.realtime is Realtime.CLOSE:
        return CloseCode[code.value]
    return None
