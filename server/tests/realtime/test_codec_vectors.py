"""The Python codec against the golden vectors of protocol/vectors.json."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from tests.realtime import vectors
from venuely.realtime.codec import (
    MAX_FRAME_BYTES,
    MAX_PAYLOAD_BYTES,
    FrameError,
    crc16,
    decode_frame,
    encode_frame,
)
from venuely.realtime.opcodes import OPCODE_SPECS, Opcode, PayloadType

VALID: list[dict[str, Any]] = vectors.load()["valid"]
MALFORMED: list[dict[str, Any]] = vectors.load()["malformed"]


def by_name(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {"argvalues": items, "ids": [item["name"] for item in items]}


@pytest.mark.parametrize("vector", **by_name(VALID))
def test_valid_vector_decodes_to_the_stated_frame(vector: dict[str, Any]) -> None:
    frame = decode_frame(bytes.fromhex(vector["hex"]), **vectors.limits(vector))

    assert frame.opcode == vector["opcode"]
    assert frame.opcode.name == vector["opcode_name"]
    assert frame.payload_type.name == vector["payload_type"]
    assert frame.compressed is vector["compressed"]
    assert frame.payload.hex() == vector["payload_hex"]
    assert frame.value == vector["payload"]


@pytest.mark.parametrize("vector", **by_name([v for v in VALID if v["encode_exact"]]))
def test_encoding_the_stated_payload_reproduces_the_exact_bytes(vector: dict[str, Any]) -> None:
    payload_type = PayloadType[vector["payload_type"]]
    as_value = encode_frame(vector["opcode"], vector["payload"], payload_type=payload_type)
    as_bytes = encode_frame(
        vector["opcode"], bytes.fromhex(vector["payload_hex"]), payload_type=payload_type
    )

    assert as_value.hex() == vector["hex"]
    assert as_bytes.hex() == vector["hex"]


@pytest.mark.parametrize("vector", **by_name([v for v in VALID if v["compressed"]]))
def test_compressed_vectors_round_trip_through_our_deflate(vector: dict[str, Any]) -> None:
    payload_type = PayloadType[vector["payload_type"]]
    encoded = encode_frame(
        vector["opcode"], vector["payload"], payload_type=payload_type, compress=True
    )

    frame = decode_frame(encoded, **vectors.limits(vector))
    assert encoded[:2] == bytes.fromhex(vector["hex"])[:2]
    assert frame.compressed
    assert frame.payload.hex() == vector["payload_hex"]


@pytest.mark.parametrize("vector", **by_name(MALFORMED))
def test_malformed_vector_is_rejected_with_the_stated_code(vector: dict[str, Any]) -> None:
    with pytest.raises(FrameError) as caught:
        decode_frame(bytes.fromhex(vector["hex"]), **vectors.limits(vector))

    assert caught.value.code == vector["error"]


def test_every_opcode_has_a_valid_vector() -> None:
    assert {vector["opcode_name"] for vector in VALID} == {op.name for op in Opcode}


def test_vectors_cover_both_payload_types_compression_and_empty_payloads() -> None:
    kinds = {(v["payload_type"], v["compressed"], v["payload"] == "") for v in VALID}
    assert {("TEXT", False, True), ("TEXT", True, True), ("JSON", True, False)} <= kinds
    assert ("TEXT", False, False) in kinds
    assert ("JSON", False, False) in kinds


def test_opcode_table_matches_the_vectors() -> None:
    table = [
        {
            "value": op.value,
            "name": op.name,
            "direction": OPCODE_SPECS[op].direction.value,
            "payload_type": OPCODE_SPECS[op].payload_type.name,
        }
        for op in Opcode
    ]
    assert table == vectors.load()["opcodes"]


def test_codec_limits_and_checksum_match_the_vectors() -> None:
    data = vectors.load()
    assert data["limits"] == {
        "max_frame_bytes": MAX_FRAME_BYTES,
        "max_payload_bytes": MAX_PAYLOAD_BYTES,
    }
    check = data["checksum"]
    assert crc16(check["check_input"].encode()) == check["check"]


def test_committed_vectors_are_what_the_generator_writes() -> None:
    # A hand-edited vectors.json would make both codecs agree on a wrong answer.
    script = vectors.PROTOCOL_DIR / "generate_vectors.py"
    result = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
