"""HTTP routes for chat messages and read status, under
`/events/{EventID}/chat-rooms/{ChatroomID}` (admin-api.md "Chat messages", "Chat person status").

Each route: the `EventMember` policy, then `access_room` (the same check the socket uses), then
the service; writes commit before their notifications are published (`commit_and_deliver`).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from venuely.accounts.permissions import EventMember
from venuely.chat import history, messages, reactions, reads
from venuely.chat.access import RoomAccess, access_room
from venuely.chat.publish import commit_and_deliver
from venuely.chat.schemas import (
    ChatMessageIn,
    ChatMessageOut,
    ChatMessageUpdate,
    ChatPersonStatusOut,
    CountOut,
)
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN
from venuely.core.pagination import MaxCountQuery, StartIdQuery

router = APIRouter(tags=["chat"])

ROOM = "/events/{EventID}/chat-rooms/{ChatroomID}"
MESSAGES = f"{ROOM}/chat-messages"
STATUS = f"{ROOM}/chatpersonstatus"

RoomPath = Annotated[str, Path(alias="ChatroomID", pattern=ID_PATTERN)]
MessagePath = Annotated[str, Path(alias="ChatMessageID", pattern=ID_PATTERN)]
IsAscending = Annotated[bool, Query(alias="IsAscending")]
PersonID = Annotated[str, Query(alias="PersonID", pattern=ID_PATTERN)]
DEFAULT_PAGE = 40  # the web client's first page (attendee-app.md §9)


async def _page(
    access: EventMember,
    room_id: str,
    session: SessionDep,
    start_id: str | None,
    max_count: int,
    is_ascending: bool,
) -> tuple[RoomAccess, list[ChatMessageOut]]:
    room_access = await access_room(session, access, room_id)
    room, reader = room_access.room, room_access.person_id
    page = await history.history_page(
        session, room, reader, start_id=start_id, max_count=max_count, ascending=is_ascending
    )
    return room_access, page


@router.get(MESSAGES, response_model=list[ChatMessageOut])
async def list_chat_messages(
    access: EventMember,
    room_id: RoomPath,
    session: SessionDep,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = DEFAULT_PAGE,
    is_ascending: IsAscending = False,
) -> list[ChatMessageOut]:
    """A keyset page in the direction asked: newest first unless `IsAscending`."""
    _, page = await _page(access, room_id, session, start_id, max_count, is_ascending)
    return page


@router.post(
    MESSAGES,
    status_code=201,
    response_model=ChatMessageOut,
    # A resend with a TmpID already stored answers the stored message (idempotent send).
    responses={200: {"model": ChatMessageOut, "description": "Already sent: the stored message"}},
)
async def send_chat_message(
    access: EventMember,
    room_id: RoomPath,
    body: ChatMessageIn,
    session: SessionDep,
    services: ServicesDep,
    response: Response,
) -> ChatMessageOut:
    room_access = await access_room(session, access, room_id)
    outcome = await messages.send_message(
        session,
        services,
        room_access,
        tmp_id=body.TmpID,
        text=body.Text,
        replied_to=body.RepliedToMessageID,
    )
    answer = outcome.message
    if not outcome.changed:  # a retried TmpID: the stored message, maybe reacted to since
        response.status_code = 200
        answer = await history.with_my_reaction(
            session, room_access.room, room_access.person_id, answer
        )
    await commit_and_deliver(session, services, outcome.effects)
    return answer


@router.get(f"{MESSAGES}/count", response_model=CountOut)
async def count_chat_messages(
    access: EventMember, room_id: RoomPath, session: SessionDep
) -> CountOut:
    room_access = await access_room(session, access, room_id)
    count = await history.count_visible(session, room_access.room, room_access.person_id)
    return CountOut(Count=count)


@router.get(f"{MESSAGES}/chronologically", response_model=list[ChatMessageOut])
async def chat_messages_chronologically(
    access: EventMember,
    room_id: RoomPath,
    session: SessionDep,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = DEFAULT_PAGE,
    is_ascending: IsAscending = False,
) -> list[ChatMessageOut]:
    """The same selection as the list, always returned oldest first."""
    _, page = await _page(access, room_id, session, start_id, max_count, is_ascending)
    return sorted(page, key=lambda m: m.ID)


@router.get(f"{MESSAGES}/{{ChatMessageID}}", response_model=ChatMessageOut)
async def get_chat_message(
    access: EventMember, room_id: RoomPath, message_id: MessagePath, session: SessionDep
) -> ChatMessageOut:
    room_access = await access_room(session, access, room_id)
    message = await history.readable_message(session, room_access, message_id)
    reader = room_access.person_id
    return (await history.messages_out(session, room_access.room, reader, [message]))[0]


@router.put(f"{MESSAGES}/{{ChatMessageID}}", response_model=ChatMessageOut)
async def update_chat_message(
    access: EventMember,
    room_id: RoomPath,
    message_id: MessagePath,
    body: ChatMessageUpdate,
    session: SessionDep,
    services: ServicesDep,
) -> ChatMessageOut:
    """Exactly one of: `Text` (the author edits), `Reaction` (a member sets their own like or
    dislike, or "None" to take it back), `IsBanned: true` (a moderator hides it)."""
    chosen = [name for name in ("Text", "Reaction", "IsBanned") if getattr(body, name) is not None]
    if len(chosen) != 1:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "Send exactly one of Text, Reaction and IsBanned",
            {"Fields": chosen},
        )
    room_access = await access_room(session, access, room_id)
    if body.Reaction is not None:
        outcome = await reactions.set_reaction(
            session, services, room_access, message_id, body.Reaction
        )
        answer = outcome.message  # carries the caller's new reaction
    else:
        if body.Text is not None:
            outcome = await messages.edit_message(
                session, services, room_access, message_id, body.Text
            )
        else:
            outcome = await messages.delete_message(session, room_access, message_id, ban=True)
        answer = await history.with_my_reaction(
            session, room_access.room, room_access.person_id, outcome.message
        )
    await commit_and_deliver(session, services, outcome.effects)
    return answer


@router.delete(f"{MESSAGES}/{{ChatMessageID}}", status_code=204)
async def delete_chat_message(
    access: EventMember,
    room_id: RoomPath,
    message_id: MessagePath,
    session: SessionDep,
    services: ServicesDep,
) -> Response:
    room_access = await access_room(session, access, room_id)
    outcome = await messages.delete_message(session, room_access, message_id)
    await commit_and_deliver(session, services, outcome.effects)
    return Response(status_code=204)


# --- read status --------------------------------------------------------------------------


@router.get(STATUS, response_model=ChatPersonStatusOut)
# attendee-app.md §7 spells this one call "chatrooms"; both paths answer, and both are documented
# (the attendee-app spelling under an operation id of its own).
@router.get(
    "/events/{EventID}/chatrooms/{ChatroomID}/chatpersonstatus",
    response_model=ChatPersonStatusOut,
    operation_id="get_chat_person_status_attendee_spelling",
)
async def get_chat_person_status(
    access: EventMember, room_id: RoomPath, person_id: PersonID, session: SessionDep
) -> ChatPersonStatusOut:
    room_access = await access_room(session, access, room_id)
    return await reads.get_status(session, room_access, person_id)


@router.put(STATUS, response_model=ChatPersonStatusOut)
async def put_chat_person_status(
    access: EventMember,
    room_id: RoomPath,
    person_id: PersonID,
    last_read: Annotated[str, Query(alias="LastReadChatMessageID", pattern=ID_PATTERN)],
    session: SessionDep,
    services: ServicesDep,
) -> ChatPersonStatusOut:
    room_access = await access_room(session, access, room_id)
    outcome = await reads.mark_read(session, services, room_access, person_id, last_read)
    await commit_and_deliver(session, services, outcome.effects)
    return outcome.status


@router.delete(STATUS, status_code=204)
async def delete_chat_person_status(
    access: EventMember,
    room_id: RoomPath,
    status_id: Annotated[str, Query(alias="ChatPersonStatusID", pattern=ID_PATTERN)],
    session: SessionDep,
) -> Response:
    room_access = await access_room(session, access, room_id)
    await reads.delete_status(session, room_access, status_id)
    return Response(status_code=204)
