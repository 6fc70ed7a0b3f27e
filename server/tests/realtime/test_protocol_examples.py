"""The JSON examples of protocol/README.md §4 against the payload models the server declares.

Every opcode 2–44 has a declared model and at least one example; every example validates with
its opcode's model; a server → client example names exactly the model's fields in the model's
order (the encoding's order, §3.4) — nested models too — and re-encodes to itself; a client →
server example names no field its model would ignore. The web app parses the same examples
against its TypeScript types, so the document, the Python models and the TypeScript types move
together.

Layout of §4: one `### <opcode> <NAME>` heading per opcode (0 and 1 share one); under it zero or
more ```json blocks, each holding one or more JSON values — one per line, or one spread over
several lines.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from pydantic import BaseModel

import venuely.app  # noqa: F401 - imports every feature, and so every frame declaration
from tests.realtime import vectors
from venuely.core.error_codes import ErrorCode
from venuely.core.errors import ErrorEnvelope
from venuely.realtime.frames import Inbound, declared_models
from venuely.realtime.opcodes import OPCODE_SPECS, Direction, Opcode

README = (vectors.PROTOCOL_DIR / "README.md").read_text(encoding="utf-8")
JSON_OPCODES = [op for op in Opcode if op not in (Opcode.PING, Opcode.PONG)]


def json_values(block: str) -> list[Any]:
    """Every JSON value in a block, however they are spread over its lines."""
    decoder = json.JSONDecoder()
    values: list[Any] = []
    at = 0
    while True:
        while at < len(block) and block[at].isspace():
            at += 1
        if at == len(block):
            return values
        value, at = decoder.raw_decode(block, at)
        values.append(value)


def examples_by_opcode(readme: str) -> dict[int, list[Any]]:
    section = readme.split("## 4. Opcodes and payloads", 1)[1].split("\n## 5.", 1)[0]
    found: dict[int, list[Any]] = {}
    for part in re.split(r"^### ", section, flags=re.M)[1:]:
        numbers = [int(n) for n in re.findall(r"(\d+) [A-Z_]+", part.splitlines()[0])]
        values = [
            v for block in re.findall(r"```json\n(.*?)```", part, re.S) for v in json_values(block)
        ]
        for number in numbers:
            found.setdefault(number, []).extend(values)
    return found


def _nested_model(annotation: Any) -> type[BaseModel] | None:
    candidates = [annotation, *getattr(annotation, "__args__", ())]
    for candidate in candidates:
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            return candidate
    return None


def field_drift(model: type[BaseModel], value: dict[str, Any], *, exact: bool) -> list[str]:
    """How the example's fields differ from the model's: for `exact` (what the server sends)
    the same names in the same order, else (what a client sends) no name the model lacks."""
    fields = list(model.model_fields)
    shown = list(value)
    problems: list[str] = []
    if exact and shown != fields:
        problems.append(f"{model.__name__}: model {fields}, example {shown}")
    if not exact and set(shown) - set(fields):
        problems.append(
            f"{model.__name__}: unknown to the model {sorted(set(shown) - set(fields))}"
        )
    for name, info in model.model_fields.items():
        nested = _nested_model(info.annotation)
        if nested is not None and isinstance(value.get(name), dict):
            problems += field_drift(nested, value[name], exact=exact)
    return problems


EXAMPLES = examples_by_opcode(README)


@pytest.mark.parametrize("opcode", JSON_OPCODES, ids=lambda op: op.name)
def test_every_frame_has_a_model_and_an_example(opcode: Opcode) -> None:
    assert opcode in declared_models(), f"no payload model declared for {opcode.name}"
    assert EXAMPLES.get(opcode.value), f"protocol/README.md shows no example of {opcode.name}"


@pytest.mark.parametrize("opcode", JSON_OPCODES, ids=lambda op: op.name)
def test_examples_validate_and_name_the_models_fields(opcode: Opcode) -> None:
    model = declared_models()[opcode]
    server_sends = OPCODE_SPECS[opcode].direction is Direction.SERVER_TO_CLIENT
    assert issubclass(model, Inbound) is not server_sends
    for example in EXAMPLES.get(opcode.value, []):
        parsed = model.model_validate(example)
        assert field_drift(model, example, exact=server_sends) == []
        if server_sends:
            assert parsed.model_dump(mode="json") == example
        if model is ErrorEnvelope:
            assert example["Error"]["Code"] in ErrorCode.__members__


def test_the_section_parser_reads_every_layout() -> None:
    readme = (
        '## 4. Opcodes and payloads\n### 4 A\n```json\n{"a": 1}\n{"b": [1,\n 2]}\n```\n'
        '### 0 PING and 1 PONG\n```json\n"x"\n```\n## 5. Next\n### 9 NOT_IN_SECTION_4\n'
    )
    assert examples_by_opcode(readme) == {4: [{"a": 1}, {"b": [1, 2]}], 0: ["x"], 1: ["x"]}


def test_field_drift_is_caught() -> None:
    class Inner(BaseModel):
        X: int

    class Outer(BaseModel):
        A: int
        B: Inner

    assert field_drift(Outer, {"A": 1, "B": {"X": 1}}, exact=True) == []
    assert field_drift(Outer, {"B": {"X": 1}, "A": 1}, exact=True)  # order
    assert field_drift(Outer, {"A": 1, "B": {"X": 1, "Y": 2}}, exact=True)  # nested extra
    assert field_drift(Outer, {"A": 1}, exact=False) == []
    assert field_drift(Outer, {"A": 1, "C": 3}, exact=False)
