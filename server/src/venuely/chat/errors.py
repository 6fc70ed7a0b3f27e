"""Chat's common refusals, as `ApiError`s with the protocol's chat codes.

The codes, their REST statuses and realtime forms are in the error catalogue
(`core/error_codes.py`); both wires send the code raised here. The one deliberate difference is
the catalogue's: `NOT_A_MEMBER` on the socket (it talks about a room the client named) is 404
`CHATROOM_NOT_FOUND` over REST, so a URL never confirms that someone else's room exists.
"""

from __future__ import annotations

from typing import Any

from venuely.core.errors import ApiError, ErrorCode


def room_not_found(room_id: str) -> ApiError:
    return ApiError(
        ErrorCode.CHATROOM_NOT_FOUND, "No such chat room in this event", {"ChatroomID": room_id}
    )


def not_a_member(room_id: str) -> ApiError:
    return ApiError(
        ErrorCode.NOT_A_MEMBER, "You are not a member of this chat room", {"ChatroomID": room_id}
    )


def message_not_found(room_id: str, message_id: str) -> ApiError:
    return ApiError(
        ErrorCode.MESSAGE_NOT_FOUND,
        "No such message in this chat room",
        {"ChatroomID": room_id, "ChatMessageID": message_id},
    )


def forbidden(message: str, data: dict[str, Any] | None = None) -> ApiError:
    return ApiError(ErrorCode.FORBIDDEN, message, data)
