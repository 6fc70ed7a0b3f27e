"""Command handlers by opcode, and the one way a command frame is run.

A feature handles a command a client sends with

    @handles(Opcode.CHAT_MESSAGE_SEND, SendIn)
    async def on_send(ctx: ConnectionContext, body: SendIn) -> None: ...

where `SendIn` is the model declared for the opcode (`frames.inbound`). The handler loads what it
acts on through the feature's `access_*` functions (the same ones REST uses), writes, commits,
then publishes (`realtime.publish`) and/or answers the caller with `ctx.send`.

`run_command` does everything around the handler once, for every feature: it validates the
payload into the model and answers a refusal — a missing field (MISSING_PARAMETER), a bad one
(VALIDATION_ERROR), an `ApiError` the handler raises (its own code), an overloaded database
(SERVER_BUSY) or a bug (INTERNAL_ERROR, logged) — with the opcode the declaration names and the
request's identifiers echoed, to the calling connection only. Errors the catalogue marks as
closing (revoked or expired token, whitelist removal) propagate: closing is the gateway's call.
A registry instead of a switch keeps `realtime/` free of feature imports.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from pydantic import BaseModel, ValidationError

from venuely.core.db import is_busy
from venuely.core.error_codes import ErrorCode
from venuely.core.errors import ApiError, invalid_input, server_busy
from venuely.realtime.codec import Frame
from venuely.realtime.errors import close_code_for
from venuely.realtime.frames import Command, Inbound, command_for, encode, error_frame
from venuely.realtime.opcodes import Opcode

if TYPE_CHECKING:
    from venuely.core.services import Services

log = logging.getLogger("venuely.realtime")


@dataclass(slots=True)
class ConnectionContext:
    """What a handler knows about the socket a command came from. The caller's rights are not
    here: a handler reloads them from `session_id` (the token's auth session) through the
    feature that owns persons, so a revoked token or a changed role applies to the next command."""

    services: Services
    person_id: str
    event_id: str
    session_id: str
    # Appends an encoded frame to this socket's buffer; never waits (connection.py).
    write: Callable[[bytes], object]
    # This socket's number on this process (`Connection.id`): what a feature ties state that
    # ends with the socket to (breakout presence), told again by `membership.connection_closed`.
    connection_id: int = 0

    def send(self, opcode: Opcode, payload: BaseModel) -> None:
        """Answer this connection alone with a frame of the opcode's declared model."""
        self.write(encode(opcode, payload))

    def send_error(
        self, opcode: Opcode, code: ErrorCode, message: str, data: dict[str, Any]
    ) -> None:
        self.write(error_frame(opcode, code, message, data))


BodyT = TypeVar("BodyT", bound=Inbound)
Handler: TypeAlias = Callable[[ConnectionContext, BodyT], Awaitable[None]]

_handlers: dict[Opcode, Handler[Any]] = {}


def handles(opcode: Opcode, model: type[BodyT]) -> Callable[[Handler[BodyT]], Handler[BodyT]]:
    """Register the handler of a command; `model` must be the one declared for `opcode`."""
    command = command_for(opcode)
    if command is None or command.model is not model:
        raise RuntimeError(f"{model.__name__} is not the payload declared for {opcode.name}")

    def register(handler: Handler[BodyT]) -> Handler[BodyT]:
        if opcode in _handlers and _handlers[opcode] is not handler:
            raise RuntimeError(f"two handlers for {opcode.name}")
        _handlers[opcode] = handler
        return handler

    return register


def is_handled(opcode: Opcode) -> bool:
    return opcode in _handlers


def registered_opcodes() -> frozenset[Opcode]:
    return frozenset(_handlers)


def _echo(command: Command, value: Any) -> dict[str, Any]:
    """The request's identifiers as far as they can be read, for a refusal's `Data`."""
    data: dict[str, Any] = {}
    if command.error is Opcode.ERROR:
        data["Opcode"] = int(command.opcode)
    if isinstance(value, dict):
        for key in command.echo:
            if isinstance(value.get(key), str):
                data[key] = value[key]
    return data


def parse_payload(model: type[BodyT], value: Any, opcode: Opcode) -> BodyT:
    """`value` as `model`, or the ApiError a client gets for it."""
    if not isinstance(value, dict):
        raise ApiError(ErrorCode.VALIDATION_ERROR, "The payload must be a JSON object")
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        raise invalid_input(opcode.name, exc.errors(), where="payload") from exc


async def run_command(ctx: ConnectionContext, frame: Frame) -> None:
    """Validate, run the registered handler, and answer any refusal (see the module doc)."""
    opcode = frame.opcode
    command, handler = command_for(opcode), _handlers.get(opcode)
    if command is None or handler is None:
        raise LookupError(f"{opcode.name} has no handler")  # the gateway checks is_handled first
    echo = _echo(command, frame.value)
    try:
        await handler(ctx, parse_payload(command.model, frame.value, opcode))
    except ApiError as exc:
        if close_code_for(exc.code) is not None:
            raise
        ctx.send_error(command.error, exc.code, exc.message, {**exc.data, **echo})
    except Exception as exc:
        if is_busy(exc):
            # Overload, not a bug: the client retries with the same identifiers (idempotent).
            log.warning("realtime: %s refused, database busy", opcode.name)
            busy = server_busy()
            ctx.send_error(command.error, busy.code, busy.message, {**busy.data, **echo})
            return
        # A bug in one handler must not take the socket (or its other commands) down with it.
        log.exception("realtime: %s failed", opcode.name)
        message = "The server failed; retry with the same identifiers"
        ctx.send_error(command.error, ErrorCode.INTERNAL_ERROR, message, echo)
