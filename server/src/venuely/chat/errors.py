"""One exception for chat rules, readable by both wires.

The socket answers with the protocol's chat codes (protocol/README.md §6); REST answers with the
same code in its envelope and a fitting status. The one deliberate difference: a non-member asking
about a room gets `NOT_A_MEMBER` on the socket (it is talking about a room it named) but REST's
404 `CHATROOM_NOT_FOUND`, so a URL never confirms that someone else's room exists.
"""

from __future__ import annotations

from typing import Any

from venuely.core.errors import ApiError, ErrorCode
from venuely.realtime.errors import RealtimeErrorCode

C = RealtimeErrorCode

# REST status and the nearest REST code (ApiError keeps a REST `code` for anything generic
# that inspects it); the envelope itself carries the chat code.
_REST: dict[RealtimeErrorCode, tuple[int, ErrorCode]] = {
    C.CHATROOM_NOT_FOUND: (404, ErrorCode.NOT_FOUND),
    C.NOT_A_MEMBER: (404, ErrorCode.NOT_FOUND),
    C.MESSAGE_NOT_FOUND: (404, ErrorCode.NOT_FOUND),
    C.PERSON_NOT_FOUND: (404, ErrorCode.PERSON_NOT_FOUND),
    C.FORBIDDEN: (403, ErrorCode.FORBIDDEN),
    C.TEXT_EMPTY: (422, ErrorCode.VALIDATION_ERROR),
    C.TEXT_TOO_LONG: (422, ErrorCode.VALIDATION_ERROR),
    C.CANNOT_INVITE_SELF: (422, ErrorCode.VALIDATION_ERROR),
    C.TOO_MANY_MEMBERS: (422, ErrorCode.VALIDATION_ERROR),
    C.VALIDATION_ERROR: (422, ErrorCode.VALIDATION_ERROR),
    C.MISSING_PARAMETER: (422, ErrorCode.MISSING_PARAMETER),
    C.RATE_LIMITED: (429, ErrorCode.RATE_LIMITED),
}


class ChatError(ApiError):
    def __init__(
        self,
        chat_code: RealtimeErrorCode,
        message: str,
        data: dict[str, Any] | None = None,
        *,
        headers: dict[str, str] | None = None,
    ) -> None:
        status, rest_code = _REST.get(chat_code, (400, ErrorCode.BAD_REQUEST))
        super().__init__(rest_code, message, data, headers=headers)
        self.chat_code = chat_code
        self._status = status

    @property
    def status(self) -> int:
        return self._status

    @property
    def rest_code(self) -> str:
        if self.chat_code is C.NOT_A_MEMBER:
            return C.CHATROOM_NOT_FOUND.value
        return self.chat_code.value

    def envelope(self) -> dict[str, Any]:
        message = self.message
        if self.chat_code is C.NOT_A_MEMBER:
            message = "No such chat room in this event"
        return {"Error": {"Code": self.rest_code, "Message": message, "Data": self.data}}


def room_not_found(room_id: str) -> ChatError:
    return ChatError(
        C.CHATROOM_NOT_FOUND, "No such chat room in this event", {"ChatroomID": room_id}
    )


def not_a_member(room_id: str) -> ChatError:
    return ChatError(
        C.NOT_A_MEMBER, "You are not a member of this chat room", {"ChatroomID": room_id}
    )


def message_not_found(room_id: str, message_id: str) -> ChatError:
    return ChatError(
        C.MESSAGE_NOT_FOUND,
        "No such message in this chat room",
        {"ChatroomID": room_id, "ChatMessageID": message_id},
    )


def forbidden(message: str, data: dict[str, Any] | None = None) -> ChatError:
    return ChatError(C.FORBIDDEN, message, data)
