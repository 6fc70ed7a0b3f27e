"""Socket handlers for chat (protocol/README.md §4, opcodes 4, 6, 9, 12, 15).

Each handler reads its payload, opens one unit of work, checks the caller exactly as REST does
(`check_event_member`, then `access.py`), calls the same service as the REST route, commits, and
only then delivers the notifications. Failures are answered to the calling connection alone, with
the request's own `*_ERROR` opcode (ERROR for READ) and its identifiers echoed in `Data`.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess, check_event_member, load_event
from venuely.chat import messages, reads, service
from venuely.chat.access import RoomAccess, access_room
from venuely.chat.errors import ChatError
from venuely.chat.publish import Effect, deliver, frame
from venuely.chat.schemas import Id, RoomCreateIn, TextStr, TmpId
from venuely.core.db import is_busy
from venuely.core.errors import ApiError, server_busy
from venuely.realtime.codec import Frame
from venuely.realtime.errors import RealtimeErrorCode, error_envelope
from venuely.realtime.membership import register_initial_channels
from venuely.realtime.opcodes import Opcode
from venuely.realtime.registry import ConnectionContext, handles

log = logging.getLogger("venuely.chat")
E = RealtimeErrorCode
M = TypeVar("M", bound=BaseModel)

# The gateway subscribes each new connection to the rooms its person is in.
register_initial_channels(service.rooms_for)


class _Payload(BaseModel):
    model_config = ConfigDict(extra="ignore")  # protocol §1: unknown fields are ignored


class SendIn(_Payload):
    TmpID: TmpId
    ChatroomID: Id
    Text: TextStr
    RepliedToMessageID: Id | None = None


class EditIn(_Payload):
    ID: Id
    ChatroomID: Id
    Text: TextStr


class DeleteIn(_Payload):
    ID: Id
    ChatroomID: Id


class ReadIn(_Payload):
    ChatroomID: Id
    LastReadChatMessageID: Id


_ECHOED = ("TmpID", "ID", "ChatroomID", "InviteeID")


def _echo(value: Any, opcode: Opcode, error_opcode: Opcode) -> dict[str, Any]:
    """The request's identifiers as far as they can be read, for the error's `Data`."""
    data: dict[str, Any] = {} if error_opcode is not Opcode.ERROR else {"Opcode": int(opcode)}
    if isinstance(value, dict):
        for key in _ECHOED:
            if isinstance(value.get(key), str):
                data[key] = value[key]
    return data


def _parse(model: type[M], value: Any, opcode: Opcode) -> M:
    if not isinstance(value, dict):
        raise ChatError(E.VALIDATION_ERROR, "The payload must be a JSON object")
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        errors = exc.errors()
        missing = [".".join(str(p) for p in e["loc"]) for e in errors if e["type"] == "missing"]
        if missing:
            raise ChatError(
                E.MISSING_PARAMETER,
                f"Missing {', '.join(missing)} for {opcode.name}",
                {"Operation": opcode.name, "Parameters": missing},
            ) from exc
        problems = [
            {"Name": ".".join(str(p) for p in e["loc"]), "Message": e["msg"]} for e in errors
        ]
        raise ChatError(
            E.VALIDATION_ERROR,
            f"Invalid {problems[0]['Name']} for {opcode.name}: {problems[0]['Message']}",
            {"Operation": opcode.name, "Problems": problems},
        ) from exc


@asynccontextmanager
async def _answering(
    ctx: ConnectionContext, frame_in: Frame, error_opcode: Opcode
) -> AsyncIterator[None]:
    """Turn a refusal into the error frame the protocol names, sent to this connection only.
    Authentication failures (revoked or expired token, whitelist removal) propagate: closing
    the socket is the gateway's decision."""
    echo = _echo(frame_in.value, frame_in.opcode, error_opcode)
    try:
        yield
    except ChatError as exc:
        await ctx.send(
            frame(error_opcode, error_envelope(exc.chat_code, exc.message, {**exc.data, **echo}))
        )
    except ApiError as exc:
        if exc.status == 401:
            raise
        code = E(exc.code.value) if exc.code.value in E.__members__ else E.FORBIDDEN
        await ctx.send(frame(error_opcode, error_envelope(code, exc.message, {**exc.data, **echo})))
    except Exception as exc:
        if is_busy(exc):
            # Overload, not a bug: the client retries with the same TmpID (idempotent).
            log.warning("chat: %s refused, database busy", frame_in.opcode.name)
            busy = server_busy()
            envelope = error_envelope(E.SERVER_BUSY, busy.message, {**busy.data, **echo})
            await ctx.send(frame(error_opcode, envelope))
            return
        log.exception("chat: %s failed", frame_in.opcode.name)
        message = "The server failed; retry with the same identifiers"
        await ctx.send(frame(error_opcode, error_envelope(E.INTERNAL_ERROR, message, echo)))


async def _event_access(session: AsyncSession, ctx: ConnectionContext) -> EventAccess:
    principal = await ctx.load_principal(session)
    return await check_event_member(session, principal, await load_event(session, ctx.event_id))


async def _room(session: AsyncSession, ctx: ConnectionContext, room_id: str) -> RoomAccess:
    return await access_room(session, await _event_access(session, ctx), room_id)


@handles(Opcode.CHAT_MESSAGE_SEND)
async def on_send(ctx: ConnectionContext, frame_in: Frame) -> None:
    async with _answering(ctx, frame_in, Opcode.CHAT_MESSAGE_SEND_ERROR):
        body = _parse(SendIn, frame_in.value, Opcode.CHAT_MESSAGE_SEND)
        async with ctx.services.db.session() as session:
            outcome = await messages.send_message(
                session,
                ctx.services,
                await _room(session, ctx, body.ChatroomID),
                tmp_id=body.TmpID,
                text=body.Text,
                replied_to=body.RepliedToMessageID,
            )
        await deliver(ctx.services, outcome.effects)  # the session block committed


@handles(Opcode.CHAT_MESSAGE_EDIT)
async def on_edit(ctx: ConnectionContext, frame_in: Frame) -> None:
    async with _answering(ctx, frame_in, Opcode.CHAT_MESSAGE_EDIT_ERROR):
        body = _parse(EditIn, frame_in.value, Opcode.CHAT_MESSAGE_EDIT)
        async with ctx.services.db.session() as session:
            room_access = await _room(session, ctx, body.ChatroomID)
            outcome = await messages.edit_message(
                session, ctx.services, room_access, body.ID, body.Text
            )
        await deliver(ctx.services, outcome.effects)


@handles(Opcode.CHAT_MESSAGE_DELETE)
async def on_delete(ctx: ConnectionContext, frame_in: Frame) -> None:
    async with _answering(ctx, frame_in, Opcode.CHAT_MESSAGE_DELETE_ERROR):
        body = _parse(DeleteIn, frame_in.value, Opcode.CHAT_MESSAGE_DELETE)
        async with ctx.services.db.session() as session:
            room_access = await _room(session, ctx, body.ChatroomID)
            outcome = await messages.delete_message(session, room_access, body.ID)
        await deliver(ctx.services, outcome.effects)


@handles(Opcode.CHAT_MESSAGE_READ)
async def on_read(ctx: ConnectionContext, frame_in: Frame) -> None:
    async with _answering(ctx, frame_in, Opcode.ERROR):  # READ has no error opcode of its own
        body = _parse(ReadIn, frame_in.value, Opcode.CHAT_MESSAGE_READ)
        async with ctx.services.db.session() as session:
            room_access = await _room(session, ctx, body.ChatroomID)
            outcome = await reads.mark_read(
                session, ctx.services, room_access, ctx.person_id, body.LastReadChatMessageID
            )
        await deliver(ctx.services, outcome.effects)


@handles(Opcode.CHATROOM_CREATE)
async def on_room_create(ctx: ConnectionContext, frame_in: Frame) -> None:
    async with _answering(ctx, frame_in, Opcode.CHATROOM_CREATE_ERROR):
        body = _parse(RoomCreateIn, frame_in.value, Opcode.CHATROOM_CREATE)
        if body.EventID != ctx.event_id:
            raise ChatError(E.FORBIDDEN, "This connection belongs to another event")
        if (body.InviteeID is None) == (body.MemberIDs is None):
            raise ChatError(E.VALIDATION_ERROR, "Send exactly one of InviteeID and MemberIDs")
        if body.MemberIDs is not None and body.Title is None:
            raise ChatError(
                E.MISSING_PARAMETER,
                "A group needs a Title",
                {"Operation": Opcode.CHATROOM_CREATE.name, "Parameters": ["Title"]},
            )
        effects: list[Effect]
        async with ctx.services.db.session() as session:
            access = await _event_access(session, ctx)
            if body.InviteeID is not None:
                _, effects = await service.create_direct_room(
                    session,
                    ctx.services,
                    event=access.event,
                    inviter_id=ctx.person_id,
                    invitee_id=body.InviteeID,
                    tmp_id=body.TmpID,
                )
            else:
                _, effects = await service.create_group_room(
                    session,
                    ctx.services,
                    event=access.event,
                    creator_id=ctx.person_id,
                    title=body.Title or "",
                    member_ids_in=body.MemberIDs or [],
                    tmp_id=body.TmpID,
                )
        await deliver(ctx.services, effects)
