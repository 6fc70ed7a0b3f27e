"""HTTP routes of breakout rooms, under /events/{EventID}/breakouts (docs/subsystems/breakouts.md).

Members of the event (`EventMember`) read the rooms with their occupancy; joining and leaving
happen over the socket, since presence ends with the socket. Organizers (`EventAdmin`) define,
open, close and delete rooms, move people between them and broadcast to every room's chat.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.activities.schemas import BreakoutRoomIn
from venuely.breakouts import presence, service
from venuely.breakouts import realtime as _realtime  # noqa: F401 - the socket commands and hooks
from venuely.breakouts.access import access_room, event_rooms
from venuely.breakouts.changes import announce
from venuely.breakouts.rooms import ensure_room
from venuely.breakouts.schemas import BroadcastIn, BroadcastOut, MoveIn, RoomView
from venuely.chat.publish import deliver
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN

router = APIRouter(tags=["breakouts"])

BASE = "/events/{EventID}/breakouts"
ONE = BASE + "/{RoomID}"

RoomIdPath = Annotated[str, Path(alias="RoomID", pattern=ID_PATTERN)]


@router.get(BASE, response_model=list[RoomView])
async def list_rooms(
    access: EventMember, session: SessionDep, services: ServicesDep
) -> list[RoomView]:
    """The event's rooms, oldest first, with who is inside and the seats left."""
    rooms = await event_rooms(session, access.event.id)
    return await service.views(session, access, rooms, services.clock.now())


@router.post(BASE, response_model=RoomView, status_code=201)
async def create_room(
    access: EventAdmin, body: BreakoutRoomIn, session: SessionDep, services: ServicesDep
) -> RoomView:
    """A new room (an Activity of type BreakoutRoom), with a chat room of its own."""
    room = await service.create_room(session, services, access.event, body)
    return await service.view(session, access, room, services.clock.now())


# Before the `{RoomID}` routes, so "broadcast" is never taken for a room id.
@router.post(BASE + "/broadcast", response_model=BroadcastOut)
async def broadcast(
    access: EventAdmin, body: BroadcastIn, session: SessionDep, services: ServicesDep
) -> BroadcastOut:
    """Posts the organizer's message into the chat of every room of the event."""
    return await service.broadcast(session, services, access, body.Text, body.TmpID)


@router.get(ONE, response_model=RoomView)
async def get_room(
    access: EventMember, room_id: RoomIdPath, session: SessionDep, services: ServicesDep
) -> RoomView:
    room = await access_room(session, access.event.id, room_id)
    return await service.view(session, access, room, services.clock.now())


@router.put(ONE, response_model=RoomView)
async def update_room(
    access: EventAdmin,
    room_id: RoomIdPath,
    body: BreakoutRoomIn,
    session: SessionDep,
    services: ServicesDep,
) -> RoomView:
    """Replaces the definition. People inside stay, also above a lowered capacity (the seats are
    then given back as they leave); a room that is no longer open is emptied."""
    room = await access_room(session, access.event.id, room_id)
    updated = await service.update_room(session, services, room, body)
    return await service.view(session, access, updated, services.clock.now())


@router.delete(ONE, status_code=204)
async def delete_room(
    access: EventAdmin, room_id: RoomIdPath, session: SessionDep, services: ServicesDep
) -> Response:
    """Deletes the room and its chat room; the people inside are told."""
    room = await access_room(session, access.event.id, room_id)
    await service.delete_room(session, services, room)
    return Response(status_code=204)


@router.post(ONE + "/open", response_model=RoomView)
async def open_room(
    access: EventAdmin, room_id: RoomIdPath, session: SessionDep, services: ServicesDep
) -> RoomView:
    """Opens the room now (also a closed or scheduled one)."""
    room = await access_room(session, access.event.id, room_id)
    opened = await service.open_room(session, services, room)
    return await service.view(session, access, opened, services.clock.now())


@router.post(ONE + "/close", response_model=RoomView)
async def close_room(
    access: EventAdmin, room_id: RoomIdPath, session: SessionDep, services: ServicesDep
) -> RoomView:
    """Closes the room now: everyone inside leaves and is told; nobody can join any more."""
    room = await access_room(session, access.event.id, room_id)
    closed = await service.close_room(session, services, room)
    return await service.view(session, access, closed, services.clock.now())


@router.post(ONE + "/move", response_model=RoomView)
async def move_person(
    access: EventAdmin,
    room_id: RoomIdPath,
    body: MoveIn,
    session: SessionDep,
    services: ServicesDep,
) -> RoomView:
    """Puts a person who is in a room of the event into this one (open, with a seat left); their
    sockets are told. Answers this room as it is after the move."""
    async with services.db.session() as own:
        # A room stored before breakouts existed gets its row and chat room first (committed
        # apart: the move below writes in transactions of its own).
        room = await access_room(own, access.event.id, room_id)
        _, effects = await ensure_room(own, room, services.clock.now())
    await deliver(services, effects)
    change = await presence.move(
        services, event_id=access.event.id, person_id=body.PersonID, room_id=room.id
    )
    await announce(services, [change])
    fresh = await access_room(session, access.event.id, room_id, fresh=True)
    return await service.view(session, access, fresh, services.clock.now())
