"""The frame declarations hold: a handler takes the model declared for its opcode, a frame is
encoded only from its declared model (a REST model with more fields is refused), a declaration
goes the opcode's direction, and publishing encodes once and survives a failing hub."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest

import venuely.app  # noqa: F401 - every feature's declarations
from venuely.activities.frames import ActivitySync
from venuely.chat.frames import ChatMessageFrame, EditIn, SendIn
from venuely.chat.schemas import ChatMessageOut
from venuely.core.error_codes import ErrorCode
from venuely.realtime.codec import decode_frame
from venuely.realtime.frames import Inbound, Outbound, encode, error_frame, inbound, outbound
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish
from venuely.realtime.registry import ConnectionContext, handles

MESSAGE = ChatMessageOut(
    ID="a" * 24,
    EventID="b" * 24,
    TmpID="t",
    SenderID="c" * 24,
    ReceiverIDs=[],
    ChatroomID="d" * 24,
    CreatedAt=datetime(2026, 5, 9, 12, tzinfo=UTC),
    LikeCount=0,
    DislikeCount=0,
    ReadBy=[],
    Text="hi",
    IsDeletedByAuthor=False,
    IsBanned=False,
    RepliedToMessageID=None,
    EditedAt=datetime(2026, 5, 9, 13, tzinfo=UTC),
)


def test_a_handler_must_take_the_declared_model() -> None:
    with pytest.raises(RuntimeError, match="CHAT_MESSAGE_SEND"):

        @handles(Opcode.CHAT_MESSAGE_SEND, EditIn)  # type: ignore[arg-type]
        async def wrong(ctx: ConnectionContext, body: SendIn) -> None: ...


def test_only_the_declared_model_is_encoded() -> None:
    with pytest.raises(TypeError, match="ChatMessageFrame"):
        encode(Opcode.CHAT_MESSAGE_SEND_NOTIFY, MESSAGE)  # REST's model carries EditedAt
    frame = decode_frame(encode(Opcode.CHAT_MESSAGE_SEND_NOTIFY, MESSAGE.frame()))
    assert list(frame.value) == list(ChatMessageFrame.model_fields)
    with pytest.raises(TypeError, match="not an error frame"):
        error_frame(Opcode.CHAT_MESSAGE_SEND_NOTIFY, ErrorCode.FORBIDDEN, "no")


def test_declarations_go_the_opcodes_direction() -> None:
    with pytest.raises(ValueError, match="client_to_server"):
        inbound(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    with pytest.raises(ValueError, match="server_to_client"):
        outbound(Opcode.CHAT_MESSAGE_SEND)
    with pytest.raises(TypeError, match="inbound"):
        outbound(Opcode.ACTIVITY_SYNC_NOTIFY)(SendIn)

    class Other(Outbound):
        ID: str

    with pytest.raises(RuntimeError, match="declared twice"):
        outbound(Opcode.ACTIVITY_SYNC_NOTIFY)(Other)

    class OtherIn(Inbound):
        ID: str

    with pytest.raises(RuntimeError, match="declared twice"):
        inbound(Opcode.CHAT_MESSAGE_SEND)(OtherIn)


@dataclass
class _Hub:
    fail_on: str = ""
    frames: list[tuple[str, bytes]] = field(default_factory=list)

    async def publish(self, channel: str, frame: bytes) -> None:
        if channel == self.fail_on:
            raise ConnectionError("broker down")
        self.frames.append((channel, frame))


async def test_publish_encodes_once_and_survives_a_failing_hub() -> None:
    hub = _Hub(fail_on="person:2")
    payload = ActivitySync(ID="a" * 24, EventID="b" * 24, Type="Session", InternalName="DELETED")
    channels = ["person:1", "person:2", "person:3"]
    published = await publish(hub, channels, Opcode.ACTIVITY_SYNC_NOTIFY, payload)
    assert published is False  # one channel was not taken; the others still were
    assert [channel for channel, _ in hub.frames] == ["person:1", "person:3"]
    assert hub.frames[0][1] is hub.frames[1][1]  # the same bytes object: encoded once
    assert await publish(_Hub(), "event:1", Opcode.ACTIVITY_SYNC_NOTIFY, payload) is True
