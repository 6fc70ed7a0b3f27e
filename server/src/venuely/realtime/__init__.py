"""Realtime infrastructure: the frame codec, frame declarations, the gateway, connection state,
the command registry and fan-out. Never imports a feature: features declare their frames
(`frames.py`), register command handlers (`registry.py`) and publish (`publish.py`) with it,
and accounts tells it who is behind a socket (`callers.py`).

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
from venuely.realtime.errors import CloseCode
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
    "decode_frame",
    "encode_frame",
    "encode_json_frame",
]
