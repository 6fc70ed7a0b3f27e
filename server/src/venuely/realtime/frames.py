"""Payload models of the frames, declared per opcode (protocol/README.md §4).

The feature that owns a frame declares its payload next to its code (`chat/frames.py`,
`panoramas/frames.py`, ...); realtime only keeps the map opcode → model, filled as those modules
are imported, so it never imports a feature:

    @inbound(Opcode.CHAT_MESSAGE_DELETE, error=Opcode.CHAT_MESSAGE_DELETE_ERROR, echo=("ID",))
    class DeleteIn(Inbound):
        ID: Id

    @outbound(Opcode.CHAT_MESSAGE_DELETE_NOTIFY)
    class DeleteNotice(Outbound):
        ID: str
        ...

Inbound models ignore fields they do not know (protocol §1); a handler receives one already
validated (`registry.handles`), and the declaration says which opcode answers a refused command
and which of its fields the error echoes. Outbound models list exactly the fields the protocol
lists, in its order, since that order is the encoding's (§3.4); `encode` refuses any payload
that is not an instance of the model declared for its opcode. Every ERROR / *_ERROR opcode is
declared with the one error envelope (`ErrorEnvelope`) and sent through `error_frame`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from venuely.core.error_codes import ErrorCode, error_envelope
from venuely.core.errors import ErrorEnvelope
from venuely.realtime.codec import encode_json_frame
from venuely.realtime.opcodes import OPCODE_SPECS, Direction, Opcode, PayloadType


class Inbound(BaseModel):
    """A payload a client sends. Unknown fields are ignored, so clients may run ahead."""

    model_config = ConfigDict(extra="ignore")


class Outbound(BaseModel):
    """A payload the server sends: nothing but the declared fields."""

    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True, slots=True)
class Command:
    """A client → server frame: its payload model, and how a refusal of it is answered."""

    opcode: Opcode
    model: type[Inbound]
    # ERROR (with the request's `Opcode` in Data), or the command's own *_ERROR opcode.
    error: Opcode
    # Request fields copied into a refusal's Data, as far as they could be read.
    echo: tuple[str, ...]


InboundT = TypeVar("InboundT", bound=Inbound)
ModelT = TypeVar("ModelT", bound=BaseModel)

_commands: dict[Opcode, Command] = {}
_outbound: dict[Opcode, type[BaseModel]] = {}


def _check_direction(opcode: Opcode, direction: Direction) -> None:
    spec = OPCODE_SPECS[opcode]
    if spec.direction is not direction or spec.payload_type is not PayloadType.JSON:
        raise ValueError(f"{opcode.name} is not a {direction.value} JSON frame")


def inbound(
    opcode: Opcode, *, error: Opcode = Opcode.ERROR, echo: tuple[str, ...] = ()
) -> Callable[[type[InboundT]], type[InboundT]]:
    """Declare the payload model of a command a client sends."""
    _check_direction(opcode, Direction.CLIENT_TO_SERVER)
    _check_direction(error, Direction.SERVER_TO_CLIENT)

    def declare(model: type[InboundT]) -> type[InboundT]:
        known = _commands.get(opcode)
        if known is not None and known.model is not model:
            raise RuntimeError(f"{opcode.name} is declared twice")
        _commands[opcode] = Command(opcode, model, error, echo)
        return model

    return declare


def outbound(*opcodes: Opcode) -> Callable[[type[ModelT]], type[ModelT]]:
    """Declare the payload model of frames the server sends (one model may serve several)."""
    for opcode in opcodes:
        _check_direction(opcode, Direction.SERVER_TO_CLIENT)

    def declare(model: type[ModelT]) -> type[ModelT]:
        if issubclass(model, Inbound):
            raise TypeError(f"{model.__name__} is an inbound model")
        for opcode in opcodes:
            known = _outbound.get(opcode)
            if known is not None and known is not model:
                raise RuntimeError(f"{opcode.name} is declared twice")
            _outbound[opcode] = model
        return model

    return declare


def command_for(opcode: Opcode) -> Command | None:
    return _commands.get(opcode)


def declared_models() -> Mapping[Opcode, type[BaseModel]]:
    """Every declared opcode with its payload model, both directions."""
    models: dict[Opcode, type[BaseModel]] = dict(_outbound)
    models.update({opcode: command.model for opcode, command in _commands.items()})
    return MappingProxyType(models)


def encode(opcode: Opcode, payload: BaseModel) -> bytes:
    """The frame for `payload`, encoded once for however many recipients it goes to."""
    declared = _outbound.get(opcode)
    if declared is None or type(payload) is not declared:
        wanted = "no declared payload" if declared is None else declared.__name__
        raise TypeError(f"{opcode.name} carries {wanted}, not {type(payload).__name__}")
    return encode_json_frame(opcode, payload.model_dump(mode="json"))


def error_frame(
    opcode: Opcode, code: ErrorCode, message: str, data: Mapping[str, Any] | None = None
) -> bytes:
    """ERROR or a *_ERROR frame: the one error envelope (`error_envelope`), REST's too."""
    if _outbound.get(opcode) is not ErrorEnvelope:
        raise TypeError(f"{opcode.name} is not an error frame")
    return encode_json_frame(opcode, error_envelope(code, message, data))


# Realtime's own frames. ERROR answers malformed frames and commands without an error opcode.
outbound(Opcode.ERROR)(ErrorEnvelope)


@outbound(Opcode.MAX_ALLOWED_CONNS_REACHED)
class ConnectionLimit(Outbound):
    Limit: int
    Scope: Literal["PERSON", "SERVER"]
