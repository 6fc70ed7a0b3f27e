"""HTTP routes of attendee management (docs/subsystems/people.md): the people list and its CSV,
invitations, removal, chat ban and password-reset mails. All organizers' (`EventAdmin`) holding
the `people` role (admins/roles.py)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response

from venuely.accounts.mails import OutboxDep
from venuely.accounts.permissions import EventAdmin
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.core.pagination import LimitQuery
from venuely.lists.csvexport import csv_response, render
from venuely.people import invitations, listing, moderation
from venuely.people.schemas import (
    InvitationImportIn,
    InvitationImportOut,
    PeopleFilter,
    PeoplePage,
    PersonFlagsOut,
)

router = APIRouter(tags=["people"])

PEOPLE = "/events/{EventID}/people"
ONE = PEOPLE + "/{PersonID}"
INVITATIONS = "/events/{EventID}/invitations"

PersonIdPath = Annotated[str, Path(alias="PersonID", pattern=ID_PATTERN)]
EmailPath = Annotated[str, Path(alias="Email", min_length=3, max_length=320)]
SearchQuery = Annotated[str | None, Query(alias="Search", max_length=200)]
StateQuery = Annotated[PeopleFilter | None, Query(alias="State")]
CursorQuery = Annotated[str | None, Query(alias="Cursor", max_length=320)]
_CSV_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {"text/csv": {"schema": {"type": "string"}}},
        "description": "UTF-8 CSV with BOM",
    }
}


@router.get(PEOPLE, response_model=PeoplePage)
async def list_people(
    access: EventAdmin,
    session: SessionDep,
    search: SearchQuery = None,
    state: StateQuery = None,
    cursor: CursorQuery = None,
    limit: LimitQuery = 50,
) -> PeoplePage:
    """Attendees and unused invitations by address; `Cursor` is the last page's `NextCursor`."""
    return await listing.list_people(
        session, access.event.id, search=search, state=state, cursor=cursor, limit=limit
    )


@router.get(PEOPLE + "/export", response_class=Response, responses=_CSV_RESPONSE)
async def export_people(access: EventAdmin, session: SessionDep) -> Response:
    """Every row of the list, with its columns."""
    rows = await listing.export_rows(session, access.event.id)
    body = render(listing.EXPORT_COLUMNS, rows)
    return csv_response(body, f"people-{access.event.internal_name}.csv")


@router.post(INVITATIONS, response_model=InvitationImportOut)
async def import_invitations(
    access: EventAdmin,
    body: InvitationImportIn,
    session: SessionDep,
    services: ServicesDep,
    outbox: OutboxDep,
) -> InvitationImportOut:
    """Invite a pasted list or a CSV. With a bad row and no `Confirm`: 422
    INVITATION_IMPORT_INVALID with the per-row report, nothing stored."""
    return await invitations.import_invitations(
        session, services, outbox, access.event, access.principal.person_id, body
    )


@router.delete(INVITATIONS + "/{Email}", status_code=204)
async def withdraw_invitation(
    access: EventAdmin, email: EmailPath, session: SessionDep
) -> Response:
    await invitations.withdraw_invitation(session, access.event.id, email)
    return Response(status_code=204)


@router.put(ONE + "/removal", response_model=PersonFlagsOut)
async def remove_person(
    access: EventAdmin, person_id: PersonIdPath, session: SessionDep, services: ServicesDep
) -> PersonFlagsOut:
    """Remove the attendee from the event: their tokens for it stop working and their open
    sockets close."""
    attendee, revoked = await moderation.remove(session, services, access.event, person_id)
    answer = moderation.flags(attendee)
    await session.commit()  # closed sockets must not reconnect into a removal not yet stored
    await moderation.close_sockets(services, person_id, revoked)
    return answer


@router.delete(ONE + "/removal", response_model=PersonFlagsOut)
async def restore_person(
    access: EventAdmin, person_id: PersonIdPath, session: SessionDep
) -> PersonFlagsOut:
    return moderation.flags(await moderation.restore(session, access.event, person_id))


@router.put(ONE + "/chat-ban", response_model=PersonFlagsOut)
async def ban_from_chat(
    access: EventAdmin, person_id: PersonIdPath, session: SessionDep, services: ServicesDep
) -> PersonFlagsOut:
    attendee = await moderation.ban_from_chat(session, services, access.event, person_id)
    return moderation.flags(attendee)


@router.delete(ONE + "/chat-ban", response_model=PersonFlagsOut)
async def lift_chat_ban(
    access: EventAdmin, person_id: PersonIdPath, session: SessionDep
) -> PersonFlagsOut:
    return moderation.flags(await moderation.lift_chat_ban(session, access.event, person_id))


@router.post(ONE + "/password-reset", status_code=204)
async def send_password_reset(
    access: EventAdmin,
    person_id: PersonIdPath,
    session: SessionDep,
    services: ServicesDep,
    outbox: OutboxDep,
) -> Response:
    """Mail the attendee the link "forgot password" sends."""
    await moderation.send_password_reset(session, services, outbox, access.event, person_id)
    return Response(status_code=204)
