"""Realtime error codes and WebSocket close codes, mirroring protocol/README.md §6 and §7.

ERROR and *_ERROR frames carry the REST envelope `{"Error": {"Code", "Message", "Data"}}`, so a
client has one error shape to handle. Where a situation already has a REST code, realtime reuses
its spelling (see `SHARED_WITH_REST`) instead of inventing a synonym.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Any


class RealtimeErrorCode(StrEnum):
    # Frame layer: raised by the codec; the frame is dropped.
    FRAME_HEADER = "FRAME_HEADER"
    FRAME_TOO_LARGE = "FRAME_TOO_LARGE"
    BAD_MAGIC = "BAD_MAGIC"
    BAD_VERSION = "BAD_VERSION"
    BAD_CHECKSUM = "BAD_CHECKSUM"
    UNKNOWN_OPCODE = "UNKNOWN_OPCODE"
    BAD_COMPRESSION = "BAD_COMPRESSION"
    PAYLOAD_TOO_LARGE = "PAYLOAD_TOO_LARGE"
    BAD_PAYLOAD = "BAD_PAYLOAD"
    # Dispatch: a well-formed frame the server will not act on.
    OPCODE_NOT_ACCEPTED = "OPCODE_NOT_ACCEPTED"
    MISSING_PARAMETER = "MISSING_PARAMETER"
    VALIDATION_ERROR = "VALIDATION_ERROR"
    RATE_LIMITED = "RATE_LIMITED"
    SERVER_BUSY = "SERVER_BUSY"
    INTERNAL_ERROR = "INTERNAL_ERROR"
    # Chat rules.
    FORBIDDEN = "FORBIDDEN"
    NOT_A_MEMBER = "NOT_A_MEMBER"
    CHATROOM_NOT_FOUND = "CHATROOM_NOT_FOUND"
    MESSAGE_NOT_FOUND = "MESSAGE_NOT_FOUND"
    PERSON_NOT_FOUND = "PERSON_NOT_FOUND"
    TEXT_EMPTY = "TEXT_EMPTY"
    TEXT_TOO_LONG = "TEXT_TOO_LONG"
    CANNOT_INVITE_SELF = "CANNOT_INVITE_SELF"
    TOO_MANY_MEMBERS = "TOO_MANY_MEMBERS"
    # Panorama uploader.
    BAD_IMAGE = "BAD_IMAGE"
    UPLOAD_FAILED = "UPLOAD_FAILED"


FRAME_ERROR_CODES: frozenset[RealtimeErrorCode] = frozenset(
    {
        RealtimeErrorCode.FRAME_HEADER,
        RealtimeErrorCode.FRAME_TOO_LARGE,
        RealtimeErrorCode.BAD_MAGIC,
        RealtimeErrorCode.BAD_VERSION,
        RealtimeErrorCode.BAD_CHECKSUM,
        RealtimeErrorCode.UNKNOWN_OPCODE,
        RealtimeErrorCode.BAD_COMPRESSION,
        RealtimeErrorCode.PAYLOAD_TOO_LARGE,
        RealtimeErrorCode.BAD_PAYLOAD,
    }
)

# Codes spelled exactly as in `venuely.core.errors.ErrorCode`; a test keeps them in step.
SHARED_WITH_REST: frozenset[RealtimeErrorCode] = frozenset(
    {
        RealtimeErrorCode.MISSING_PARAMETER,
        RealtimeErrorCode.VALIDATION_ERROR,
        RealtimeErrorCode.RATE_LIMITED,
        RealtimeErrorCode.SERVER_BUSY,
        RealtimeErrorCode.INTERNAL_ERROR,
        RealtimeErrorCode.FORBIDDEN,
        RealtimeErrorCode.PERSON_NOT_FOUND,
    }
)


class CloseCode(IntEnum):
    """Application close codes (RFC 6455 reserves 4000-4999 for applications).

    Browsers cannot read the HTTP status of a refused handshake, so the gateway accepts the
    upgrade and closes with one of these: the code is the only reason a web client ever sees.
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


def error_envelope(
    code: RealtimeErrorCode, message: str, data: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {"Error": {"Code": code.value, "Message": message, "Data": data or {}}}
