"""HTTP routes for personal data rights: consent, export and erasure.

`/persons/me/...` must be matched before accounts' `/persons/{PersonID}` (app.py lists this
router first): "me" is not an id, and that route would answer 422 instead of falling through."""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter, Body, Path, Response
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.accounts.passwords import verify_password_async
from venuely.accounts.permissions import (
    Authenticated,
    EventAdmin,
    EventMember,
    Principal,
)
from venuely.admins.models import Admin
from venuely.core import ratelimit
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN, NULL_ID
from venuely.core.openapi import binary_responses
from venuely.core.services import Services
from venuely.events.models import Attendee, Event
from venuely.files.service import StorageDep
from venuely.files.storage import Storage
from venuely.privacy import blobs, consent, erase
from venuely.privacy import retention as _retention  # noqa: F401 - registers the retention job
from venuely.privacy.export import build_export
from venuely.privacy.schemas import ConsentIn, ConsentOut, DeleteMeIn
from venuely.privacy.scope import Scope
from venuely.realtime.hub import close_person_connections

router = APIRouter(tags=["privacy"])

PersonIdPath = Annotated[str, Path(alias="PersonID", pattern=ID_PATTERN)]
# An archive reads every row of the person and their files: a few a day is plenty.
OWN_EXPORTS = ratelimit.Limit("privacy_export", 5, timedelta(hours=1))
# Wrong passwords when deleting one's account: a stolen token must not guess on for ever.
DELETE_ATTEMPTS = ratelimit.Limit("privacy_delete_password", 5, timedelta(minutes=15))
ZIP = binary_responses("application/zip", description="A zip archive of JSON files and uploads")


@router.get("/events/{EventID}/consent", response_model=ConsentOut)
async def get_consent(access: EventMember, session: SessionDep) -> ConsentOut:
    """The caller's own consent record for the event (both false before one is saved)."""
    return await consent.read_consent(session, access.event.id, access.principal.person_id)


@router.put("/events/{EventID}/consent", response_model=ConsentOut)
async def put_consent(
    access: EventMember, body: ConsentIn, session: SessionDep, services: ServicesDep
) -> ConsentOut:
    return await consent.store_consent(
        session, services, access.event.id, access.principal.person_id, body
    )


@router.get("/persons/me/data-export", response_class=Response, responses=ZIP)
async def export_own_data(
    principal: Authenticated, session: SessionDep, services: ServicesDep, storage: StorageDep
) -> Response:
    """Everything the caller wrote or the platform stores about them."""
    person = principal.person
    await ratelimit.enforce(session, OWN_EXPORTS, person.id, services.clock.now())
    await session.commit()  # the hit counts even if building the archive fails
    scope = Scope(person.id, person.login_email)
    return await _archive(session, services, storage, scope, "venuely-data")


@router.delete("/persons/me", status_code=204)
async def delete_own_account(
    principal: Authenticated,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
    body: Annotated[DeleteMeIn | None, Body()] = None,
) -> Response:
    """Erase the caller's account and everything naming them; their chat messages stay with
    the sender cleared. The account's password is required when it has one."""
    person = principal.person
    await _check_password(session, services, person, body.Password if body else None)
    erased = await erase.erase_person(session, person.id)
    await _finish(session, services, storage, person.id, erased)
    return Response(status_code=204)


@router.get(
    "/events/{EventID}/people/{PersonID}/data-export", response_class=Response, responses=ZIP
)
async def export_attendee_data(
    access: EventAdmin,
    person_id: PersonIdPath,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> Response:
    """On an attendee's request: their data in this event, and their profile."""
    person = await _attendee(session, access.event, person_id)
    scope = Scope(person.id, person.login_email, access.event.id)
    return await _archive(session, services, storage, scope, f"venuely-{access.event.id}")


@router.delete("/events/{EventID}/people/{PersonID}/data", status_code=204)
async def erase_attendee_data(
    access: EventAdmin,
    person_id: PersonIdPath,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> Response:
    """Erase what the attendee has in this event, their registration included; their account
    and other events stay. Refused on an organizer of the event."""
    person = await _attendee(session, access.event, person_id)
    await _check_not_organizer(session, access.event, person)
    erased = await erase.erase_person_in_event(session, access.event.id, person.id)
    await _finish(session, services, storage, person.id, erased)
    return Response(status_code=204)


async def _archive(
    session: AsyncSession, services: Services, storage: Storage, scope: Scope, name: str
) -> Response:
    data = await build_export(session, storage, scope, services.clock.now())
    headers = {
        "Content-Disposition": f'attachment; filename="{name}.zip"',
        "Cache-Control": "private, no-store",
    }
    return Response(content=data, media_type="application/zip", headers=headers)


async def _finish(
    session: AsyncSession,
    services: Services,
    storage: Storage,
    person_id: str,
    erased: erase.Erased,
) -> None:
    """Commit, then what must follow the commit: the sockets of revoked sessions close (a
    reconnect finds no session), and the bytes of blobs nothing names any more go."""
    await session.commit()
    await close_person_connections(services, person_id)
    await blobs.remove_bytes(storage, erased.blobs)


async def _check_password(
    session: AsyncSession, services: Services, person: Person, password: str | None
) -> None:
    if person.password_hash is None:
        return  # signed in through a provider: the token is all there is
    now = services.clock.now()
    if await ratelimit.is_exceeded(session, DELETE_ATTEMPTS, person.id, now):
        # Counts this try too and answers 429 with its Retry-After.
        await ratelimit.enforce(session, DELETE_ATTEMPTS, person.id, now)
    if password is None or not await verify_password_async(person.password_hash, password):
        await ratelimit.record(session, DELETE_ATTEMPTS, person.id, now)
        await session.commit()  # the failure counts although the answer is an error
        raise ApiError(
            ErrorCode.PASSWORD_INCORRECT,
            "Enter your account's password to delete it",
            {"PersonID": person.id},
        )


async def _attendee(session: AsyncSession, event: Event, person_id: str) -> Person:
    """The person, if they registered for the event; other persons do not exist here."""
    person = await session.get(Person, person_id)
    if person is None or await session.get(Attendee, (event.id, person_id)) is None:
        raise ApiError(
            ErrorCode.PERSON_NOT_FOUND, "No such attendee in this event", {"PersonID": person_id}
        )
    return person


async def _check_not_organizer(session: AsyncSession, event: Event, person: Person) -> None:
    grants = list(await session.scalars(select(Admin).where(Admin.person_id == person.id)))
    if Principal(person, "", NULL_ID, grants).admins_event(event):
        raise ApiError(
            ErrorCode.CONFLICT,
            "This person organizes the event: take their admin rights away first",
            {"PersonID": person.id},
        )
