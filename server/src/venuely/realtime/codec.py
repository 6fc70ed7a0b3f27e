"""Encode and decode realtime frames (protocol/README.md is the specification).

Pure functions, no I/O. Encoding is on the broadcast hot path (one frame, thousands of sockets),
so it does one CRC pass over the payload and nothing else per call; decoding runs once per
inbound frame and validates everything, because its input is untrusted.
"""

from __future__ import annotations

import zlib
from binascii import crc_hqx
from dataclasses import dataclass
from typing import Any

import orjson

from venuely.core.error_codes import ErrorCode
from venuely.realtime.opcodes import Opcode, PayloadType

MAGIC = 0xB
VERSION = 0
HEADER_BYTES = 4
MAX_FRAME_BYTES = 64 * 1024
MAX_PAYLOAD_BYTES = 256 * 1024
# zlib's default: the best ratio per CPU for chat-sized JSON; compressing is the sender's choice.
DEFLATE_LEVEL = 6

_CRC_INIT = 0xFFFF
_BYTE0 = (MAGIC << 4) | VERSION
_COMPRESSED_BIT = 0x80
_JSON_BIT = 0x40
_OPCODE_BITS = 0x3F
# Raw DEFLATE (RFC 1951): no zlib header or Adler-32 trailer; the frame checksum covers it.
_RAW_DEFLATE_WBITS = -15

# binascii.crc_hqx is CRC-16 with polynomial 0x1021, no reflection and no final XOR, seeded by
# its caller: with 0xFFFF it is exactly CRC-16/CCITT-FALSE, table-driven in C. The two header
# bytes take only 256 forms, so their CRC state is precomputed and a frame costs one C call over
# its payload.
_PREFIX: tuple[bytes, ...] = tuple(bytes((_BYTE0, flags)) for flags in range(256))
_SEED: tuple[int, ...] = tuple(crc_hqx(prefix, _CRC_INIT) for prefix in _PREFIX)
_OPCODES: tuple[Opcode, ...] = tuple(sorted(Opcode))
_TYPES: tuple[PayloadType, PayloadType] = (PayloadType.TEXT, PayloadType.JSON)

E = ErrorCode


class FrameError(Exception):
    """An inbound frame that must be dropped; `code` goes into the ERROR frame's envelope."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"FrameError({self.code.value}, {self.message!r})"


@dataclass(frozen=True, slots=True)
class Frame:
    opcode: Opcode
    payload_type: PayloadType
    payload: bytes
    """The payload after decompression: UTF-8 text or JSON text."""
    compressed: bool
    """Whether the payload travelled compressed."""
    value: Any
    """`payload` decoded once, while validating it: a `str` for TEXT, the JSON value for JSON."""


def crc16(data: bytes, crc: int = _CRC_INIT) -> int:
    """CRC-16/CCITT-FALSE of `data`; pass a previous result as `crc` to continue it."""
    return crc_hqx(data, crc)


def encode_frame(
    opcode: Opcode | int,
    payload: bytes | bytearray | memoryview | str | dict[str, Any] | list[Any],
    *,
    payload_type: PayloadType | None = None,
    compress: bool = False,
    max_frame_bytes: int = MAX_FRAME_BYTES,
    max_payload_bytes: int = MAX_PAYLOAD_BYTES,
) -> bytes:
    """Build one frame.

    `str` and `bytes` are the payload itself (TEXT unless `payload_type` says JSON, for JSON that
    is already serialised); a dict or list is serialised as compact JSON. Bytes are trusted to be
    valid UTF-8 / JSON: re-validating the server's own output would tax every broadcast.
    Raises `ValueError` for an opcode outside the protocol or a frame the peer would refuse as
    too large, so an oversized frame is caught where it is made, not by a confused client.
    """
    if isinstance(payload, bytes | bytearray | memoryview):
        body, inferred = bytes(payload), PayloadType.TEXT
    elif isinstance(payload, str):
        body, inferred = payload.encode("utf-8"), PayloadType.TEXT
    elif isinstance(payload, dict | list):
        if payload_type is PayloadType.TEXT:
            raise ValueError("a dict or list payload is JSON; TEXT frames carry str or bytes")
        body, inferred = orjson.dumps(payload), PayloadType.JSON
    else:
        raise TypeError(f"cannot encode a {type(payload).__name__} payload")
    return _build(
        opcode,
        body,
        inferred if payload_type is None else payload_type,
        compress,
        max_frame_bytes,
        max_payload_bytes,
    )


def encode_json_frame(
    opcode: Opcode | int,
    value: Any,
    *,
    compress: bool = False,
    max_frame_bytes: int = MAX_FRAME_BYTES,
    max_payload_bytes: int = MAX_PAYLOAD_BYTES,
) -> bytes:
    """Serialise any JSON value (including a bare string or number) into a JSON frame."""
    return _build(
        opcode,
        orjson.dumps(value),
        PayloadType.JSON,
        compress,
        max_frame_bytes,
        max_payload_bytes,
    )


def _build(
    opcode: Opcode | int,
    body: bytes,
    payload_type: PayloadType,
    compress: bool,
    max_frame_bytes: int,
    max_payload_bytes: int,
) -> bytes:
    if not 0 <= opcode < len(_OPCODES):
        raise ValueError(f"opcode {int(opcode)} is not part of protocol version {VERSION}")
    if len(body) > max_payload_bytes:
        raise ValueError(f"payload of {len(body)} bytes exceeds {max_payload_bytes}")
    flags = opcode | (_JSON_BIT if payload_type == PayloadType.JSON else 0)
    if compress:
        flags |= _COMPRESSED_BIT
        packer = zlib.compressobj(DEFLATE_LEVEL, zlib.DEFLATED, _RAW_DEFLATE_WBITS)
        body = packer.compress(body) + packer.flush()
    if HEADER_BYTES + len(body) > max_frame_bytes:
        raise ValueError(f"frame of {HEADER_BYTES + len(body)} bytes exceeds {max_frame_bytes}")
    checksum = crc_hqx(body, _SEED[flags])
    return _PREFIX[flags] + checksum.to_bytes(2, "big") + body


def decode_frame(
    data: bytes | bytearray | memoryview,
    *,
    max_frame_bytes: int = MAX_FRAME_BYTES,
    max_payload_bytes: int = MAX_PAYLOAD_BYTES,
) -> Frame:
    """Parse and validate one frame or raise `FrameError`; never any other exception.

    The checks run in the order protocol/README.md §5 lists them, cheapest and least trusting
    first: the size before any work, the checksum before believing header bits, the inflated size
    while inflating.
    """
    size = len(data)
    if size < HEADER_BYTES:
        raise FrameError(E.FRAME_HEADER, f"frame of {size} bytes is shorter than the header")
    if size > max_frame_bytes:
        raise FrameError(E.FRAME_TOO_LARGE, f"frame of {size} bytes exceeds {max_frame_bytes}")
    first, flags = data[0], data[1]
    if first >> 4 != MAGIC:
        raise FrameError(E.BAD_MAGIC, f"magic {first >> 4:#x} is not {MAGIC:#x}")
    if first & 0x0F != VERSION:
        raise FrameError(E.BAD_VERSION, f"version {first & 0x0F} is not supported")
    body = bytes(data[HEADER_BYTES:])
    if crc_hqx(body, _SEED[flags]) != (data[2] << 8) | data[3]:
        raise FrameError(E.BAD_CHECKSUM, "frame checksum does not match")
    number = flags & _OPCODE_BITS
    if number >= len(_OPCODES):
        raise FrameError(E.UNKNOWN_OPCODE, f"opcode {number} is unknown")
    compressed = bool(flags & _COMPRESSED_BIT)
    if compressed:
        body = _inflate(body, max_payload_bytes)
    elif len(body) > max_payload_bytes:
        raise FrameError(E.PAYLOAD_TOO_LARGE, f"payload exceeds {max_payload_bytes} bytes")
    payload_type = _TYPES[(flags & _JSON_BIT) >> 6]
    value: Any
    if payload_type is PayloadType.JSON:
        try:
            value = orjson.loads(body)
        except orjson.JSONDecodeError as exc:
            raise FrameError(E.BAD_PAYLOAD, f"payload is not valid JSON: {exc}") from None
    else:
        try:
            value = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise FrameError(E.BAD_PAYLOAD, f"payload is not valid UTF-8: {exc}") from None
    return Frame(_OPCODES[number], payload_type, body, compressed, value)


def _inflate(body: bytes, limit: int) -> bytes:
    inflater = zlib.decompressobj(_RAW_DEFLATE_WBITS)
    try:
        # One byte past the limit is enough to know it is exceeded; a bomb inflates no further.
        out = inflater.decompress(body, limit + 1)
    except zlib.error as exc:
        raise FrameError(E.BAD_COMPRESSION, f"payload is not raw DEFLATE: {exc}") from None
    if len(out) > limit:
        raise FrameError(E.PAYLOAD_TOO_LARGE, f"inflated payload exceeds {limit} bytes")
    if not inflater.eof:
        raise FrameError(E.BAD_COMPRESSION, "DEFLATE stream is truncated")
    if inflater.unused_data:
        raise FrameError(E.BAD_COMPRESSION, "bytes follow the end of the DEFLATE stream")
    return out
