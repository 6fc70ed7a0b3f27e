"""protocol/README.md is the authority; these tests keep the Python enums from drifting from it."""

from __future__ import annotations

import re

import pytest

from tests.realtime import vectors
from venuely.core.errors import ErrorCode
from venuely.realtime.errors import SHARED_WITH_REST, CloseCode, RealtimeErrorCode
from venuely.realtime.opcodes import OPCODE_SPECS, Direction, Opcode

README = (vectors.PROTOCOL_DIR / "README.md").read_text(encoding="utf-8")
ARROWS = {
    Direction.BOTH: "both",
    Direction.CLIENT_TO_SERVER: "client → server",
    Direction.SERVER_TO_CLIENT: "server → client",
}


def test_readme_opcode_table_matches_the_enum() -> None:
    rows = re.findall(r"^\| (\d+) \| ([A-Z_]+) \| ([^|]+) \| (TEXT|JSON) \|$", README, re.M)
    documented = [(int(num), name, way.strip(), ptype) for num, name, way, ptype in rows]
    expected = [
        (op.value, op.name, ARROWS[OPCODE_SPECS[op].direction], OPCODE_SPECS[op].payload_type.name)
        for op in Opcode
    ]
    assert documented == expected


@pytest.mark.parametrize("op", list(Opcode), ids=lambda op: op.name)
def test_readme_describes_every_opcode(op: Opcode) -> None:
    assert re.search(rf"^### {op.value} {op.name}", README, re.M) or (
        op in {Opcode.PING, Opcode.PONG} and "### 0 PING and 1 PONG" in README
    )


def test_readme_lists_every_error_code() -> None:
    section = README.split("## 6. Error codes", 1)[1].split("## 7.", 1)[0]
    listed = set(re.findall(r"^\| `([A-Z_]+)` \| ", section, re.M))
    assert listed == {code.value for code in RealtimeErrorCode}


def test_readme_lists_every_close_code() -> None:
    listed = {
        (int(code), name)
        for code, name in re.findall(r"^\| (4\d{3}) \| ([A-Z_]+) \|", README, re.M)
    }
    assert listed == {(code.value, code.name) for code in CloseCode}


def test_codes_shared_with_rest_are_spelled_as_in_rest() -> None:
    assert {code.value for code in SHARED_WITH_REST} <= {code.value for code in ErrorCode}
