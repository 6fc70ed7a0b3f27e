"""HTTP routes for chat rooms under the shared prefixes `/activities`, `/lists` and
`/relations` of an event. Mounted before the generic activity/list/relation routers so
`/activities/chatrooms/...` is not taken for an activity id."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from venuely.accounts.permissions import EventMember
from venuely.chat import history, invites, service
from venuely.chat.access import access_room, check_own_person, is_room_admin
from venuely.chat.errors import forbidden
from venuely.chat.kinds import check_chat_may_manage
from venuely.chat.publish import commit_and_deliver
from venuely.chat.schemas import ChatMessageOut, ChatroomOut, GroupInviteIn
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.core.pagination import LastIdQuery, LimitQuery, MaxCountQuery, StartIdQuery

rooms_router = APIRouter(tags=["chat"])

RoomPath = Annotated[str, Path(alias="ChatroomID", pattern=ID_PATTERN)]
ROOMS = "/events/{EventID}/activities/chatrooms"


@rooms_router.get(f"{ROOMS}/attendees/{{AttendeeID}}", response_model=list[ChatroomOut])
async def chatrooms_of_attendee(
    access: EventMember,
    attendee_id: Annotated[str, Path(alias="AttendeeID", pattern=ID_PATTERN)],
    session: SessionDep,
    services: ServicesDep,
) -> list[ChatroomOut]:
    """The broadcast room first, then the person's direct and group rooms (oldest first)."""
    check_own_person(access, attendee_id)
    return await service.rooms_of_person(
        session, access.event.id, attendee_id, services.clock.now()
    )


@rooms_router.get(f"{ROOMS}/{{ChatroomID}}", response_model=ChatroomOut)
async def get_chatroom(access: EventMember, room_id: RoomPath, session: SessionDep) -> ChatroomOut:
    room_access = await access_room(session, access, room_id)
    return await service.room_model(session, room_access.room)


@rooms_router.delete(f"{ROOMS}/{{ChatroomID}}", status_code=204)
async def delete_chatroom(
    access: EventMember, room_id: RoomPath, session: SessionDep, services: ServicesDep
) -> Response:
    room_access = await access_room(session, access, room_id)
    if not await is_room_admin(session, room_access):
        raise forbidden(
            "Only the room's admins and event admins may delete it", {"ChatroomID": room_id}
        )
    # A support room goes with its ticket, through the help desk (kinds.py).
    check_chat_may_manage(room_access.room)
    effects = await service.delete_room(session, room_access.room)
    await commit_and_deliver(session, services, effects)
    return Response(status_code=204)


@rooms_router.post(f"{ROOMS}/{{ChatroomID}}/attendees", response_model=ChatroomOut)
async def invite_to_chatroom(
    access: EventMember,
    room_id: RoomPath,
    body: GroupInviteIn,
    session: SessionDep,
    services: ServicesDep,
) -> ChatroomOut:
    """Add persons to a group chat (its admins and event admins); members already in it are
    left as they are. The room as it is afterwards."""
    room_access = await access_room(session, access, room_id)
    model, effects = await invites.invite_to_group(session, services, room_access, body.PersonIDs)
    await commit_and_deliver(session, services, effects)
    return model


@rooms_router.get(
    "/events/{EventID}/lists/chatmessageschronologically", response_model=list[ChatMessageOut]
)
async def list_chat_messages_chronologically(
    access: EventMember,
    room_id: Annotated[str, Query(alias="ChatroomID", pattern=ID_PATTERN)],
    session: SessionDep,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = 40,
    is_ascending: Annotated[bool, Query(alias="IsAscending")] = False,
) -> list[ChatMessageOut]:
    """History for the web client, oldest first: without StartID the latest MaxCount (or the
    first, ascending); with it the MaxCount before it (descending) or after it (ascending)."""
    room_access = await access_room(session, access, room_id)
    room, reader = room_access.room, room_access.person_id
    page = await history.history_page(
        session, room, reader, start_id=start_id, max_count=max_count, ascending=is_ascending
    )
    return sorted(page, key=lambda m: m.ID)


@rooms_router.get(
    "/events/{EventID}/relations/chatrooms/{ChatroomID}/attendees/ids", response_model=list[str]
)
async def chatroom_attendee_ids(
    access: EventMember,
    room_id: RoomPath,
    session: SessionDep,
    last_id: LastIdQuery = None,
    limit: LimitQuery = 100,
) -> list[str]:
    room_access = await access_room(session, access, room_id)
    return await service.room_attendee_ids(session, room_access.room, last_id, limit)
