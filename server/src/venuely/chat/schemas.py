"""Wire shapes of chat, for REST answers and realtime payloads alike.

Field order is the protocol's (protocol/README.md §4): frames are JSON encoded from these models,
and the protocol pins member order so encodings are reproducible.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

ID_PATTERN = r"^[0-9a-f]{24}$"
# 1–64 printable ASCII characters (protocol §1).
TMP_ID_PATTERN = r"^[\x20-\x7e]{1,64}$"
MAX_TEXT = 4000
MAX_TITLE = 100
MAX_MEMBERS = 100

Id = Annotated[str, Field(pattern=ID_PATTERN)]
TmpId = Annotated[str, Field(pattern=TMP_ID_PATTERN)]
# Text rules (empty, too long) are the service's, so REST and socket answer with the same
# codes; this bound only stops absurd bodies before they are parsed further.
TextStr = Annotated[str, Field(max_length=MAX_TEXT * 4)]


class RequestModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChatMessageOut(BaseModel):
    ID: str
    EventID: str
    TmpID: str
    SenderID: str
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
    EditedAt: datetime | None = None


class ChatroomOut(BaseModel):
    ID: str
    EventID: str
    Title: str
    InternalName: str
    IsPrivate: bool
    Type: Literal["broadcast", "direct", "group"]
    CreatedAt: datetime
    LastMessageID: str
    # Direct and group rooms: their members; the broadcast room: [] (everybody in the event,
    # listed by the paged attendee-ids call instead).
    AttendeeIDs: list[str]


class ChatPersonStatusOut(BaseModel):
    ID: str
    EventID: str
    Created: datetime | None
    Updated: datetime | None
    PersonID: str
    ChatroomID: str
    LastReadChatMessageID: str


class DeleteNotice(BaseModel):
    ID: str
    DeleterID: str
    ReceiverIDs: list[str]
    ChatroomID: str


class RoomCreated(BaseModel):
    TmpID: str
    InviterID: str
    InviteeID: str | None
    ChatroomModel: ChatroomOut


class CountOut(BaseModel):
    Count: int


class ChatMessageIn(RequestModel):
    TmpID: TmpId
    Text: TextStr
    RepliedToMessageID: Id | None = None


class ChatMessageUpdate(RequestModel):
    """Authors change `Text`; moderators set `IsBanned` to hide a message; any member may add a
    `Reaction`. Unknown fields are refused, everything else in a message is the server's."""

    Text: TextStr | None = None
    IsBanned: Literal[True] | None = None
    Reaction: Literal["Like", "Dislike"] | None = None


class RoomCreateIn(RequestModel):
    """CHATROOM_CREATE: `InviteeID` for a direct chat, or `Title` and `MemberIDs` for a group."""

    model_config = ConfigDict(extra="ignore")  # protocol §1: receivers ignore unknown fields

    TmpID: TmpId
    EventID: Id
    InviteeID: Id | None = None
    Title: Annotated[str, Field(min_length=1, max_length=MAX_TITLE)] | None = None
    MemberIDs: Annotated[list[Id], Field(max_length=MAX_MEMBERS * 2)] | None = None
