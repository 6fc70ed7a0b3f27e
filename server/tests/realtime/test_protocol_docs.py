"""protocol/README.md is the authority; these tests keep the Python enums from drifting from it."""

from __future__ import annotations

import re

import pytest

from tests.realtime import vectors
from venuely.core.error_codes import ErrorCode
from venuely.realtime.errors import CloseCode
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


def test_readme_lists_every_protocol_error_code_with_its_layer() -> None:
    """§6 lists exactly the catalogue's codes that have a protocol layer, each with that layer,
    marked REST exactly when the REST API answers with that code too."""
    section = README.split("## 6. Error codes", 1)[1].split("## 7.", 1)[0]
    rows = dict(re.findall(r"^\| `([A-Z_]+)` \| ([^|]+) \|", section, re.M))
    protocol_codes = {code for code in ErrorCode if code.spec.layer is not None}
    assert set(rows) == {code.value for code in protocol_codes}
    for code in protocol_codes:
        layer, _, rest = rows[code.value].strip().partition(", ")
        assert layer == code.spec.layer, code
        assert rest.startswith("REST") is (code.spec.status is not None), code


def test_readme_lists_every_close_code() -> None:
    listed = {
        (int(code), name)
        for code, name in re.findall(r"^\| (4\d{3}) \| ([A-Z_]+) \|", README, re.M)
    }
    assert listed == {(code.value, code.name) for code in CloseCode}
