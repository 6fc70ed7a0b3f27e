"""Realtime infrastructure: the frame codec now; the gateway, connection state, handler registry
and fan-out join it later. Never imports a feature; features register handlers with it.

The wire format is specified in protocol/README.md at the repository root.
"""

from venuely.realtime.codec import (
    MAX_FRAME_BYTES,
    MAX_PAYLOAD_BYTES,
    Frame,
    FrameError,
    decode_frame,
    encode_frame,
    encode_json_frame,
)
from venuely.realtime.errors import CloseCode, RealtimeErrorCode, error_envelope
from venuely.realtime.opcodes import OPCODE_SPECS, Direction, Opcode, PayloadType

__all__ = [
    "MAX_FRAME_BYTES",
    "MAX_PAYLOAD_BYTES",
    "OPCODE_SPECS",
    "CloseCode",
    "Direction",
    "Frame",
    "FrameError",
    "Opcode",
    "PayloadType",
    "RealtimeErrorCode",
    "decode_frame",
    "encode_frame",
    "encode_json_frame",
    "error_envelope",
]
