"""Wire shapes of chat's REST routes. The models REST shares with the realtime frames (the room
model, the read info) and the limits live with the frames, in `frames.py`."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from venuely.chat.frames import (
    MAX_MEMBERS,
    MAX_TEXT,
    MAX_TITLE,
    ChatMessageFrame,
    ChatPersonStatusOut,
    ChatroomOut,
    TextStr,
    TmpId,
)
from venuely.core.ids import Id

# Persons one invitation adds to a group at most (the group's own cap is MAX_MEMBERS).
MAX_INVITEES = 50

__all__ = [
    "MAX_MEMBERS",
    "MAX_TEXT",
    "MAX_TITLE",
    "ChatMessageIn",
    "ChatMessageOut",
    "ChatMessageUpdate",
    "ChatPersonStatusOut",
    "ChatroomOut",
    "CountOut",
    "GroupInviteIn",
    "MuteIn",
]


class RequestModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChatMessageOut(ChatMessageFrame):
    """A message as REST answers it: the protocol's chat message model, plus when it was last
    edited and the caller's own reaction (REST only: the frames carry exactly the protocol's
    fields, and go to everyone)."""

    EditedAt: datetime | None = None
    MyReaction: Literal["Like", "Dislike"] | None = None

    def frame(self) -> ChatMessageFrame:
        """The same message as SEND_NOTIFY / EDIT_NOTIFY carry it (values already validated)."""
        fields = ChatMessageFrame.model_fields
        return ChatMessageFrame.model_construct(**{name: getattr(self, name) for name in fields})


class CountOut(BaseModel):
    Count: int


class ChatMessageIn(RequestModel):
    TmpID: TmpId
    Text: TextStr
    RepliedToMessageID: Id | None = None


class ChatMessageUpdate(RequestModel):
    """Authors change `Text`; moderators set `IsBanned` to hide a message; any member sets their
    own `Reaction` ("None" takes it back). Unknown fields are refused, everything else in a
    message is the server's."""

    Text: TextStr | None = None
    IsBanned: Literal[True] | None = None
    Reaction: Literal["Like", "Dislike", "None"] | None = None


class MuteIn(RequestModel):
    """Mute (`Blocked` false, the default) or block a person."""

    Blocked: bool = False


class GroupInviteIn(RequestModel):
    PersonIDs: Annotated[list[Id], Field(min_length=1, max_length=MAX_INVITEES)]
