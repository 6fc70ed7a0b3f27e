"""Attendee pano variables (attendee-app.md §3): one variable map per attendee and event.

`GET` answers the stored map (`{}` before the first save) and `POST` replaces it with the
body, the whole map, answering what was stored: both carry the same shape. The attendee
themselves or an admin of the event may read; writing someone else's takes the `content` role
(the venue's state is the organizers' content); other attendees get 403.

The two `sync` routes re-publish stored state without changing it (a client that missed frames,
or an organizer who reset something by hand): `.../{PersonID}/pano-variables/sync` sends the
person's map to that person's connections; `.../attendees/pano-variables/sync` (event admins
only) sends every stored map of the event, each to its own person.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Path
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess, EventAdmin, EventMember, require_role
from venuely.admins.roles import Role
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN
from venuely.panoramas import attendee_vars
from venuely.panoramas.schemas import SyncOut
from venuely.panoramas.sync import publish_attendee_vars

attendee_router = APIRouter(tags=["pano variables"])

BASE = "/events/{EventID}/attendees/{PersonID}/pano-variables"
PersonIdPath = Annotated[str, Path(alias="PersonID", pattern=ID_PATTERN)]


def _check_self_or_admin(access: EventAccess, person_id: str, *, write: bool = False) -> None:
    if access.principal.person_id == person_id:
        return
    if access.is_admin:
        if write:
            require_role(access, Role.CONTENT)
        return
    raise ApiError(
        ErrorCode.FORBIDDEN,
        "Only the attendee or an event admin may use these variables",
        {"PersonID": person_id},
    )


async def _check_person(session: AsyncSession, access: EventAccess, person_id: str) -> None:
    """One's own variables need only an account; an organizer's writes for someone else, an
    attendee of this event."""
    if access.principal.person_id == person_id:
        await attendee_vars.require_person(session, person_id)
    else:
        await attendee_vars.require_attendee(session, access.event.id, person_id)


@attendee_router.get(BASE, response_model=dict[str, str])
async def get_attendee_vars(
    access: EventMember, person_id: PersonIdPath, session: SessionDep
) -> dict[str, str]:
    _check_self_or_admin(access, person_id)
    row = await attendee_vars.load(session, access.event.id, person_id)
    return dict(row.state) if row is not None else {}


@attendee_router.post(BASE, response_model=dict[str, str])
async def post_attendee_vars(
    access: EventMember,
    person_id: PersonIdPath,
    state: Annotated[dict[str, Any], Body()],
    session: SessionDep,
    services: ServicesDep,
) -> dict[str, str]:
    _check_self_or_admin(access, person_id, write=True)
    checked = attendee_vars.check_state(state)
    await _check_person(session, access, person_id)
    row = await attendee_vars.save(session, services, access.event.id, person_id, checked)
    stored = dict(row.state)
    await session.commit()
    await publish_attendee_vars(services, access.event.id, person_id, stored)
    return stored


@attendee_router.post(BASE + "/sync", response_model=SyncOut)
async def sync_attendee_vars(
    access: EventMember, person_id: PersonIdPath, session: SessionDep, services: ServicesDep
) -> SyncOut:
    _check_self_or_admin(access, person_id)
    await _check_person(session, access, person_id)
    row = await attendee_vars.load(session, access.event.id, person_id)
    state = dict(row.state) if row is not None else {}
    published = await publish_attendee_vars(services, access.event.id, person_id, state)
    return SyncOut(Published=published, Count=1)


@attendee_router.post("/events/{EventID}/attendees/pano-variables/sync", response_model=SyncOut)
async def sync_all_attendee_vars(
    access: EventAdmin, session: SessionDep, services: ServicesDep
) -> SyncOut:
    rows = await attendee_vars.load_all(session, access.event.id)
    published = True
    for row in rows:
        ok = await publish_attendee_vars(services, row.event_id, row.person_id, dict(row.state))
        published = published and ok
    return SyncOut(Published=published, Count=len(rows))
