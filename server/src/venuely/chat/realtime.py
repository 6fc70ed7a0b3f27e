"""Socket handlers for chat (protocol/README.md §4, opcodes 4, 6, 9, 12, 15).

Each handler gets its payload already validated (`frames.py` declares the models), opens one
unit of work, checks the caller exactly as REST does (`socket_event_member`, the `EventMember`
policy's rules and statement, then `access.py`),
calls the same service as the REST route, commits, and only then delivers the notifications.
A refusal is raised as `ApiError`; `realtime.registry` answers it to this connection with the
command's error opcode and the request's identifiers.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess, socket_event_member
from venuely.chat import messages, mutes, reads, service
from venuely.chat.access import RoomAccess, access_room, check_may_write
from venuely.chat.frames import DeleteIn, EditIn, ReadIn, RoomCreateIn, SendIn
from venuely.chat.publish import Effect, deliver
from venuely.core.errors import ApiError, ErrorCode
from venuely.realtime.membership import register_socket_rows
from venuely.realtime.opcodes import Opcode
from venuely.realtime.registry import ConnectionContext, handles

# The gateway subscribes each new connection to the broadcast room and the rooms its person is
# in, and starts its mute filter from the person's list (the hub keeps it current from
# CHAT_MUTES_NOTIFY frames).
register_socket_rows(service.SOCKET_BROADCAST_ROOM, service.socket_broadcast_room)
register_socket_rows(service.SOCKET_ROOMS, service.socket_rooms)
register_socket_rows(mutes.SOCKET_MUTES, mutes.socket_mutes)


async def _event_access(session: AsyncSession, ctx: ConnectionContext) -> EventAccess:
    # Reloaded per command, so a revoked token or a changed role applies to the very next one.
    return await socket_event_member(session, ctx.services, ctx.session_id, ctx.event_id)


async def _room(session: AsyncSession, ctx: ConnectionContext, room_id: str) -> RoomAccess:
    return await access_room(session, await _event_access(session, ctx), room_id)


@handles(Opcode.CHAT_MESSAGE_SEND, SendIn)
async def on_send(ctx: ConnectionContext, body: SendIn) -> None:
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


@handles(Opcode.CHAT_MESSAGE_EDIT, EditIn)
async def on_edit(ctx: ConnectionContext, body: EditIn) -> None:
    async with ctx.services.db.session() as session:
        room_access = await _room(session, ctx, body.ChatroomID)
        outcome = await messages.edit_message(
            session, ctx.services, room_access, body.ID, body.Text
        )
    await deliver(ctx.services, outcome.effects)


@handles(Opcode.CHAT_MESSAGE_DELETE, DeleteIn)
async def on_delete(ctx: ConnectionContext, body: DeleteIn) -> None:
    async with ctx.services.db.session() as session:
        room_access = await _room(session, ctx, body.ChatroomID)
        outcome = await messages.delete_message(session, room_access, body.ID)
    await deliver(ctx.services, outcome.effects)


@handles(Opcode.CHAT_MESSAGE_READ, ReadIn)
async def on_read(ctx: ConnectionContext, body: ReadIn) -> None:
    async with ctx.services.db.session() as session:
        room_access = await _room(session, ctx, body.ChatroomID)
        outcome = await reads.mark_read(
            session, ctx.services, room_access, ctx.person_id, body.LastReadChatMessageID
        )
    await deliver(ctx.services, outcome.effects)


@handles(Opcode.CHATROOM_CREATE, RoomCreateIn)
async def on_room_create(ctx: ConnectionContext, body: RoomCreateIn) -> None:
    if body.EventID != ctx.event_id:
        raise ApiError(ErrorCode.FORBIDDEN, "This connection belongs to another event")
    if (body.InviteeID is None) == (body.MemberIDs is None):
        raise ApiError(ErrorCode.VALIDATION_ERROR, "Send exactly one of InviteeID and MemberIDs")
    if body.MemberIDs is not None and body.Title is None:
        raise ApiError(
            ErrorCode.MISSING_PARAMETER,
            "A group needs a Title",
            {"Operation": Opcode.CHATROOM_CREATE.name, "Parameters": ["Title"]},
        )
    effects: list[Effect]
    async with ctx.services.db.session() as session:
        access = await _event_access(session, ctx)
        check_may_write(access)
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
