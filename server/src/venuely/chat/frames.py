"""Chat's realtime frames (protocol/README.md §4, opcodes 4–16, 23 and 46): one payload model
each.

Commands (client → server) ignore fields they do not know and declare which opcode answers a
refusal and which of their fields it echoes; `realtime.registry` does the answering. Notices
(server → client) list the protocol's fields in its order, which is the encoding's. The room
model and the read info are also what REST answers (`schemas.py` adds REST's own shapes).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field

from venuely.core.errors import ErrorEnvelope
from venuely.core.ids import Id
from venuely.realtime.frames import Inbound, Outbound, inbound, outbound
from venuely.realtime.opcodes import Opcode

# 1–64 printable ASCII characters (protocol §1).
TMP_ID_PATTERN = r"^[\x20-\x7e]{1,64}$"
MAX_TEXT = 4000
MAX_TITLE = 100
MAX_MEMBERS = 100

TmpId = Annotated[str, Field(pattern=TMP_ID_PATTERN)]
# The text rules (empty, longer than MAX_TEXT) are the service's, so REST and the socket answer
# TEXT_EMPTY / TEXT_TOO_LONG at any length; the frame and body size limits bound it before that.
TextStr = str


# -- server → client -----------------------------------------------------------------------------


class ChatroomOut(Outbound):
    """The chat room model, as `GET /events/{EventID}/activities/chatrooms/{ChatroomID}` and
    CHATROOM_CREATE_NOTIFY carry it."""

    ID: str
    EventID: str
    Title: str
    InternalName: str
    IsPrivate: bool
    Type: Literal["broadcast", "direct", "group", "support"]
    CreatedAt: datetime
    LastMessageID: str
    # Direct and group rooms: their members; the broadcast room: [] (everybody in the event,
    # listed by the paged attendee-ids call instead).
    AttendeeIDs: list[str]


@outbound(Opcode.CHAT_MESSAGE_SEND_NOTIFY, Opcode.CHAT_MESSAGE_EDIT_NOTIFY)
class ChatMessageFrame(Outbound):
    """The chat message model of protocol §4 (REST's `ChatMessageOut` adds to it)."""

    ID: str
    EventID: str
    TmpID: str
    # None once the author's account was erased (privacy/): clients show "Deleted user".
    SenderID: str | None
    ReceiverIDs: list[str]
    ChatroomID: str
    CreatedAt: datetime
    LikeCount: int
    DislikeCount: int
    ReadBy: list[str]
    Text: str
    IsDeletedByAuthor: bool
    IsBanned: bool
    RepliedToMessageID: str | None


@outbound(Opcode.CHATROOM_CREATE_NOTIFY)
class RoomCreated(Outbound):
    TmpID: str
    InviterID: str
    InviteeID: str | None
    ChatroomModel: ChatroomOut


@outbound(Opcode.CHAT_MESSAGE_DELETE_NOTIFY)
class DeleteNotice(Outbound):
    ID: str
    DeleterID: str
    ReceiverIDs: list[str]
    ChatroomID: str


@outbound(Opcode.CHAT_MESSAGE_READ_NOTIFY)
class ChatPersonStatusOut(Outbound):
    """The read info; REST answers it too, with `Created`/`Updated` null while nothing was read."""

    ID: str
    EventID: str
    Created: datetime | None
    Updated: datetime | None
    PersonID: str
    ChatroomID: str
    LastReadChatMessageID: str


class MuteOut(Outbound):
    """A row of a person's mutes, as `GET /events/{EventID}/chat-mutes` and CHAT_MUTES_NOTIFY
    carry it."""

    PersonID: str
    Blocked: bool
    CreatedAt: datetime


@outbound(Opcode.CHAT_MUTES_NOTIFY)
class MutesNotice(Outbound):
    """The muter's whole list after a change, to their person channel: every tab agrees, and
    the hub's mute filter of each process with one of their sockets reads it (realtime/
    mutefilter.py)."""

    EventID: str
    Mutes: list[MuteOut]


outbound(
    Opcode.CHATROOM_CREATE_ERROR,
    Opcode.CHAT_MESSAGE_SEND_ERROR,
    Opcode.CHAT_MESSAGE_EDIT_ERROR,
    Opcode.CHAT_MESSAGE_DELETE_ERROR,
)(ErrorEnvelope)


# -- client → server -----------------------------------------------------------------------------


@inbound(Opcode.CHATROOM_CREATE, error=Opcode.CHATROOM_CREATE_ERROR, echo=("TmpID", "InviteeID"))
class RoomCreateIn(Inbound):
    """`InviteeID` for a direct chat, or `Title` and `MemberIDs` for a group."""

    TmpID: TmpId
    EventID: Id
    InviteeID: Id | None = None
    Title: Annotated[str, Field(min_length=1, max_length=MAX_TITLE)] | None = None
    MemberIDs: Annotated[list[Id], Field(max_length=MAX_MEMBERS * 2)] | None = None


@inbound(
    Opcode.CHAT_MESSAGE_SEND, error=Opcode.CHAT_MESSAGE_SEND_ERROR, echo=("TmpID", "ChatroomID")
)
class SendIn(Inbound):
    TmpID: TmpId
    ChatroomID: Id
    Text: TextStr
    RepliedToMessageID: Id | None = None


@inbound(Opcode.CHAT_MESSAGE_EDIT, error=Opcode.CHAT_MESSAGE_EDIT_ERROR, echo=("ID", "ChatroomID"))
class EditIn(Inbound):
    ID: Id
    ChatroomID: Id
    Text: TextStr


@inbound(
    Opcode.CHAT_MESSAGE_DELETE, error=Opcode.CHAT_MESSAGE_DELETE_ERROR, echo=("ID", "ChatroomID")
)
class DeleteIn(Inbound):
    ID: Id
    ChatroomID: Id


# READ has no error opcode of its own: refusals come as ERROR with `Opcode: 15` (protocol §4).
@inbound(Opcode.CHAT_MESSAGE_READ, echo=("ChatroomID",))
class ReadIn(Inbound):
    ChatroomID: Id
    LastReadChatMessageID: Id
