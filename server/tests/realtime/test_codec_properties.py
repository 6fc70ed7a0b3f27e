"""Properties of the codec over generated inputs: what it encodes it decodes unchanged, and
whatever bytes arrive, decoding either yields a frame or raises FrameError — nothing else."""

from __future__ import annotations

import contextlib
import os
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from venuely.core.error_codes import ErrorCode
from venuely.realtime.codec import FrameError, crc16, decode_frame, encode_frame, encode_json_frame
from venuely.realtime.opcodes import Opcode, PayloadType

# Timing belongs in benchmarks, not here; a slow CI machine must not fail a correct codec.
# `make fuzz` raises the example count (VENUELY_CODEC_EXAMPLES, 100,000 there) for a long hunt;
# `make test` keeps the default so it stays fast.
settings.register_profile(
    "realtime-codec",
    deadline=None,
    max_examples=int(os.environ.get("VENUELY_CODEC_EXAMPLES", "200")),
)
settings.load_profile("realtime-codec")

opcodes = st.sampled_from(list(Opcode))
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**53 - 1), max_value=2**53 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=12), children, max_size=6)
    ),
    max_leaves=30,
)


@given(opcode=opcodes, text=st.text(), compress=st.booleans())
def test_text_round_trips(opcode: Opcode, text: str, compress: bool) -> None:
    frame = decode_frame(encode_frame(opcode, text, compress=compress))

    assert (frame.opcode, frame.payload_type, frame.compressed) == (
        opcode,
        PayloadType.TEXT,
        compress,
    )
    assert frame.value == text
    assert frame.payload == text.encode()


@given(opcode=opcodes, value=json_values, compress=st.booleans())
def test_json_round_trips(opcode: Opcode, value: Any, compress: bool) -> None:
    frame = decode_frame(encode_json_frame(opcode, value, compress=compress))

    assert (frame.opcode, frame.payload_type, frame.compressed) == (
        opcode,
        PayloadType.JSON,
        compress,
    )
    assert frame.value == value


@given(
    opcode=opcodes,
    value=st.dictionaries(st.text(max_size=12), json_values, max_size=6),
    compress=st.booleans(),
)
def test_encode_frame_and_encode_json_frame_agree_on_objects(
    opcode: Opcode, value: dict[str, Any], compress: bool
) -> None:
    # The broadcast helper and the general entry point must put identical bytes on the wire.
    assert encode_frame(opcode, value) == encode_json_frame(opcode, value)
    assert decode_frame(encode_frame(opcode, value, compress=compress)).value == value


@given(data=st.binary(max_size=512))
def test_arbitrary_bytes_decode_or_raise_frame_error(data: bytes) -> None:
    # Any other exception escaping here would reach the gateway's read loop as a crash.
    with contextlib.suppress(FrameError):
        decode_frame(data, max_frame_bytes=256, max_payload_bytes=256)


@given(flags=st.integers(0, 255), body=st.binary(max_size=300))
def test_frames_with_a_correct_checksum_fail_only_on_what_follows_the_header(
    flags: int, body: bytes
) -> None:
    # Random bytes almost never pass the checksum; sign them so the later checks get exercised.
    head = bytes((0xB0, flags))
    data = head + crc16(body, crc16(head)).to_bytes(2, "big") + body
    try:
        frame = decode_frame(data, max_frame_bytes=512, max_payload_bytes=64)
    except FrameError as exc:
        code = exc.code
    else:
        assert frame.opcode == flags & 0x3F
        assert frame.compressed is bool(flags & 0x80)
        assert len(frame.payload) <= 64
        return
    assert code in {
        ErrorCode.UNKNOWN_OPCODE,
        ErrorCode.BAD_COMPRESSION,
        ErrorCode.PAYLOAD_TOO_LARGE,
        ErrorCode.BAD_PAYLOAD,
    }


@given(
    opcode=opcodes,
    text=st.text(min_size=1, max_size=64),
    compress=st.booleans(),
    where=st.data(),
)
def test_any_single_bit_flip_is_detected(
    opcode: Opcode, text: str, compress: bool, where: st.DataObject
) -> None:
    frame = bytearray(encode_frame(opcode, text, compress=compress))
    bit = where.draw(st.integers(0, len(frame) * 8 - 1))
    frame[bit // 8] ^= 1 << (bit % 8)

    try:
        decode_frame(bytes(frame))
    except FrameError:
        return
    raise AssertionError(f"flipping bit {bit} went unnoticed")
