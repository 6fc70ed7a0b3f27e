"""HTTP routes for a person's own mutes and blocks in an event (`mutes.py` has the rules).

`EventMember`, and always the caller's own list: there is no way to read or change anyone
else's, so the routes take no person of their own but the one muted.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from venuely.accounts.permissions import EventMember
from venuely.chat import mutes
from venuely.chat.frames import MuteOut
from venuely.chat.publish import commit_and_deliver
from venuely.chat.schemas import MuteIn
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN

mutes_router = APIRouter(tags=["chat"])

MUTES = "/events/{EventID}/chat-mutes"
MutedPath = Annotated[str, Path(alias="PersonID", pattern=ID_PATTERN)]


@mutes_router.get(MUTES, response_model=list[MuteOut])
async def list_chat_mutes(access: EventMember, session: SessionDep) -> list[MuteOut]:
    """The persons the caller muted or blocked in the event, oldest first."""
    rows = await mutes.mutes_of(session, access.event.id, access.principal.person_id)
    return [mutes.mute_out(row) for row in rows]


@mutes_router.put(f"{MUTES}/{{PersonID}}", response_model=MuteOut)
async def put_chat_mute(
    access: EventMember,
    person_id: MutedPath,
    body: MuteIn,
    session: SessionDep,
    services: ServicesDep,
) -> MuteOut:
    """Mute (`Blocked` false) or block an attendee of the event; the caller's other sockets
    learn the new list (CHAT_MUTES_NOTIFY) and stop receiving that person's messages."""
    row, effects = await mutes.set_mute(session, services, access, person_id, blocked=body.Blocked)
    await commit_and_deliver(session, services, effects)
    return row


@mutes_router.delete(f"{MUTES}/{{PersonID}}", status_code=204)
async def delete_chat_mute(
    access: EventMember, person_id: MutedPath, session: SessionDep, services: ServicesDep
) -> Response:
    """Unmute or unblock; 404 CHAT_MUTE_NOT_FOUND when the person was neither."""
    effects = await mutes.remove_mute(session, access, person_id)
    await commit_and_deliver(session, services, effects)
    return Response(status_code=204)
