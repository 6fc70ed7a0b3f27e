"""Codec behaviour at the protocol's real limits and on programming errors, which the golden
vectors cannot carry (a 64 KiB frame is too large to keep as hex)."""

from __future__ import annotations

import zlib

import pytest

from venuely.core.error_codes import ErrorCode
from venuely.realtime.codec import (
    HEADER_BYTES,
    MAX_FRAME_BYTES,
    MAX_PAYLOAD_BYTES,
    FrameError,
    crc16,
    decode_frame,
    encode_frame,
    encode_json_frame,
)
from venuely.realtime.opcodes import Opcode, PayloadType


def signed(flags: int, body: bytes) -> bytes:
    head = bytes((0xB0, flags))
    return head + crc16(body, crc16(head)).to_bytes(2, "big") + body


def test_a_frame_of_exactly_64_kib_is_accepted_and_one_byte_more_is_not() -> None:
    largest = encode_frame(Opcode.PING, "x" * (MAX_FRAME_BYTES - HEADER_BYTES))
    assert len(largest) == MAX_FRAME_BYTES
    assert len(decode_frame(largest).payload) == MAX_FRAME_BYTES - HEADER_BYTES

    with pytest.raises(FrameError) as caught:
        decode_frame(signed(Opcode.PING, b"x" * (MAX_FRAME_BYTES - HEADER_BYTES + 1)))
    assert caught.value.code is ErrorCode.FRAME_TOO_LARGE


def test_a_payload_inflating_to_exactly_256_kib_is_accepted_and_one_byte_more_is_not() -> None:
    fits = encode_frame(Opcode.CHAT_MESSAGE_SEND_NOTIFY, "a" * MAX_PAYLOAD_BYTES, compress=True)
    assert len(decode_frame(fits).payload) == MAX_PAYLOAD_BYTES

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"a" * (MAX_PAYLOAD_BYTES + 1)) + packer.flush()
    with pytest.raises(FrameError) as caught:
        decode_frame(signed(0x80 | Opcode.PING, bomb))
    assert caught.value.code is ErrorCode.PAYLOAD_TOO_LARGE


def test_encoding_refuses_frames_a_peer_would_refuse() -> None:
    with pytest.raises(ValueError, match="payload"):
        encode_frame(Opcode.PING, "x" * (MAX_PAYLOAD_BYTES + 1), compress=True)
    with pytest.raises(ValueError, match="frame"):
        encode_frame(Opcode.PING, "x" * MAX_FRAME_BYTES)
    # The same text compressed fits: that is what the payload limit is for.
    assert decode_frame(encode_frame(Opcode.PING, "x" * MAX_FRAME_BYTES, compress=True))


@pytest.mark.parametrize("opcode", [-1, 48, 63, 64, 255])
def test_encoding_refuses_opcodes_outside_the_protocol(opcode: int) -> None:
    with pytest.raises(ValueError, match="opcode"):
        encode_frame(opcode, "")


def test_encoding_refuses_payloads_that_do_not_fit_their_type() -> None:
    with pytest.raises(ValueError, match="JSON"):
        encode_frame(Opcode.ERROR, {"Error": {}}, payload_type=PayloadType.TEXT)
    with pytest.raises(TypeError):
        encode_frame(Opcode.PING, 42)  # type: ignore[arg-type]


def test_pre_serialised_json_is_sent_as_is() -> None:
    # Lets a publisher serialise a payload once and frame it for several opcodes.
    frame = decode_frame(encode_frame(Opcode.ERROR, b'{"A": 1}', payload_type=PayloadType.JSON))
    assert frame.payload == b'{"A": 1}'
    assert frame.value == {"A": 1}


def test_encode_json_frame_accepts_any_json_value() -> None:
    assert decode_frame(encode_json_frame(Opcode.ERROR, "just a string")).value == "just a string"
    assert decode_frame(encode_json_frame(Opcode.ERROR, None)).payload == b"null"


def test_decoding_accepts_bytearray_and_memoryview() -> None:
    data = encode_frame(Opcode.PONG, "hb")
    assert decode_frame(bytearray(data)).value == "hb"
    assert decode_frame(memoryview(data)).value == "hb"


def test_frame_error_carries_a_message_for_the_error_envelope() -> None:
    with pytest.raises(FrameError) as caught:
        decode_frame(b"\xb0\x00")
    assert caught.value.code is ErrorCode.FRAME_HEADER
    assert "header" in caught.value.message
